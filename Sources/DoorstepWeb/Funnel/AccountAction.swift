import DoorstepHTTP

/// What a form on the account page asks for: the `_action` its hidden field names, written by
/// ``AccountPage`` and read by the account handler from this one list.
enum AccountAction: String, CaseIterable, Sendable {
    case name
    case photo
    case email
    case emailCode
    case password
    case mfaBegin
    case mfaConfirm
    case mfaDisable
    case passkeyRename
    case passkeyAdd
    case passkeyRemove
    case sessionRevoke
    case sessionsRevokeOthers
    case sendConfirmationCode
    case confirm
    case delete

    /// Whether its form carries a password or a code: such a form's outcome is shown after a redirect,
    /// so the secret never stays in the browser's history of posts.
    var carriesSecret: Bool {
        switch self {
        case .password, .emailCode, .mfaConfirm, .mfaDisable, .confirm: true
        default: false
        }
    }
}
