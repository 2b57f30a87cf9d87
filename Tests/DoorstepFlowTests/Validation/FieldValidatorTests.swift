import DoorstepFlow
import Testing

@Suite("Field validation")
struct FieldValidatorTests {
    let context = ValidationContext(today: CalendarDate(year: 2026, month: 11, day: 22)!)

    func code(_ value: Value?, _ field: FieldDefinition, answers: [String: Value] = [:]) -> String? {
        var context = context
        context.answers = answers
        return FieldValidator.issue(for: value, in: field, context: context)?.code
    }

    @Test("Required fields refuse missing, empty and blank answers; optional ones accept them")
    func required() {
        let field = FieldDefinition(id: "name", kind: .text, label: "First Name")
        #expect(code(nil, field) == "required")
        #expect(code("   ", field) == "required")
        #expect(FieldValidator.issue(for: nil, in: field, context: context)?.message == "Please enter your first name.")
        #expect(code(nil, FieldDefinition(id: "x", kind: .text, required: false)) == nil)
    }

    @Test(
        "A value of the wrong kind is refused rather than coerced",
        arguments: [
            (FieldDefinition.Kind.text, Value.int(3)), (.int, "3"), (.bool, "true"), (.email, 1), (.date, 20_260_101),
            (.stringList, "a"), (.multiChoice, Value.array(["a", 1])), (.singleChoice, Value.array(["a"])),
        ])
    func wrongType(_ kind: FieldDefinition.Kind, _ value: Value) {
        var field = FieldDefinition(id: "f", kind: kind)
        field.options = [ChoiceOption(value: "a")]
        #expect(code(value, field) == "wrong_type")
    }

    @Test("Numbers stay within min and max")
    func bounds() {
        var field = FieldDefinition(id: "age", kind: .int)
        field.min = 13
        field.max = 100
        #expect(code(12, field) == "below_minimum")
        #expect(code(101, field) == "above_maximum")
        #expect(code(13, field) == nil)
        #expect(code(.double(30.5), field) == "wrong_type")
    }

    @Test("Passwords are 8 to 128 characters and never silently shortened")
    func passwords() {
        let field = FieldDefinition(id: "password", kind: .password)
        #expect(code("short", field) == "too_short")
        #expect(code(.string(String(repeating: "a", count: 129)), field) == "too_long")
        #expect(code(.string(String(repeating: "é", count: 100)), field) == nil, "200 bytes of UTF-8 are fine")
    }

    @Test("Text refuses control characters and overlong input")
    func text() {
        var field = FieldDefinition(id: "note", kind: .text)
        field.maxLength = 10
        #expect(code("hello\u{0}", field) == "invalid_characters")
        #expect(code("hello world!", field) == "too_long")
    }

    @Test("Choices must be among the options, including options delivered at run time")
    func choices() {
        var field = FieldDefinition(id: "plan", kind: .singleChoice)
        field.options = [ChoiceOption(value: "basic"), ChoiceOption(value: "plus")]
        #expect(code("gold", field) == "not_an_option")
        #expect(code("plus", field) == nil)
        var dynamic = context
        dynamic.dynamicOptions = ["plan": [ChoiceOption(value: "gold")]]
        #expect(FieldValidator.issue(for: "gold", in: field, context: dynamic) == nil)
    }

    @Test("Lists check each item, their count and duplicates")
    func lists() {
        var field = FieldDefinition(id: "watchlist", kind: .stringList)
        field.rule = .emailOrPhone
        field.minLength = 1
        field.maxLength = 2
        #expect(code([], field) == "required")
        #expect(code(["dana@example.com", "+1 415 555 0100"], field) == nil)
        #expect(code(["not an email"], field) == "invalid_email_or_phone")
        #expect(code(["a@example.com", "A@example.com"], field) == "duplicate_item")
        #expect(code(["a@example.com", "b@example.com", "c@example.com"], field) == "too_many_items")
    }

    @Test("Dates are real calendar days, not in the future when asked, and not before the earliest")
    func dates() {
        var field = FieldDefinition(id: "dob", kind: .date)
        field.notInFuture = true
        field.earliest = "1900-01-01"
        #expect(code("2026-11-22", field) == nil)
        #expect(code("2026-11-23", field) == "date_in_future")
        #expect(code("1899-12-31", field) == "date_too_early")
        #expect(code("2023-02-29", field) == "invalid_date")
        #expect(code("2024-02-29", field) == nil)
        #expect(code("20-01-2000", field) == "invalid_date")
    }

    @Test("Confirmations must match, and consents must be ticked")
    func matchesAndConsents() {
        var confirm = FieldDefinition(id: "confirm", kind: .password)
        confirm.matches = "password"
        #expect(code("Sunny-Days-1", confirm, answers: ["password": "Sunny-Days-2"]) == "mismatch")
        #expect(code("Sunny-Days-1", confirm, answers: ["password": "Sunny-Days-1"]) == nil)
        var consent = FieldDefinition(id: "terms", kind: .bool)
        consent.mustBeTrue = true
        #expect(code(false, consent) == "must_accept")
        #expect(code(true, consent) == nil)
    }
}
