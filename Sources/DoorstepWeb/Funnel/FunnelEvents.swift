import DoorstepFlow
import DoorstepHTTP

/// What the button a person pressed means: an action or a timer for the engine, or a change to an
/// answer that the page makes itself without script (a stepper step, a quick answer, a list row).
enum FunnelEvents {
    /// The engine event for the form, after applying any answer-only change to `engine`.
    static func event(for form: FunnelForm, engine: inout FlowEngine) -> FlowEvent? {
        if let action = form.value(.action) {
            if let screenAction = engine.visibleAction(action), screenAction.role == .timer {
                return .timerFired(action)
            }
            return .actionTapped(action)
        }
        if let timer = form.value(.timer) { return .timerFired(timer) }
        if let step = form.value(.step), let (field, amount) = split(step) {
            stepper(field, by: amount, in: &engine)
        } else if let pill = form.value(.pill), let (field, index) = split(pill) {
            let pills = engine.visibleBlocks.first { $0.field == field }?.pills ?? []
            if pills.indices.contains(index) {
                engine.handle(.answerChanged(field: field, value: .string(pills[index])), at: .distantPast)
            }
        } else if let (field, item) = FormAnswers.addedEntry(in: form, engine: engine) {
            engine.handle(.itemAdded(field: field, item: item), at: .distantPast)
        } else if let remove = form.value(.remove), let (field, index) = split(remove) {
            let items = (engine.snapshot.answers[field]?.arrayValue ?? []).compactMap(\.stringValue)
            if items.indices.contains(index) {
                let remaining = ListBuilder.removing(at: index, from: items).map(Value.string)
                engine.handle(.answerChanged(field: field, value: .array(remaining)), at: .distantPast)
            }
        }
        return nil
    }

    private static func stepper(_ field: String, by amount: Int, in engine: inout FlowEngine) {
        guard let definition = engine.flow.field(field),
            var stepper = Stepper(field: definition, answer: engine.snapshot.answers[field])
        else { return }
        if amount < 0 { stepper.decrement() } else { stepper.increment() }
        engine.handle(.answerChanged(field: field, value: .int(stepper.value)), at: .distantPast)
    }

    /// `field:number` as its parts.
    private static func split(_ value: String) -> (String, Int)? {
        guard let colon = value.lastIndex(of: ":"), let number = Int(value[value.index(after: colon)...]) else {
            return nil
        }
        return (String(value[..<colon]), number)
    }
}
