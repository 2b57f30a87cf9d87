import DoorstepFlow

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

    static func answers(from form: FunnelForm, engine: FlowEngine) -> [(field: String, value: Value?)] {
        var answers: [(String, Value?)] = []
        for block in engine.visibleBlocks where block.isInput && block.kind != .avatar {
            for fieldID in [block.field, block.confirmField].compactMap({ $0 }) {
                guard let field = engine.flow.field(fieldID) else { continue }
                if block.kind == .checkbox || field.kind == .bool {
                    answers.append((fieldID, .bool(form.value(fieldID) != nil)))
                    continue
                }
                var sent = form.all(fieldID)
                // Add's entry box is the list's last input: the entry goes through the engine's check
                // (``FunnelEvents``), not straight into the list.
                if field.kind == .stringList, form.value("_add") == fieldID { sent = Array(sent.dropLast()) }
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
