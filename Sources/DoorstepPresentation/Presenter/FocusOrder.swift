/// Decides which field has focus as a screen shows and where Return goes from each: to the next
/// one-line field, and from the last to the screen's main button.
enum FocusOrder {
    static func apply(to presentation: inout ScreenPresentation) {
        let fields = presentation.blocks.flatMap(\.content.typedFields)
        let focused = (fields.first { $0.error != nil } ?? fields.first { $0.isFocused })?.id
        let lastKey: ReturnKey = presentation.defaultAction != nil ? .go : .done
        var next: [String: String] = [:]
        for (field, following) in zip(fields, fields.dropFirst()) { next[field.id] = following.id }
        presentation.focusedField = focused
        for index in presentation.blocks.indices {
            presentation.blocks[index].content.updateTypedFields { field in
                field.isFocused = field.id == focused
                field.returnFocuses = next[field.id]
                field.returnKey = next[field.id] != nil ? .next : lastKey
            }
        }
    }
}

extension BlockContent {
    /// The one-line fields the block holds, in order: what focus and Return move through.
    public var typedFields: [FieldPresentation] {
        switch self {
        case .textField(let content): return [content.field]
        case .codeEntry(let content): return [content.field]
        case .password(let content): return [content.field] + [content.confirmation].compactMap { $0 }
        case .listBuilder(let content): return [content.field]
        default: return []
        }
    }

    /// The one-line field with this id, if the block holds it.
    public func field(_ id: String) -> FieldPresentation? {
        typedFields.first { $0.id == id }
    }

    mutating func updateTypedFields(_ change: (inout FieldPresentation) -> Void) {
        switch self {
        case .textField(var content):
            change(&content.field)
            self = .textField(content)
        case .codeEntry(var content):
            change(&content.field)
            self = .codeEntry(content)
        case .password(var content):
            change(&content.field)
            if var confirmation = content.confirmation {
                change(&confirmation)
                content.confirmation = confirmation
            }
            self = .password(content)
        case .listBuilder(var content):
            change(&content.field)
            self = .listBuilder(content)
        default:
            break
        }
    }
}
