import Foundation

/// Checks one answer against its field's rules. The app, the web funnel and the server all call this,
/// so an answer the app accepted is never refused by the server, and the other way round.
public enum FieldValidator {
    /// Longest free text accepted where a field sets no `maxLength`.
    public static let defaultTextLimit = 2_000
    /// Most items accepted in a list where a field sets no `maxLength`.
    public static let defaultListLimit = 50

    /// The most Unicode scalars a host keeps of one text answer to `field` (or of one item of a list)
    /// while its validator explains what is wrong: generous beyond the field's own limit, which counts
    /// characters of many scalars each (emoji, combining marks), yet small enough that a form cannot
    /// fill storage. A host refuses anything longer outright.
    public static func keptScalars(of field: FieldDefinition) -> Int {
        let maximum =
            switch field.kind {
            case .password: field.maxLength ?? PasswordPolicy.maximumLength
            case .stringList, .multiChoice: defaultTextLimit
            default: field.maxLength ?? defaultTextLimit
            }
        return maximum * 8 + 64
    }

    /// The most items a host keeps of one list answer to `field`.
    public static func keptItems(of field: FieldDefinition) -> Int {
        (field.maxLength ?? defaultListLimit) + (field.options?.count ?? 0) + 8
    }

    /// The issue with `value` as an answer to `field`, or `nil` when it is acceptable.
    public static func issue(for value: Value?, in field: FieldDefinition, context: ValidationContext) -> FieldIssue? {
        guard let value, !value.isEmpty else {
            return field.isRequired ? problem(field, "required") : nil
        }
        if let code = kindIssue(value, field, context) {
            return problem(field, code)
        }
        if let other = field.matches, context.answers[other] != value {
            return problem(field, "mismatch")
        }
        return nil
    }

    /// Every issue among `answers` for `fields`, in field order.
    public static func issues(
        for answers: [String: Value], in fields: [FieldDefinition], context: ValidationContext
    ) -> [FieldIssue] {
        fields.compactMap { issue(for: answers[$0.id], in: $0, context: context) }
    }

    // swiftlint:disable:next cyclomatic_complexity
    private static func kindIssue(_ value: Value, _ field: FieldDefinition, _ context: ValidationContext) -> String? {
        switch field.kind {
        case .text, .password:
            guard let text = value.stringValue else { return "wrong_type" }
            return textIssue(text, field)
        case .email:
            guard let text = value.stringValue else { return "wrong_type" }
            return EmailAddress.isValid(text) ? nil : "invalid_email"
        case .int:
            guard let number = value.intValue else { return "wrong_type" }
            if let min = field.min, number < min { return "below_minimum" }
            if let max = field.max, number > max { return "above_maximum" }
            return nil
        case .bool:
            guard let flag = value.boolValue else { return "wrong_type" }
            return field.mustBeTrue == true && !flag ? "must_accept" : nil
        case .date:
            guard let text = value.stringValue else { return "wrong_type" }
            return dateIssue(text, field, context)
        case .time:
            guard let text = value.stringValue else { return "wrong_type" }
            return ClockTime(text) == nil ? "invalid_time" : nil
        case .singleChoice:
            guard let choice = value.stringValue else { return "wrong_type" }
            return options(field, context).contains { $0.value == choice } ? nil : "not_an_option"
        case .multiChoice:
            guard let choices = value.arrayValue?.compactMap(\.stringValue), choices.count == value.arrayValue?.count
            else { return "wrong_type" }
            let allowed = Set(options(field, context).map(\.value))
            guard choices.allSatisfy(allowed.contains) else { return "not_an_option" }
            return countIssue(choices.count, field)
        case .stringList:
            guard let items = value.arrayValue?.compactMap(\.stringValue), items.count == value.arrayValue?.count
            else { return "wrong_type" }
            if let issue = countIssue(items.count, field) { return issue }
            if Set(items.map { $0.lowercased() }).count != items.count { return "duplicate_item" }
            return items.lazy.compactMap { itemIssue($0, field) }.first
        case .image:
            guard let reference = value.stringValue else { return "wrong_type" }
            return reference.count <= 2_048 && !TextRules.hasControlCharacters(reference) ? nil : "invalid_image"
        }
    }

    private static func textIssue(_ text: String, _ field: FieldDefinition) -> String? {
        if TextRules.hasControlCharacters(text) { return "invalid_characters" }
        let isPassword = field.kind == .password
        let counted = isPassword ? text : text.trimmingCharacters(in: .whitespacesAndNewlines)
        let minimum = field.minLength ?? (isPassword ? PasswordPolicy.minimumLength : 0)
        let maximum = field.maxLength ?? (isPassword ? PasswordPolicy.maximumLength : defaultTextLimit)
        if counted.count < minimum { return "too_short" }
        // A password's most is counted in code points, as the server and its API schema count it.
        if (isPassword ? counted.unicodeScalars.count : counted.count) > maximum { return "too_long" }
        guard let rule = field.rule else { return nil }
        return ruleIssue(text, rule)
    }

    private static func ruleIssue(_ text: String, _ rule: FieldDefinition.TextRule) -> String? {
        switch rule {
        case .name: return TextRules.isValidName(text) ? nil : "invalid_name"
        case .city: return TextRules.isValidCity(text) ? nil : "invalid_city"
        case .code: return TextRules.isValidCode(text) ? nil : "invalid_code"
        case .phone: return TextRules.isValidPhone(text) ? nil : "invalid_phone"
        case .inviteCode: return InviteCode.isWellFormed(text) ? nil : "invalid_invite_code"
        case .email: return EmailAddress.isValid(text) ? nil : "invalid_email"
        case .emailOrPhone:
            return EmailAddress.isValid(text) || TextRules.isValidPhone(text) ? nil : "invalid_email_or_phone"
        }
    }

    private static func itemIssue(_ item: String, _ field: FieldDefinition) -> String? {
        if item.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return "empty_item" }
        if TextRules.hasControlCharacters(item) || item.count > 320 { return "invalid_item" }
        guard let rule = field.rule else { return nil }
        return ruleIssue(item, rule)
    }

    private static func countIssue(_ count: Int, _ field: FieldDefinition) -> String? {
        if let minimum = field.minLength, count < minimum { return "too_few_items" }
        if count > (field.maxLength ?? defaultListLimit) { return "too_many_items" }
        return nil
    }

    private static func dateIssue(_ text: String, _ field: FieldDefinition, _ context: ValidationContext) -> String? {
        guard let date = CalendarDate(text) else { return "invalid_date" }
        if field.notInFuture == true, date > context.today { return "date_in_future" }
        if let earliest = field.earliest.flatMap(CalendarDate.init), date < earliest { return "date_too_early" }
        return nil
    }

    /// The options a choice field offers now: run-time options when an effect supplied them.
    public static func options(_ field: FieldDefinition, _ context: ValidationContext) -> [ChoiceOption] {
        context.dynamicOptions[field.id] ?? field.options ?? []
    }

    private static func problem(_ field: FieldDefinition, _ code: String) -> FieldIssue {
        FieldIssue(field: field.id, code: code, message: message(for: code, in: field))
    }

    /// The words shown when an answer to `field` is refused with `code`: the field's own, else the default.
    public static func message(for code: String, in field: FieldDefinition) -> String {
        field.messages?[code] ?? FieldMessages.text(for: code, field)
    }

    /// Every code an answer to `field` can be refused with.
    public static func codes(for field: FieldDefinition) -> [String] {
        FieldMessages.codes(for: field)
    }

    /// The code an answer of the wrong form is refused with, where the field has a form to keep.
    public static func formCode(of field: FieldDefinition) -> String? {
        switch field.kind {
        case .email: return "invalid_email"
        case .text, .password: return field.rule.map(FieldMessages.ruleCode)
        default: return nil
        }
    }
}
