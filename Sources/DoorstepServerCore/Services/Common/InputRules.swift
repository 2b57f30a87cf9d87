import DoorstepFlow
import Foundation

/// The rules typed input must pass before anything is read: addresses, new passwords and names. Each
/// failure is a 422 naming the field.
struct InputRules: Sendable {
    /// Passwords refused as too common.
    let commonPasswords: CommonPasswords

    /// The normalized address, or 422 `validation_failed` naming `field`.
    func validEmail(_ raw: String, field: String = "email") throws(ServiceError) -> String {
        guard raw.utf8.count <= 320, !TextRules.hasControlCharacters(raw), EmailAddress.isValid(raw) else {
            throw .invalid(field, code: "invalid_email", "Please enter a valid email address.")
        }
        return EmailAddress.normalized(raw)
    }

    /// Refuses passwords outside 8–128 characters (422 `validation_failed`) and common ones (422
    /// `weak_password`).
    func checkNewPassword(_ password: String, field: String = "password") throws(ServiceError) {
        if PasswordPolicy.length(of: password) < PasswordPolicy.minimumLength {
            throw .invalid(
                field, code: "too_short", "Passwords need at least \(PasswordPolicy.minimumLength) characters.")
        }
        if PasswordPolicy.length(of: password) > PasswordPolicy.maximumLength {
            throw .invalid(
                field, code: "too_long", "Passwords can have at most \(PasswordPolicy.maximumLength) characters.")
        }
        if TextRules.hasControlCharacters(password) {
            throw .invalid(field, code: "invalid_characters", "Passwords can't contain control characters.")
        }
        if commonPasswords.contains(password) {
            var error = ServiceError.weakPassword
            error.fieldProblems = [
                FieldIssue(field: field, code: "weak_password", message: "That password is too common.")
            ]
            throw error
        }
    }

    /// A full name typed in one field, trimmed and kept whole (nil when absent or blank), or 422 naming
    /// `name`: its words are never split into a first and a last name, which would guess wrong for
    /// "Ludwig van Beethoven" or "Gabriel García Márquez".
    static func validFullName(_ raw: String?) throws(ServiceError) -> String? {
        guard let raw else { return nil }
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty { return nil }
        // As sent, in code points, as the API's schema counts it.
        guard raw.unicodeScalars.count <= TextRules.maximumFullNameLength else {
            throw .invalid("name", code: "invalid_name", "Please enter a name of at most 201 characters.")
        }
        guard TextRules.isValidName(name, maximumLength: TextRules.maximumFullNameLength) else {
            throw .invalid("name", code: "invalid_name", "Please enter a name using letters only.")
        }
        return name
    }

    /// A trimmed optional name (nil when absent or blank), or 422 naming `field`.
    static func validName(_ raw: String?, field: String) throws(ServiceError) -> String? {
        guard let raw else { return nil }
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty { return nil }
        guard raw.unicodeScalars.count <= 100, TextRules.isValidName(name) else {
            throw .invalid(field, code: "invalid_name", "Please enter a name using letters only.")
        }
        return name
    }
}
