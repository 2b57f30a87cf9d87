/// What is wrong with one answer, in words a screen can show next to the field.
public struct FieldIssue: Codable, Sendable, Hashable, Error {
    /// The field the issue belongs to.
    public var field: String
    /// A stable, machine-readable code such as `invalid_email`.
    public var code: String
    /// The words a person reads.
    public var message: String

    /// Creates an issue.
    public init(field: String, code: String, message: String) {
        self.field = field
        self.code = code
        self.message = message
    }
}

/// What a validator needs to know besides the answer itself.
public struct ValidationContext: Sendable {
    /// Every answer given so far, for rules that compare fields.
    public var answers: [String: Value]
    /// Options that replace a field's declared ones, keyed by field id (options from an effect).
    public var dynamicOptions: [String: [ChoiceOption]]
    /// Today's date, for birth dates that may not lie in the future.
    public var today: CalendarDate

    /// Creates a context.
    public init(answers: [String: Value] = [:], dynamicOptions: [String: [ChoiceOption]] = [:], today: CalendarDate) {
        self.answers = answers
        self.dynamicOptions = dynamicOptions
        self.today = today
    }
}
