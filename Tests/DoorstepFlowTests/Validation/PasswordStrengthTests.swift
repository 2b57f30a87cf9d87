import DoorstepFlow
import Testing

@Suite("Password strength")
struct PasswordStrengthTests {
    @Test(
        "TANDA: one segment per met check — length ≥ 8, an uppercase letter, a number or symbol",
        arguments: [
            ("", PasswordStrength.Level.none), ("abc", .weak), ("abcdefgh", .weak), ("Abcdefgh", .medium),
            ("abcdefg1", .medium), ("Abc1", .medium), ("Abcdefg1", .strong), ("Abcdefg!", .strong),
        ])
    func tanda(_ password: String, _ level: PasswordStrength.Level) {
        let evaluation = PasswordStrength.evaluate(password, rules: .tanda)
        #expect(evaluation.level == level)
        #expect(evaluation.checks.count == 3)
    }

    @Test("Levels carry the label and colour role the meter shows")
    func presentation() {
        #expect(PasswordStrength.Level.weak.label == "Weak")
        #expect(PasswordStrength.Level.weak.colorRole == "danger")
        #expect(PasswordStrength.Level.medium.colorRole == "warning")
        #expect(PasswordStrength.Level.strong.colorRole == "success")
        #expect(PasswordStrength.Level.strong.filledSegments == 3)
    }

    @Test("Kordant checks length, uppercase, number and special character separately")
    func kordant() {
        let evaluation = PasswordStrength.evaluate("Shield2026", rules: .kordant)
        #expect(evaluation.checks.map(\.isMet) == [true, true, true, false])
        #expect(evaluation.level == .medium)
        #expect(PasswordStrength.evaluate("Shield-2026", rules: .kordant).level == .strong)
        #expect(PasswordStrength.evaluate("shield", rules: .kordant).level == .weak)
    }
}
