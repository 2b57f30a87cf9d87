/// Decides which field has focus as a screen shows and where Return goes from each: to the next
/// one-line field, and from the last to the screen's main button.
enum FocusOrder {
    static func apply(to presentation: inout ScreenPresentation) {
        let order = presentation.blocks.flatMap(Self.typedFields)
        let firstWithError = order.first { field(in: presentation, id: $0)?.error != nil }
        let autofocused = order.first { field(in: presentation, id: $0)?.isFocused == true }
        let focused = firstWithError ?? autofocused
        let lastKey: ReturnKey = presentation.defaultAction != nil ? .go : .done
        presentation.focusedField = focused
        for (index, id) in order.enumerated() {
            let next = order.indices.contains(index + 1) ? order[index + 1] : nil
            update(&presentation, id: id) { field in
                field.isFocused = id == focused
                field.returnFocuses = next
                field.returnKey = next != nil ? .next : lastKey
            }
        }
    }

    /// The one-line fields a block holds, in order.
    static func typedFields(_ block: BlockPresentation) -> [String] {
        switch block.content {
        case .textField(let content): return [content.field.id]
        case .codeEntry(let content): return [content.field.id]
        case .password(let content): return [content.field.id] + [content.confirmation?.id].compactMap { $0 }
        case .listBuilder(let content): return [content.field.id]
        default: return []
        }
    }

    static func field(in presentation: ScreenPresentation, id: String) -> FieldPresentation? {
        for block in presentation.blocks {
            switch block.content {
            case .textField(let content) where content.field.id == id: return content.field
            case .codeEntry(let content) where content.field.id == id: return content.field
            case .password(let content) where content.field.id == id: return content.field
            case .password(let content) where content.confirmation?.id == id: return content.confirmation
            case .listBuilder(let content) where content.field.id == id: return content.field
            default: continue
            }
        }
        return nil
    }

    private static func update(
        _ presentation: inout ScreenPresentation, id: String, _ change: (inout FieldPresentation) -> Void
    ) {
        for index in presentation.blocks.indices {
            switch presentation.blocks[index].content {
            case .textField(var content) where content.field.id == id:
                change(&content.field)
                presentation.blocks[index].content = .textField(content)
            case .codeEntry(var content) where content.field.id == id:
                change(&content.field)
                presentation.blocks[index].content = .codeEntry(content)
            case .password(var content) where content.field.id == id:
                change(&content.field)
                presentation.blocks[index].content = .password(content)
            case .password(var content) where content.confirmation?.id == id:
                if var confirmation = content.confirmation {
                    change(&confirmation)
                    content.confirmation = confirmation
                }
                presentation.blocks[index].content = .password(content)
            case .listBuilder(var content) where content.field.id == id:
                change(&content.field)
                presentation.blocks[index].content = .listBuilder(content)
            default: continue
            }
        }
    }
}
