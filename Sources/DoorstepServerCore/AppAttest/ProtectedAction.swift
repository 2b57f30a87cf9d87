/// The actions a script would drive to make accounts or send mail, which a policy may guard with a
/// proof that the request comes from the genuine app (or, later, a person on the web).
public enum ProtectedAction: String, Sendable, Hashable, CaseIterable {
    /// `POST /v1/auth/signup`.
    case signUp = "sign-up"
    /// `POST /v1/auth/code/send`.
    case codeSend = "code-send"
    /// `POST /v1/auth/guest`.
    case guest
    /// `POST /v1/auth/login`.
    case passwordLogIn = "password-login"

    /// The action as metrics and the audit log name it.
    public var label: String { rawValue.replacingOccurrences(of: "-", with: "_") }
}
