import DoorstepPresentation
import Testing

@Suite("Confirming who the person is before a sensitive change")
struct IdentityConfirmationPresentationTests {
    @Test("An account with a password is asked for it, hidden, with the saved password offered")
    func password() {
        let sheet = IdentityConfirmationPresentation(hasPassword: true, email: "sam@example.com")
        #expect(sheet.fieldLabel == "Password" && sheet.isSecure && sheet.contentType == .password)
        #expect(!sheet.message.contains("sam@example.com"))
        #expect(!sheet.canConfirm(""))
        #expect(sheet.canConfirm(" correct horse "), "a password is sent as typed")
        #expect(sheet.cancelTitle == "Cancel")
    }

    @Test("Without a password the mailed code is asked for: digits only, the whole code, from the mail")
    func code() {
        let sheet = IdentityConfirmationPresentation(hasPassword: false, email: "sam@example.com")
        #expect(sheet.message.contains("sam@example.com"))
        #expect(sheet.keyboard == .numberPad && sheet.contentType == .oneTimeCode && !sheet.isSecure)
        #expect(sheet.accepted("12 34-56") == "123456")
        #expect(sheet.accepted("1234567") == "123456", "a seventh digit is not kept")
        #expect(!sheet.canConfirm("12345"))
        #expect(sheet.canConfirm("123456"))
    }

    @Test("A sign-in's second factor asks for the app's code or a recovery code, and says why one was refused")
    func secondFactor() {
        let sheet = IdentityConfirmationPresentation(secondFactorProblem: nil)
        #expect(sheet.title == "Enter the code from your authenticator app")
        #expect(sheet.contentType == .oneTimeCode && !sheet.isSecure)
        #expect(sheet.accepted("abcde-fghij") == "abcde-fghij", "a recovery code has letters and a dash")
        #expect(sheet.canConfirm("123456") && !sheet.canConfirm(""))
        let refused = IdentityConfirmationPresentation(secondFactorProblem: "That code isn't right.")
        #expect(refused.message == "That code isn't right.")
    }
}
