import DoorstepFlow
import Foundation

/// Who may read funnels: a script holding the admin token, or a signed-in account whose verified
/// email is on the admin list. With neither configured, nobody.
public struct AdminAccess: Sendable {
    let token: String?
    let emails: Set<String>

    /// The shortest admin token accepted: anything shorter could be guessed.
    public static let minimumTokenLength = 24

    /// Creates the rule; emails are compared as accounts are keyed (trimmed, lowercased).
    public init(token: String?, emails: [String]) {
        self.token = token
        self.emails = Set(emails.map(EmailAddress.normalized))
    }

    /// Whether `bearer` is the admin token or the token of an admin's session; 401 otherwise.
    public func check(bearer: String?, sessions: SessionService) async throws {
        guard let bearer, !bearer.isEmpty else { throw ServiceError.unauthenticated }
        if allows(token: bearer) { return }
        guard !emails.isEmpty, let user = try? await sessions.signedInUser(bearer: bearer), allows(user) else {
            throw ServiceError.unauthenticated
        }
    }

    /// Whether `candidate` is the admin token.
    public func allows(token candidate: String) -> Bool {
        guard let token else { return false }
        return Digests.constantTimeEquals(candidate, token)
    }

    /// Whether `hash` is the SHA-256 of the current admin token: a browser that gave an earlier token
    /// is no longer let in once the token changes.
    public func allows(tokenHash hash: String) -> Bool {
        guard let token else { return false }
        return Digests.constantTimeEquals(hash, Digests.sha256Hex(token))
    }

    /// Whether the account is on the admin list with that email verified.
    public func allows(_ user: UserRecord) -> Bool {
        guard user.emailVerified, let email = user.email else { return false }
        return emails.contains(email)
    }
}
