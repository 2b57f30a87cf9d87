import DoorstepFlow
import DoorstepHTTP

/// Turns a submitted form into answers for the screen's visible inputs, typed as their fields are:
/// a checkbox left unticked is `false`, six code boxes are one code, a number that is not a number
/// stays text so the field's validator explains the problem.
enum FormAnswers {
    /// Whether the form sends an answer longer than a person could type into the screen, by its field's
    /// own limit (``FieldValidator/keptScalars(of:)``): such a form is refused whole and nothing of it
    /// is kept.
    static func isOversized(_ form: FunnelForm, engine: FlowEngine) -> Bool {
        for block in engine.visibleBlocks where block.isInput && block.kind != .avatar {
            for fieldID in [block.field, block.confirmField].compactMap({ $0 }) {
                guard let field = engine.flow.field(fieldID) else { continue }
                let sent = form.all(fieldID)
                let isList = field.kind == .stringList || field.kind == .multiChoice || block.kind == .codeEntry
                if sent.count > (isList ? FieldValidator.keptItems(of: field) : 1) { return true }
                let scalars = sent.reduce(0) { $0 + $1.unicodeScalars.count }
                if scalars > FieldValidator.keptScalars(of: field) * (isList ? 2 : 1) { return true }
            }
        }
        return false
    }

    /// The entry a list's Add button sent: its list field and the text of its entry box, which is the
    /// list's last input. The entry goes through the engine's check, not straight into the list.
    static func addedEntry(in form: FunnelForm, engine: FlowEngine) -> (field: String, item: String)? {
        guard let field = form.value(.add), engine.flow.field(field)?.kind == .stringList else { return nil }
        return (field, form.all(field).last ?? "")
    }

    static func answers(from form: FunnelForm, engine: FlowEngine) -> [(field: String, value: Value?)] {
        var answers: [(String, Value?)] = []
        let added = addedEntry(in: form, engine: engine)
        for block in engine.visibleBlocks where block.isInput && block.kind != .avatar {
            for fieldID in [block.field, block.confirmField].compactMap({ $0 }) {
                guard let field = engine.flow.field(fieldID) else { continue }
                if block.kind == .checkbox || field.kind == .bool {
                    answers.append((fieldID, .bool(form.value(fieldID) != nil)))
                    continue
                }
                var sent = form.all(fieldID)
                if added?.field == fieldID { sent = Array(sent.dropLast()) }
                if sent.isEmpty, field.kind != .multiChoice, field.kind != .stringList { continue }
                answers.append((fieldID, value(sent, block: block, field: field)))
            }
        }
        return answers
    }

    private static func value(_ sent: [String], block: Block, field: FieldDefinition) -> Value? {
        switch field.kind {
        case .multiChoice:
            return .array(sent.map(Value.string))
        case .stringList:
            let items = sent.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            return .array(items.map(Value.string))
        case .int:
            let text = sent.first?.trimmingCharacters(in: .whitespaces) ?? ""
            if text.isEmpty { return nil }
            return Int(text).map(Value.int) ?? .string(text)
        case .password:
            let text = sent.first ?? ""
            return text.isEmpty ? nil : .string(text)
        default:
            let text = block.kind == .codeEntry ? sent.joined().filter { !$0.isWhitespace } : (sent.first ?? "")
            return text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : .string(text)
        }
    }
}
