import DoorstepFlow

/// The question asked when a change needs a recent sign-in (deleting the account, adding a passkey,
/// setting a password): the person's password, or the code just mailed to them. Both renderers draw
/// it as it says; what is typed is sent only when ``canConfirm(_:)`` allows it.
public struct IdentityConfirmationPresentation: Sendable, Hashable, Codable {
    /// The sheet's title.
    public var title: String
    /// What to do, and for a code where it went.
    public var message: String
    /// The field's label and placeholder.
    public var fieldLabel: String
    /// The keyboard.
    public var keyboard: KeyboardKind
    /// What the system may fill in: the saved password, or the mailed code.
    public var contentType: ContentKind
    /// Whether the characters are hidden.
    public var isSecure: Bool
    /// How many digits a code has; `nil` for a password.
    public var codeLength: Int?
    /// The button that sends it.
    public var confirmTitle: String
    /// The button that gives up on the change.
    public var cancelTitle: String

    /// The question for an account with a password, or for one whose code was mailed to `email`, in
    /// the words of `words`' language.
    public init(
        hasPassword: Bool, email: String, codeLength: Int = CodeEntry.defaultLength,
        words: PresentationWords = PresentationWords(language: nil)
    ) {
        title = words("Confirm it's you")
        confirmTitle = words("Confirm")
        cancelTitle = words("Cancel")
        if hasPassword {
            message = words("For your security, enter your password to continue.")
            fieldLabel = words("Password")
            keyboard = .default
            contentType = .password
            isSecure = true
            self.codeLength = nil
        } else {
            message = words("For your security, enter the code we just sent to {email}.", ["email": email])
            fieldLabel = words("Code")
            keyboard = .numberPad
            contentType = .oneTimeCode
            isSecure = false
            self.codeLength = codeLength
        }
    }

    /// The question for a sign-in's second factor: the code the authenticator app shows, or a recovery
    /// code; `problem` says why the last one was refused.
    public init(secondFactorProblem problem: String?, words: PresentationWords = PresentationWords(language: nil)) {
        title = words("Enter the code from your authenticator app")
        message =
            problem ?? words("Open your authenticator app and enter the code it shows, or one of your recovery codes.")
        fieldLabel = words("Code")
        keyboard = .default
        contentType = .oneTimeCode
        isSecure = false
        codeLength = nil
        confirmTitle = words("Continue")
        cancelTitle = words("Cancel")
    }

    /// What the field keeps of typed or pasted text: a code's digits, at most its length; a password
    /// as typed.
    public func accepted(_ typed: String) -> String {
        guard let codeLength else { return typed }
        return String(typed.filter { $0.isASCII && $0.isNumber }.prefix(codeLength))
    }

    /// Whether the confirm button is enabled: a whole code, or a password that is not empty.
    public func canConfirm(_ typed: String) -> Bool {
        guard let codeLength else { return !typed.isEmpty }
        return accepted(typed).count == codeLength && accepted(typed) == typed
    }
}
