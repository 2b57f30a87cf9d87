import Foundation

extension FlowEngine {
    /// What the host must do on showing the current screen: schedule its timers, and re-issue an
    /// effect that was under way when the snapshot was saved.
    public func enteringCommands() -> [FlowCommand] {
        var commands = timerCommands(for: screen)
        if let pending = snapshot.pending, let request = request(for: pending) {
            commands.append(.perform(request))
        }
        return commands
    }

    /// The blocks of the current screen that show now.
    public var visibleBlocks: [Block] {
        screen.blocks.filter { $0.visibleWhen?.holds(value) ?? true }
    }

    /// The actions of the current screen that show now.
    public var visibleActions: [Action] {
        screen.actions.filter(isVisible)
    }

    /// The visible action with this id, if any.
    public func visibleAction(_ id: String) -> Action? {
        screen.action(id).flatMap { isVisible($0) ? $0 : nil }
    }

    func isVisible(_ action: Action) -> Bool {
        action.visibleWhen?.holds(value) ?? true
    }

    /// Whether an action can be tapped now: nothing is running, its answers are valid and its cooldown
    /// is over. Renderers draw it disabled otherwise.
    public func isEnabled(_ actionID: String, at now: Date) -> Bool {
        guard snapshot.pending == nil, let action = visibleAction(actionID) else { return false }
        if let cooldown = action.cooldown, let last = snapshot.effectTimes[cooldown.effect],
            !ResendCountdown(sentAt: last, seconds: cooldown.seconds).canResend(at: now)
        {
            return false
        }
        return issues(blocking: action, at: now).isEmpty
    }

    /// The problem shown next to a field, if any.
    public func issue(for field: String) -> FieldIssue? {
        snapshot.issues.first { $0.field == field }
    }

    /// Whether effects are running (buttons show their loading titles).
    public var isBusy: Bool { snapshot.pending != nil }

    /// Texts with `{placeholders}` filled from answers and results.
    public func render(_ template: String) -> String {
        TextTemplate.render(template, value)
    }

    /// The options a choice field offers now, including options an effect delivered.
    public func options(for fieldID: String) -> [ChoiceOption] {
        guard let field = index.fields[fieldID] else { return [] }
        // Options do not depend on the date, so any day will do.
        return FieldValidator.options(field, validationContext(at: Date(timeIntervalSince1970: 0)))
    }

    /// What validators need, as of `now`.
    public func validationContext(at now: Date) -> ValidationContext {
        var dynamic: [String: [ChoiceOption]] = [:]
        for field in index.fieldsWithRunTimeOptions {
            guard let key = field.optionsFrom, let list = value(key)?.arrayValue else { continue }
            dynamic[field.id] = list.compactMap(Self.option)
        }
        return ValidationContext(answers: answers, dynamicOptions: dynamic, today: CalendarDate(now, in: timeZone))
    }

    /// The fields an action checks: the screen's visible inputs when it validates, plus its own list.
    public func fieldsChecked(by action: Action) -> [FieldDefinition] {
        var ids: [String] = []
        if action.checksAnswers {
            for block in visibleBlocks where block.isInput {
                ids += [block.field, block.confirmField].compactMap { $0 }
            }
        }
        ids += action.requires ?? []
        var seen = Set<String>()
        return ids.filter { seen.insert($0).inserted }.compactMap { index.fields[$0] }
    }

    /// The problems that keep an action from firing.
    public func issues(blocking action: Action, at now: Date) -> [FieldIssue] {
        let fields = fieldsChecked(by: action)
        guard !fields.isEmpty else { return [] }
        let context = validationContext(at: now)
        let required = Set(action.requires ?? [])
        return fields.compactMap { field in
            var field = field
            if required.contains(field.id) { field.required = true }
            return FieldValidator.issue(for: answer(field.id), in: field, context: context)
        }
    }

    private static func option(_ value: Value) -> ChoiceOption? {
        if let text = value.stringValue { return ChoiceOption(value: text) }
        guard let object = value.objectValue,
            let id = object["id"]?.stringValue ?? object["value"]?.stringValue
        else { return nil }
        let title = object["summary"]?.stringValue ?? object["title"]?.stringValue
        return ChoiceOption(value: id, title: title, detail: object["detail"]?.stringValue)
    }
}
