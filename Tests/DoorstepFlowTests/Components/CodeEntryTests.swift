import DoorstepFlow
import Foundation
import Testing

@Suite("Code entry")
struct CodeEntryTests {
    @Test("Typing fills one box after another and reports the code when the last box fills")
    func autoAdvance() {
        var entry = CodeEntry()
        for digit in "12345" {
            #expect(entry.enter(String(digit)) == nil)
        }
        #expect(entry.focusedIndex == 5)
        #expect(entry.enter("6") == "123456")
        #expect(entry.isComplete)
    }

    @Test(
        "The input behind the boxes settles at once: a seventh digit, a paste or AutoFill never erases the code",
        arguments: [
            ("123456", "1234567", "123456"),  // a seventh digit is dropped, the six stay
            ("12", "12654321", "654321"),  // a whole code pasted after two typed digits
            ("12", "654321", "654321"),  // AutoFill replaces what was typed
            ("123456", "12345", "12345"),  // a digit deleted
            ("", "Your code: 483 920", "483920"),
        ])
    func replaceText(before: String, edited: String, shown: String) {
        var entry = CodeEntry()
        entry.replaceText(with: before)
        let kept = entry.replaceText(with: edited)
        #expect(kept == shown && entry.code == shown)
        #expect(entry.replaceText(with: kept) == kept, "writing the kept text back changes nothing")
        #expect(entry.code == shown)
    }

    @Test("A flow's own code length is used: four boxes take four digits")
    func flowLength() {
        var entry = CodeEntry(length: 4)
        #expect(entry.replaceText(with: "123456") == "1234")
        #expect(entry.isComplete && entry.focusedIndex == 3)
    }

    @Test("Letters and symbols are ignored")
    func digitsOnly() {
        var entry = CodeEntry()
        entry.enter("a1-b2 ")
        #expect(entry.code == "12")
        #expect(entry.focusedIndex == 2)
    }

    @Test("Pasting a whole code fills every box at once, even with spaces or a prefix")
    func paste() {
        var entry = CodeEntry()
        entry.enter("9")
        #expect(entry.enter("Your code: 123 456") == "123456")
        #expect(entry.code == "123456")
    }

    @Test("Backspace clears the current box, then moves back")
    func backspace() {
        var entry = CodeEntry()
        entry.enter("123")
        entry.deleteBackward()
        #expect(entry.code == "12")
        #expect(entry.focusedIndex == 2)
        entry.deleteBackward()
        #expect(entry.code == "1")
        #expect(entry.focusedIndex == 1)
        entry.clear()
        entry.deleteBackward()
        #expect(entry.focusedIndex == 0)
    }

    @Test("Retyping the last digit of a full code reports it again")
    func retype() {
        var entry = CodeEntry()
        entry.enter("123456")
        entry.deleteBackward()
        #expect(entry.enter("7") == "123457")
    }
}

@Suite("Resend countdown")
struct ResendCountdownTests {
    @Test("Counts down from 60 seconds, then offers Resend")
    func countdown() {
        let sent = Date(timeIntervalSince1970: 1_000)
        let countdown = ResendCountdown(sentAt: sent)
        #expect(countdown.label(at: sent) == "Resend in 1:00")
        #expect(countdown.label(at: sent + 18.2) == "Resend in 0:42")
        #expect(!countdown.canResend(at: sent + 59.9))
        #expect(countdown.canResend(at: sent + 60))
        #expect(countdown.label(at: sent + 61) == "Resend")
    }
}

@Suite("Stepper")
struct StepperTests {
    @Test("Steps stay within bounds")
    func bounds() {
        var stepper = Stepper(minimum: 13, maximum: 15, initial: 14)
        stepper.increment()
        stepper.increment()
        #expect(stepper.value == 15)
        #expect(!stepper.canIncrement)
        stepper.decrement()
        stepper.decrement()
        stepper.decrement()
        #expect(stepper.value == 13)
        #expect(!stepper.canDecrement)
        #expect(Stepper(minimum: 0, maximum: 10, initial: 99).value == 10)
    }

    @Test("Inches read as feet and inches", arguments: [(68, "5'8\""), (60, "5'0\""), (71, "5'11\""), (96, "8'0\"")])
    func feetAndInches(_ inches: Int, _ text: String) {
        #expect(UnitFormatter.feetAndInches(inches) == text)
    }
}

@Suite("Text templates and lists")
struct TextTemplateTests {
    @Test("Placeholders are filled; unknown ones are left empty; stray braces are kept")
    func render() {
        let values: [String: Value] = ["name": "Alex", "count": 3]
        #expect(TextTemplate.render("Got it, {name}.", { values[$0] }) == "Got it, Alex.")
        #expect(TextTemplate.render("{count} items for {who}", { values[$0] }) == "3 items for ")
        #expect(TextTemplate.render("a { b", { values[$0] }) == "a { b")
        #expect(TextTemplate.keys(in: "{a} and {b.c}") == ["a", "b.c"])
    }

    @Test("A list builder refuses a bad or repeated item and keeps the list as it was")
    func listBuilder() throws {
        var field = FieldDefinition(id: "invites", kind: .stringList)
        field.rule = .email
        let context = ValidationContext(today: CalendarDate(year: 2026, month: 1, day: 1)!)
        let list = try ListBuilder.adding(" sam@example.com ", to: [], field: field, context: context).get()
        #expect(list == ["sam@example.com"])
        guard case .failure(let issue) = ListBuilder.adding("sam@example.com", to: list, field: field, context: context)
        else {
            Issue.record("a repeated address was accepted")
            return
        }
        #expect(issue.code == "duplicate_item")
        #expect(ListBuilder.removing(at: 0, from: list).isEmpty)
        #expect(ListBuilder.removing(at: 5, from: list) == list)
    }
}
