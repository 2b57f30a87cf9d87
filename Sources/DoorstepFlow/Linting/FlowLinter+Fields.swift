extension FlowLinter {
    // MARK: - Fields

    mutating func checkFields() {
        let context = ValidationContext(answers: exampleAnswers, today: CalendarDate(year: 9999, month: 12, day: 31)!)
        for field in flow.fields {
            if field.kind == .int {
                if let min = field.min, let max = field.max, min > max {
                    add(field: field.id, "\"min\" is greater than \"max\"")
                }
                if let initial = field.initial?.intValue, let min = field.min, let max = field.max, min <= max,
                    !(min...max).contains(initial)
                {
                    add(field: field.id, "the initial value \(initial) lies outside \(min)–\(max)")
                }
            }
            if field.kind == .singleChoice || field.kind == .multiChoice {
                if (field.options ?? []).isEmpty && field.optionsFrom == nil {
                    add(field: field.id, "a choice field needs \"options\" or \"optionsFrom\"")
                }
                for duplicate in duplicates((field.options ?? []).map(\.value)) {
                    add(field: field.id, "option \"\(duplicate)\" is listed twice")
                }
            }
            if field.confirmsInitial == true, field.initial == nil {
                add(field: field.id, "\"confirmsInitial\" asks about an \"initial\" value the field does not have")
            }
            if let other = field.matches, index.fields[other] == nil {
                add(field: field.id, "it must match \"\(other)\", which does not exist")
            }
            if let example = field.example {
                var checked = field
                if field.optionsFrom != nil { checked.options = nil }
                if field.optionsFrom == nil,
                    let issue = FieldValidator.issue(for: example, in: checked, context: context)
                {
                    add(field: field.id, "its example is refused: \(issue.message)")
                }
            } else if field.isRequired && field.kind != .image && !isSetByTransitions(field.id) {
                add(field: field.id, "a required field needs an \"example\" so the flow can be simulated")
            }
        }
    }

    private var exampleAnswers: [String: Value] {
        Dictionary(
            flow.fields.compactMap { field in field.example.map { (field.id, $0) } },
            uniquingKeysWith: { first, _ in first })
    }

    private func isSetByTransitions(_ field: String) -> Bool {
        flow.transitions.contains { ($0.sets ?? [:])[field] != nil }
            || flow.transitions.contains { ($0.effects ?? []).contains { ($0.defaults ?? [:])[field] != nil } }
    }

    // MARK: - Blocks

    mutating func check(_ block: Block, on screen: Screen) {
        checkBinding(block, on: screen)
        if [.card, .socialButton, .resendTimer].contains(block.kind) {
            if let action = block.action {
                if screen.action(action) == nil {
                    add(screen: screen.id, "a \(block.kind.rawValue) block triggers unknown action \"\(action)\"")
                }
            } else {
                add(screen: screen.id, "a \(block.kind.rawValue) block needs an \"action\"")
            }
        }
        checkPaywall(block, on: screen)
        if block.autofocus == true && block.kind != .textField {
            add(screen: screen.id, "a \(block.kind.rawValue) block cannot take focus; only a textField can")
        }
        if let cards = block.placeholders {
            if block.kind != .progress {
                add(
                    screen: screen.id,
                    "a \(block.kind.rawValue) block cannot have placeholders; only a progress block can")
            } else if !(1...6).contains(cards) {
                add(screen: screen.id, "a progress block draws 1 to 6 placeholder cards, not \(cards)")
            }
        }
        if [.heading, .text].contains(block.kind) && (block.text ?? "").isEmpty {
            add(screen: screen.id, "a \(block.kind.rawValue) block needs \"text\"")
        }
        if block.kind == .narration && (block.lines ?? []).isEmpty {
            add(screen: screen.id, "a narration block needs \"lines\"")
        }
        if block.kind == .markdown && block.text == nil && block.source == nil {
            add(screen: screen.id, "a markdown block needs \"text\" or \"source\"")
        }
        if let style = block.style, flow.theme.textStyle(style) == nil {
            add(screen: screen.id, "type style \"\(style)\" is not in the theme")
        }
        if let color = block.color, flow.theme.color(color) == nil {
            add(screen: screen.id, "colour \"\(color)\" is not in the theme")
        }
        let texts = [block.text, block.label, block.placeholder, block.helper].compactMap { $0 } + (block.lines ?? [])
        var keys = texts.flatMap(TextTemplate.keys) + (block.visibleWhen?.keys ?? [])
        if let source = block.source { keys.append(source) }
        checkKeys(keys, screen: screen.id, context: "a \(block.kind.rawValue) block")
    }

    /// The fields an input block is bound to exist and have a kind the block can hold.
    private mutating func checkBinding(_ block: Block, on screen: Screen) {
        let allowed = FieldKinds.allowed(for: block.kind)
        for fieldID in [block.field, block.confirmField].compactMap({ $0 }) {
            guard let field = index.fields[fieldID] else {
                add(screen: screen.id, field: fieldID, "a \(block.kind.rawValue) block is bound to a missing field")
                continue
            }
            if !allowed.contains(field.kind) {
                add(
                    screen: screen.id, field: fieldID,
                    "a \(block.kind.rawValue) block cannot hold a \(field.kind.rawValue) field")
            }
            if block.kind == .stepper && (field.min == nil || field.max == nil) {
                add(screen: screen.id, field: fieldID, "a stepper needs \"min\" and \"max\" on its field")
            }
        }
        if !allowed.isEmpty && block.field == nil && block.kind != .avatar {
            add(screen: screen.id, "a \(block.kind.rawValue) block needs a \"field\"")
        }
    }

    // MARK: - Use and reach

    mutating func checkFieldUse() {
        var used = Set<String>()
        for screen in flow.screens {
            used.formUnion(screen.boundFields)
            for block in screen.blocks {
                used.formUnion(([block.text].compactMap { $0 } + (block.lines ?? [])).flatMap(TextTemplate.keys))
                used.formUnion(block.visibleWhen?.keys ?? [])
            }
            for action in screen.actions {
                used.formUnion(action.requires ?? [])
                used.formUnion(action.visibleWhen?.keys ?? [])
            }
        }
        for transition in flow.transitions {
            used.formUnion((transition.sets ?? [:]).keys)
            used.formUnion(transition.when?.keys ?? [])
            used.formUnion((transition.branches ?? []).flatMap { $0.when?.keys ?? [] })
            for call in transition.effects ?? [] {
                used.formUnion((call.args ?? [:]).values.flatMap(Self.argumentKeys))
                used.formUnion(call.when?.keys ?? [])
            }
        }
        used.formUnion(flow.entry.flatMap { $0.when?.keys ?? [] })
        for field in flow.fields where !used.contains(field.id) {
            add(field: field.id, "no screen, condition or effect uses this field")
        }
    }

    mutating func checkReachability() {
        var reached: Set<String> = [flow.start]
        var queue = [flow.start] + flow.entry.map(\.go).filter { index.screens[$0] != nil }
        reached.formUnion(queue)
        var outgoing: [String: [String]] = [:]
        for transition in flow.transitions {
            outgoing[transition.from, default: []] += transition.destinations
        }
        while let screen = queue.popLast() {
            for next in outgoing[screen] ?? [] where reached.insert(next).inserted {
                queue.append(next)
            }
        }
        for screen in flow.screens where !reached.contains(screen.id) {
            add(screen: screen.id, "no way leads to this screen from the start or the entry rules")
        }
    }

    mutating func checkEntryAndMigrations() {
        for rule in flow.entry where rule.go != "start" && rule.go != "resume" && index.screens[rule.go] == nil {
            add(location: "entry", "a rule goes to unknown screen \"\(rule.go)\"")
        }
        checkKeys(flow.entry.flatMap { $0.when?.keys ?? [] }, screen: nil, context: "an entry rule")
        for migration in flow.migrations {
            let location = "migration from version \(migration.from)"
            if migration.from >= flow.version {
                add(location: location, "it must start from a version older than \(flow.version)")
            }
            for (old, new) in migration.screens ?? [:] where index.screens[new] == nil {
                add(location: location, "screen \"\(old)\" maps to \"\(new)\", which does not exist")
            }
            for (old, new) in migration.fields ?? [:] where index.fields[new] == nil {
                add(location: location, "field \"\(old)\" maps to \"\(new)\", which does not exist")
            }
        }
    }
}
