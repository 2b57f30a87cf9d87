import Crypto
import DoorstepFlow
import DoorstepHTTP
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
    /// The browser's time zone (an IANA identifier its page reported), for what "now" and "today"
    /// are to the flows' dates; UTC until it says.
    var timeZone: String?
    /// The revision of each flow's progress on the server, for saving the next one.
    var serverRevisions: [String: Int] = [:]
    /// A sign-in sent to Apple or Google, waiting for the browser to come back.
    var pendingSignIn: PendingSignIn?
    /// How this browser's walk is recorded as flow events; made on the first event.
    var analytics: FunnelAnalytics?
    /// SHA-256 of the admin token this browser gave at `/admin`, if it did.
    var adminTokenHash: String?
    /// A sign-in waiting for its second factor: the flow, and the SHA-256 of the challenge (the
    /// challenge itself is never stored).
    var pendingSecondFactor: PendingSecondFactor?

    /// Where a sign-in waits for the code from an authenticator app.
    struct PendingSecondFactor: Codable, Sendable, Hashable {
        var flowID: String
        var challengeHash: String
    }

    /// What the callback of a provider sign-in must match, and the nonce its token must carry.
    struct PendingSignIn: Codable, Sendable, Hashable {
        var provider: String
        var flowID: String
        /// SHA-256 of the `state` sent to the provider.
        var stateHash: String
        var rawNonce: String
        /// The PKCE verifier the code is traded with; never leaves the server before that.
        var codeVerifier: String?
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
    /// The cookie's value: 256 random bits, never stored (storage keeps its hash).
    fileprivate(set) var cookieValue: String
    var state: FunnelState
    /// Whether storage holds this session. A browser that has only looked at pages has none: its
    /// CSRF token is derived from its cookie, and it is stored at its first form.
    fileprivate(set) var isStored: Bool
    /// Whether the cookie is new or replaced and must be set on the response.
    fileprivate(set) var cookieChanged: Bool
    /// Who the browser was when the request came in; a change replaces the cookie.
    fileprivate let identityWhenLoaded: BrowserSessions.Identity
}

/// Finds, creates and saves browser sessions: the cookie carries a random token; storage keeps the
/// state under the token's hash. A browser that only reads pages stores nothing; its first form does.
/// Every surface a browser reaches — the funnel, `/account`, `/admin` — loads it here, and here alone
/// its sign-in is checked as the API checks a token: a session ended anywhere (signed out, revoked,
/// replaced by a reset, past its lifetimes) or a browser closed since a sign-in without "Remember me"
/// is signed out before any page reads who the browser is.
/// Whenever who the browser is changes — a sign-in, a guest's upgrade, a sign-out, an admin token
/// given — the session moves to a new cookie with a new CSRF token and the old one stops working, so
/// a cookie planted before a sign-in is worth nothing after it.
package struct BrowserSessions: Sendable {
    let storage: any Storage
    /// Checks a browser's sign-in by the rules every bearer token is checked by.
    let sessions: SessionService
    let clock: any WallClock
    let random: any RandomSource
    /// Keys the CSRF tokens and install ids of browsers not stored yet.
    let key: SymmetricKey
    /// Whether the public URL is https: the cookies are then `__Host-` cookies, always `Secure`.
    let hostOnlySecureCookies: Bool
    /// How many browsers one client may have stored (each at its first form); nil with rate limits off.
    package var newBrowsersPerClient: RateLimiter.Limit? = Self.newBrowserLimit
    /// Counts the browsers each client had stored.
    let newBrowsers = RateLimiter()
    /// How long a browser is remembered after its last visit.
    static let lifetime: TimeInterval = 30 * 24 * 3600
    /// The most a browser's state may take in storage, every flow's walk together: past it a save is
    /// refused (413 `payload_too_large`) and the stored state stays as it was.
    static let stateLimit = 256 * 1024

    /// New browsers one client may have stored in an hour: a person, a family or an office behind one
    /// address opens far fewer; a script minting cookies to fill storage is stopped.
    static let newBrowserLimit = RateLimiter.Limit(requests: 100, per: 3_600)

    /// The refusal of a save that would pass ``stateLimit``.
    static let stateTooLarge = ServiceError(
        status: 413, code: .payloadTooLarge,
        detail: "An answer is longer than this screen accepts. Go back, shorten it and try again.")
    static let baseCookieName = "doorstep_funnel"
    static let baseClosingCookieName = "doorstep_signin"

    /// The session cookie's name: `__Host-doorstep_funnel` behind an https public URL, so no
    /// subdomain and no plain-HTTP page can set it (RFC 6265bis section 4.1.3.2).
    var cookieName: String { (hostOnlySecureCookies ? "__Host-" : "") + Self.baseCookieName }
    /// The cookie that ends a sign-in without "Remember me" when the browser closes.
    var closingCookieName: String { (hostOnlySecureCookies ? "__Host-" : "") + Self.baseClosingCookieName }

    /// Who a browser is, as far as its cookie is concerned.
    struct Identity: Hashable, Sendable {
        var userID: UUID?
        var sessionID: UUID?
        var isGuest: Bool?
        var adminTokenHash: String?

        init(_ state: FunnelState) {
            userID = state.signedIn?.userID
            sessionID = state.signedIn?.sessionID
            isGuest = state.signedIn?.isGuest
            adminTokenHash = state.adminTokenHash
        }
    }

    /// The browser's stored session named by the request's cookie, if it exists and has not expired.
    func existing(_ request: Request) async throws -> BrowserSession? {
        guard let cookieValue = request.cookies[cookieName]?.value, Self.isWellFormed(cookieValue) else { return nil }
        let hash = Digests.sha256Hex(cookieValue)
        let now = clock.now
        guard let record = try await storage.transaction({ try await $0.browserSession(idHash: hash) }),
            record.expiresAt > now,
            let state = try? JSONDecoder().decode(FunnelState.self, from: record.state)
        else { return nil }
        var session = BrowserSession(
            cookieValue: cookieValue, state: state, isStored: true, cookieChanged: false,
            identityWhenLoaded: Identity(state))
        await checkSignIn(of: &session, request)
        return session
    }

    /// Signs the browser out when its session ended elsewhere, or when the browser was closed since a
    /// sign-in without "Remember me" (that session is then ended too). Who the browser was stays as
    /// loaded, so the next save moves the signed-out state to a new cookie.
    private func checkSignIn(of browser: inout BrowserSession, _ request: Request) async {
        guard let signedIn = browser.state.signedIn else { return }
        let isActive = (try? await sessions.activeCaller(signedIn.caller)) != nil
        if isActive, let expected = signedIn.closingCookieHash,
            request.cookies[closingCookieName].map({ Digests.sha256Hex($0.value) }) != expected
        {
            try? await sessions.logOut(signedIn.caller)
            browser.state.signedIn = nil
        } else if !isActive {
            browser.state.signedIn = nil
        }
    }

    /// The browser's session: the stored one, else one not stored yet under the browser's cookie (or a
    /// new cookie when it has none).
    func session(_ request: Request) async throws -> BrowserSession {
        if let existing = try await existing(request) { return existing }
        let sent = request.cookies[cookieName]?.value
        let cookieValue = sent.flatMap { Self.isWellFormed($0) ? $0 : nil } ?? random.token()
        let state = FunnelState(csrfToken: derived("csrf", cookieValue))
        return BrowserSession(
            cookieValue: cookieValue, state: state, isStored: false, cookieChanged: cookieValue != sent,
            identityWhenLoaded: Identity(state))
    }

    /// The install id of a browser's walks before it has one stored: stable across its page views,
    /// derived from the cookie under the server's key, and not the cookie.
    func installID(for session: BrowserSession) -> String {
        "web-" + String(derived("install", session.cookieValue).prefix(32))
    }

    /// Saves the state and pushes the expiry out. When who the browser is has changed, the state moves
    /// to a new cookie and a new CSRF token first, and the old record is deleted.
    func save(_ session: inout BrowserSession) async throws {
        let now = clock.now
        let previousHash = session.isStored ? Digests.sha256Hex(session.cookieValue) : nil
        if Identity(session.state) != session.identityWhenLoaded {
            session.cookieValue = random.token()
            session.state.csrfToken = random.token()
            session.cookieChanged = true
        }
        let state = try JSONEncoder().encode(session.state)
        guard state.count <= Self.stateLimit else { throw Self.stateTooLarge }
        let record = BrowserSessionRecord(
            idHash: Digests.sha256Hex(session.cookieValue), state: state,
            updatedAt: now, expiresAt: now.addingTimeInterval(Self.lifetime))
        let isFirst = !session.isStored
        if isFirst, let limit = newBrowsersPerClient, let client = RequestTrace.current?.clientKey,
            let wait = newBrowsers.check(client, limit: limit, now: now)
        {
            throw ServiceError.rateLimited(retryAfter: wait)
        }
        try await storage.transaction { store in
            if let previousHash, previousHash != record.idHash {
                try await store.deleteBrowserSession(idHash: previousHash)
            }
            try await store.saveBrowserSession(record)
            // Forgotten browsers are swept when a new one arrives, not on every page.
            if isFirst { try await store.deleteBrowserSessions(expiredBefore: now) }
        }
        session.isStored = true
    }

    /// Ties a sign-in without "Remember me" to a cookie with no expiry, which the browser drops when it
    /// closes; returns that cookie.
    func endWhenBrowserCloses(_ signedIn: inout FunnelState.SignedInBrowser, secure: Bool) -> Cookie {
        let value = random.token()
        signedIn.closingCookieHash = Digests.sha256Hex(value)
        return Cookie(
            name: closingCookieName, value: value, path: "/", secure: secure || hostOnlySecureCookies, httpOnly: true,
            sameSite: .lax)
    }

    /// The session's cookie: HttpOnly, SameSite=Lax, Path=/ without a Domain, and Secure when served
    /// over TLS (always, as a `__Host-` cookie, behind an https public URL).
    func cookie(for session: BrowserSession, secure: Bool) -> Cookie {
        Cookie(
            name: cookieName, value: session.cookieValue, maxAge: Int(Self.lifetime), path: "/",
            secure: secure || hostOnlySecureCookies, httpOnly: true, sameSite: .lax)
    }

    /// Sets the session's cookie on a response when it is new or was replaced.
    func setCookie(on response: inout Response, for session: BrowserSession, secure: Bool) {
        guard session.cookieChanged else { return }
        response.setCookie(cookie(for: session, secure: secure))
    }

    /// A keyed digest of a cookie value, base64url: CSRF tokens and install ids of unstored browsers.
    private func derived(_ purpose: String, _ cookieValue: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data((purpose + ":" + cookieValue).utf8), using: key)
        return Data(mac).base64URLEncoded
    }

    /// Whether a cookie value looks like one this server made: base64url, 16 to 128 characters.
    static func isWellFormed(_ value: String) -> Bool {
        (16...128).contains(value.utf8.count)
            && value.utf8.allSatisfy {
                $0 == 45 || $0 == 95 || (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0)
            }
    }

    /// Creates it from its parts.
    package init(
        storage: any Storage, sessions: SessionService, clock: any WallClock, random: any RandomSource,
        key: SymmetricKey, hostOnlySecureCookies: Bool, newBrowsersPerClient: RateLimiter.Limit? = Self.newBrowserLimit
    ) {
        self.storage = storage
        self.sessions = sessions
        self.clock = clock
        self.random = random
        self.key = key
        self.hostOnlySecureCookies = hostOnlySecureCookies
        self.newBrowsersPerClient = newBrowsersPerClient
    }
}

extension FunnelState {
    /// The time zone the browser reported, or UTC.
    var browserTimeZone: TimeZone {
        timeZone.flatMap(TimeZone.init(identifier:)) ?? CalendarDate.utc
    }
}
