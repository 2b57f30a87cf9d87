/// The default words for each issue code; a field's `messages` replace them. Each is a template
/// with `{label}` (the field's label, or "This field"), `{minimum}` and `{maximum}`, so a flow's
/// String Catalog translates the defaults its fields can show (see ``FlowStrings``).
enum FieldMessages {
    static func text(for code: String, _ field: FieldDefinition) -> String {
        let message = template(for: code, field)
        return TextTemplate.render(message.text) { message.values[$0].map(Value.string) }
    }

    /// The template for `code` on `field`, and the values it is filled with.
    static func template(for code: String, _ field: FieldDefinition) -> (text: String, values: [String: String]) {
        let label = field.label ?? unlabelled
        var values = ["label": label]
        let text: String
        switch code {
        case "required":
            switch field.kind {
            case .singleChoice, .multiChoice: text = "Please choose an option."
            case .bool: text = "Please tick the box to continue."
            case .image: text = "Please add a photo."
            case .stringList: text = "Please add at least one item."
            default:
                guard let written = field.label else { return ("Please fill this in.", [:]) }
                values["label"] = written.lowercased()
                text = "Please enter your {label}."
            }
        case "wrong_type": text = "{label} has an answer of the wrong kind."
        case "invalid_email": text = "Please enter a valid email address."
        case "invalid_characters": text = "{label} contains characters that aren't allowed."
        case "too_short":
            values["minimum"] = "\(field.minLength ?? PasswordPolicy.minimumLength)"
            text = "{label} must be at least {minimum} characters."
        case "too_long":
            let maximum =
                field.maxLength
                ?? (field.kind == .password ? PasswordPolicy.maximumLength : FieldValidator.defaultTextLimit)
            values["maximum"] = "\(maximum)"
            text = "{label} must be at most {maximum} characters."
        case "below_minimum":
            values["minimum"] = "\(field.min ?? 0)"
            text = "Please enter {minimum} or more."
        case "above_maximum":
            values["maximum"] = "\(field.max ?? 0)"
            text = "Please enter {maximum} or less."
        case "must_accept": text = "Please accept to continue."
        case "invalid_date": text = "Please enter a real date."
        case "date_in_future": text = "{label} can't be in the future."
        case "date_too_early": text = "{label} is too far in the past."
        case "invalid_time": text = "Please enter a time between 00:00 and 23:59."
        case "not_an_option": text = "Please choose one of the options."
        case "too_few_items":
            values["minimum"] = "\(field.minLength ?? 1)"
            text = "Please add at least {minimum}."
        case "too_many_items":
            values["maximum"] = "\(field.maxLength ?? FieldValidator.defaultListLimit)"
            text = "That's more than {maximum} items."
        case "duplicate_item": text = "That item is already on the list."
        case "empty_item", "invalid_item": text = "One of the items isn't valid."
        case "invalid_name": text = "Please enter a name using letters only."
        case "invalid_city": text = "Please enter a city name."
        case "invalid_code": text = "Enter the 6-digit code."
        case "invalid_phone": text = "Please enter a valid phone number."
        case "invalid_email_or_phone": text = "Enter an email address or a phone number."
        case "invalid_invite_code": text = "Invite codes have 8 letters and numbers."
        case "invalid_image": text = "That photo can't be used."
        case "mismatch": text = "The passwords don't match."
        case "unchanged":
            values["label"] = label.lowercased()
            text = "Is this your {label}? Change it, or continue to keep it."
        default: text = "{label} isn't valid."
        }
        let used = Set(TextTemplate.keys(in: text))
        return (text, values.filter { used.contains($0.key) })
    }

    /// What a field without a label is called in a message.
    static let unlabelled = "This field"

    /// The codes an answer to `field` can be refused with, as ``FieldValidator`` checks it.
    static func codes(for field: FieldDefinition) -> [String] {
        var codes = ["required"]
        switch field.kind {
        case .text, .password:
            codes += ["invalid_characters", "too_long"]
            if field.kind == .password || field.minLength != nil { codes.append("too_short") }
            if let rule = field.rule { codes.append(ruleCode(rule)) }
        case .email: codes.append("invalid_email")
        case .int:
            if field.min != nil { codes.append("below_minimum") }
            if field.max != nil { codes.append("above_maximum") }
        case .bool: if field.mustBeTrue == true { codes.append("must_accept") }
        case .date:
            codes.append("invalid_date")
            if field.notInFuture == true { codes.append("date_in_future") }
            if field.earliest != nil { codes.append("date_too_early") }
        case .time: codes.append("invalid_time")
        case .singleChoice, .multiChoice: codes.append("not_an_option")
        case .stringList:
            codes += ["too_few_items", "too_many_items", "duplicate_item", "invalid_item"]
            if let rule = field.rule { codes.append(ruleCode(rule)) }
        case .image: codes.append("invalid_image")
        }
        if field.matches != nil { codes.append("mismatch") }
        if field.confirmsInitial == true { codes.append("unchanged") }
        return codes
    }
}

extension FieldMessages {
    /// The code a text rule refuses an answer with.
    static func ruleCode(_ rule: FieldDefinition.TextRule) -> String {
        switch rule {
        case .name: "invalid_name"
        case .city: "invalid_city"
        case .code: "invalid_code"
        case .phone: "invalid_phone"
        case .inviteCode: "invalid_invite_code"
        case .email: "invalid_email"
        case .emailOrPhone: "invalid_email_or_phone"
        }
    }
}
