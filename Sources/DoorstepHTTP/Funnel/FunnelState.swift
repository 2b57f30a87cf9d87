import DoorstepFlow
import DoorstepServerCore
import Foundation
import Hummingbird

/// What the web funnel remembers for one browser: the CSRF token its forms carry, who is signed in,
/// and where it stands in each flow. Kept in storage, so a restart or a closed browser loses nothing.
struct FunnelState: Codable, Sendable {
    /// The token every form of this browser must send back.
    var csrfToken: String
    /// The signed-in person, if any.
    var signedIn: SignedInBrowser?
    /// Where the browser stands in each flow, by flow id.
    var snapshots: [String: FlowSnapshot] = [:]
    /// The revision of each flow's progress on the server, for saving the next one.
    var serverRevisions: [String: Int] = [:]
    /// A sign-in sent to Apple or Google, waiting for the browser to come back.
    var pendingSignIn: PendingSignIn?
    /// How this browser's walk is recorded as flow events; made on the first event.
    var analytics: FunnelAnalytics?
    /// SHA-256 of the admin token this browser gave at `/admin`, if it did.
    var adminTokenHash: String?

    /// What the callback of a provider sign-in must match, and the nonce its token must carry.
    struct PendingSignIn: Codable, Sendable, Hashable {
        var provider: String
        var flowID: String
        /// SHA-256 of the `state` sent to the provider.
        var stateHash: String
        var rawNonce: String
    }

    /// The session a browser signed in with.
    struct SignedInBrowser: Codable, Sendable, Hashable {
        var userID: UUID
        var sessionID: UUID
        var isGuest: Bool
        /// For a sign-in without "Remember me": the hash of a cookie that lives until the browser
        /// closes. A request without that cookie finds the sign-in ended.
        var closingCookieHash: String?

        var caller: Caller { Caller(userID: userID, sessionID: sessionID) }
    }

    /// What a launch knows about the session.
    var session: SessionState {
        signedIn.map { SessionState(isSignedIn: true, isGuest: $0.isGuest) } ?? .signedOut
    }
}

/// A browser's state and the cookie value that names it.
struct BrowserSession: Sendable {
    /// The cookie's value: 256 random bits, never stored.
    let cookieValue: String
    var state: FunnelState
    /// Whether the cookie is new and must be set on the response.
    let isNew: Bool
}

/// Finds, creates and saves browser sessions: the cookie carries a random token; storage keeps the
/// state under the token's hash.
struct BrowserSessions: Sendable {
    let storage: any Storage
    let clock: any WallClock
    let random: any RandomSource
    /// How long a browser is remembered after its last visit.
    static let lifetime: TimeInterval = 30 * 24 * 3600
    static let cookieName = "doorstep_funnel"
    /// The cookie that ends a sign-in without "Remember me" when the browser closes.
    static let closingCookieName = "doorstep_signin"

    /// The browser's session named by the request's cookie, if it exists and has not expired.
    func existing(cookieValue: String?) async throws -> BrowserSession? {
        guard let cookieValue, cookieValue.count <= 128, !cookieValue.isEmpty else { return nil }
        let hash = Digests.sha256Hex(cookieValue)
        let now = clock.now
        guard let record = try await storage.transaction({ try await $0.browserSession(idHash: hash) }),
            record.expiresAt > now,
            let state = try? JSONDecoder().decode(FunnelState.self, from: record.state)
        else { return nil }
        return BrowserSession(cookieValue: cookieValue, state: state, isNew: false)
    }

    /// The browser's session, or a new one when it has none.
    func session(cookieValue: String?) async throws -> BrowserSession {
        if let existing = try await existing(cookieValue: cookieValue) { return existing }
        return BrowserSession(cookieValue: random.token(), state: FunnelState(csrfToken: random.token()), isNew: true)
    }

    /// Saves the state and pushes the expiry out.
    func save(_ session: BrowserSession) async throws {
        let now = clock.now
        let record = BrowserSessionRecord(
            idHash: Digests.sha256Hex(session.cookieValue), state: try JSONEncoder().encode(session.state),
            updatedAt: now, expiresAt: now.addingTimeInterval(Self.lifetime))
        let isNew = session.isNew
        try await storage.transaction { store in
            try await store.saveBrowserSession(record)
            // Forgotten browsers are swept when a new one arrives, not on every page.
            if isNew { try await store.deleteBrowserSessions(expiredBefore: now) }
        }
    }

    /// Ties a sign-in without "Remember me" to a cookie with no expiry, which the browser drops when it
    /// closes; returns that cookie.
    func endWhenBrowserCloses(_ signedIn: inout FunnelState.SignedInBrowser, secure: Bool) -> Cookie {
        let value = random.token()
        signedIn.closingCookieHash = Digests.sha256Hex(value)
        return Cookie(
            name: Self.closingCookieName, value: value, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }

    /// The session's cookie: HttpOnly, SameSite=Lax, and Secure when served over TLS.
    static func cookie(for session: BrowserSession, secure: Bool) -> Cookie {
        Cookie(
            name: cookieName, value: session.cookieValue, maxAge: Int(lifetime), path: "/", secure: secure,
            httpOnly: true, sameSite: .lax)
    }
}
