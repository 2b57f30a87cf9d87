/// Which values and blocks suit each field kind.
enum FieldKinds {
    /// Whether a literal value has the shape a field of this kind holds.
    static func accepts(_ kind: FieldDefinition.Kind, _ value: Value) -> Bool {
        switch (kind, value) {
        case (_, .null): return true
        case (.int, .int): return true
        case (.bool, .bool): return true
        case (.multiChoice, .array), (.stringList, .array): return true
        case (.text, .string), (.email, .string), (.password, .string), (.date, .string), (.time, .string),
            (.singleChoice, .string), (.image, .string):
            return true
        default: return false
        }
    }

    /// The field kinds a block can be bound to.
    static func allowed(for block: Block.Kind) -> Set<FieldDefinition.Kind> {
        switch block {
        case .textField: return [.text, .email]
        case .codeEntry: return [.text]
        case .password: return [.password]
        case .checkbox: return [.bool]
        case .stepper: return [.int]
        case .choiceList: return [.singleChoice, .multiChoice]
        case .pills, .voiceAnswer: return [.text, .singleChoice]
        case .datePicker: return [.date]
        case .timePicker: return [.time]
        case .avatar: return [.image]
        case .planCards, .paywall: return [.singleChoice]
        case .listBuilder: return [.stringList]
        default: return []
        }
    }
}
