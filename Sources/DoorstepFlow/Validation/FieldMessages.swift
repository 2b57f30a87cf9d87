/// The default words for each issue code; a field's `messages` replace them.
enum FieldMessages {
    static func text(for code: String, _ field: FieldDefinition) -> String {
        let name = field.label ?? "This field"
        switch code {
        case "required":
            switch field.kind {
            case .singleChoice, .multiChoice: return "Please choose an option."
            case .bool: return "Please tick the box to continue."
            case .image: return "Please add a photo."
            case .stringList: return "Please add at least one item."
            default: return field.label.map { "Please enter your \($0.lowercased())." } ?? "Please fill this in."
            }
        case "wrong_type": return "\(name) has an answer of the wrong kind."
        case "invalid_email": return "Please enter a valid email address."
        case "invalid_characters": return "\(name) contains characters that aren't allowed."
        case "too_short":
            let minimum = field.minLength ?? PasswordPolicy.minimumLength
            return "\(name) must be at least \(minimum) characters."
        case "too_long":
            let maximum =
                field.maxLength
                ?? (field.kind == .password ? PasswordPolicy.maximumLength : FieldValidator.defaultTextLimit)
            return "\(name) must be at most \(maximum) characters."
        case "below_minimum": return "\(name) must be at least \(field.min ?? 0)."
        case "above_maximum": return "\(name) must be at most \(field.max ?? 0)."
        case "must_accept": return "Please accept to continue."
        case "invalid_date": return "Please enter a real date."
        case "date_in_future": return "\(name) can't be in the future."
        case "date_too_early": return "\(name) is too far in the past."
        case "invalid_time": return "Please enter a time between 00:00 and 23:59."
        case "not_an_option": return "Please choose one of the options."
        case "too_few_items": return "Please add at least \(field.minLength ?? 1)."
        case "too_many_items": return "That's more than \(field.maxLength ?? FieldValidator.defaultListLimit) items."
        case "duplicate_item": return "That item is already on the list."
        case "empty_item", "invalid_item": return "One of the items isn't valid."
        case "invalid_name": return "Please enter a name using letters only."
        case "invalid_city": return "Please enter a city name."
        case "invalid_code": return "Enter the 6-digit code."
        case "invalid_phone": return "Please enter a valid phone number."
        case "invalid_email_or_phone": return "Enter an email address or a phone number."
        case "invalid_invite_code": return "Invite codes have 8 letters and numbers."
        case "invalid_image": return "That photo can't be used."
        case "mismatch": return "The passwords don't match."
        default: return "\(name) isn't valid."
        }
    }
}
