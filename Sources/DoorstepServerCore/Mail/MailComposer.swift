/// What a mail is about; each kind has its own words.
public enum MailKind: String, Sendable, CaseIterable {
    /// A code to create an account.
    case signupCode
    /// A code to sign in.
    case loginCode
    /// A code to confirm the email of an account made with a password.
    case verifyEmail
    /// A code to choose a new password.
    case passwordReset
    /// An invitation to join a household or family, with its invite code.
    case invitation
    /// A notice to the old address that an account's email changed.
    case emailChanged
    /// A notice that a password was added to an account (`changed` absent) or changed (`changed`: `true`).
    case passwordChanged
    /// A notice that a passkey was added to an account.
    case passkeyAdded
    /// A notice to an account's address that another account asked to move to it (sent instead of a
    /// refusal when the server does not say which addresses have accounts).
    case addressInUse
}

extension MailKind {
    /// Whether the mail carries a one-time code to sign in, sign up, confirm an address or reset a
    /// password: the mail a script would have sent to flood an address or spend the mail budget.
    public var carriesOneTimeCode: Bool {
        switch self {
        case .signupCode, .loginCode, .verifyEmail, .passwordReset: true
        case .invitation, .emailChanged, .passwordChanged, .passkeyAdded, .addressInUse: false
        }
    }
}

/// The words of a mail.
public struct ComposedMail: Sendable, Hashable {
    public var subject: String
    public var text: String
    public var html: String?

    /// Creates the words of a mail.
    public init(subject: String, text: String, html: String? = nil) {
        self.subject = subject
        self.text = text
        self.html = html
    }
}

/// Writes the subject, text and HTML of each kind of mail from the values it carries (`code`,
/// `minutes`, `group`, `inviter`, `inviteCode`, `email`); a composer adds the app's name and colour.
public protocol MailComposer: Sendable {
    /// The words of a mail, in `language` (a BCP 47 tag) when the composer has it, else its own.
    func compose(_ kind: MailKind, values: [String: String], language: String?) throws -> ComposedMail
}

/// Plain-text mail with fixed words: the composer of servers built without templates (tests).
public struct PlainMailComposer: MailComposer {
    /// Creates the composer.
    public init() {}

    public func compose(_ kind: MailKind, values: [String: String], language: String?) throws -> ComposedMail {
        let code = values["code"] ?? ""
        let expiry =
            "It expires in \(values["minutes"] ?? "10") minutes. If you didn't ask for it, you can ignore this email."
        switch kind {
        case .signupCode, .loginCode:
            return ComposedMail(
                subject: "\(code) is your sign-in code", text: "Use this code to continue: \(code)\n\n\(expiry)")
        case .verifyEmail:
            return ComposedMail(
                subject: "\(code) is your code to confirm your email",
                text: "Use this code to confirm your email address: \(code)\n\n\(expiry)")
        case .passwordReset:
            return ComposedMail(
                subject: "\(code) is your password reset code",
                text: "Use this code to choose a new password: \(code)\n\n\(expiry)")
        case .invitation:
            let group = values["group"] ?? ""
            return ComposedMail(
                subject: "You have an invitation",
                text:
                    "\(values["inviter"] ?? "Someone") invited you to join \(group).\n\nYour invite code: \(values["inviteCode"] ?? "")"
            )
        case .emailChanged:
            return ComposedMail(
                subject: "Your email was changed",
                text:
                    "The email of your account is now \(values["email"] ?? "a new address"). If this wasn't you, reply to this email."
            )
        case .passwordChanged:
            let changed = values["changed"] != nil
            return ComposedMail(
                subject: changed ? "Your password was changed" : "A password was added to your account",
                text: (changed ? "Your password was just changed." : "A password was just added to your account.")
                    + " If this wasn't you, reset your password at once.")
        case .passkeyAdded:
            return ComposedMail(
                subject: "A passkey was added to your account",
                text: "A passkey was just added to your account. If this wasn't you, remove it at once.")
        case .addressInUse:
            return ComposedMail(
                subject: "Someone tried to use your email",
                text: "Another account asked to change its email to this address, which your account uses. "
                    + "Nothing was changed.")
        }
    }
}
