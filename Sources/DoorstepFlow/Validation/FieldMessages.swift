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
            guard let required = requiredTemplate(field) else { return ("Please fill this in.", [:]) }
            if required.contains("{label}") { values["label"] = label.lowercased() }
            text = required
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
        case "too_few_items":
            values["minimum"] = "\(field.minLength ?? 1)"
            text = "Please add at least {minimum}."
        case "too_many_items":
            values["maximum"] = "\(field.maxLength ?? FieldValidator.defaultListLimit)"
            text = "That's more than {maximum} items."
        case "unchanged":
            values["label"] = label.lowercased()
            text = "Is this your {label}? Change it, or continue to keep it."
        default: text = templates[code] ?? "{label} isn't valid."
        }
        let used = Set(TextTemplate.keys(in: text))
        return (text, values.filter { used.contains($0.key) })
    }

    /// What an answer left empty is told, by the field's kind; nil for a text field without a label.
    private static func requiredTemplate(_ field: FieldDefinition) -> String? {
        switch field.kind {
        case .singleChoice, .multiChoice: "Please choose an option."
        case .bool: "Please tick the box to continue."
        case .image: "Please add a photo."
        case .stringList: "Please add at least one item."
        default: field.label == nil ? nil : "Please enter your {label}."
        }
    }

    /// The templates that need nothing of the field but its label.
    private static let templates: [String: String] = [
        "wrong_type": "{label} has an answer of the wrong kind.",
        "invalid_email": "Please enter a valid email address.",
        "invalid_characters": "{label} contains characters that aren't allowed.",
        "must_accept": "Please accept to continue.",
        "invalid_date": "Please enter a real date.",
        "date_in_future": "{label} can't be in the future.",
        "date_too_early": "{label} is too far in the past.",
        "invalid_time": "Please enter a time between 00:00 and 23:59.",
        "not_an_option": "Please choose one of the options.",
        "duplicate_item": "That item is already on the list.",
        "empty_item": "One of the items isn't valid.",
        "invalid_item": "One of the items isn't valid.",
        "invalid_name": "Please enter a name using letters only.",
        "invalid_city": "Please enter a city name.",
        "invalid_code": "Enter the 6-digit code.",
        "invalid_phone": "Please enter a valid phone number.",
        "invalid_email_or_phone": "Enter an email address or a phone number.",
        "invalid_invite_code": "Invite codes have 8 letters and numbers.",
        "invalid_image": "That photo can't be used.",
        "mismatch": "The passwords don't match.",
    ]

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
