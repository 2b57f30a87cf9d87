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
    public func check(bearer: String?, auth: AuthService) async throws {
        guard let bearer, !bearer.isEmpty else { throw ServiceError.unauthenticated }
        if let token, Digests.constantTimeEquals(bearer, token) { return }
        guard !emails.isEmpty, let user = try? await auth.signedInUser(bearer: bearer), user.emailVerified,
            let email = user.email, emails.contains(email)
        else { throw ServiceError.unauthenticated }
    }
}
