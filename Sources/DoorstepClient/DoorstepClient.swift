import DoorstepAPI
import Foundation
import HTTPTypes
import OpenAPIRuntime
import OpenAPIURLSession

/// Whether someone is signed in.
public enum AuthState: Sendable, Hashable {
    case signedOut
    case signedIn(userID: String, isGuest: Bool)
}

/// An app's connection to a Doorstep server: signs people in, keeps their session fresh, and reads
/// and writes what onboarding collects.
///
/// Access tokens are refreshed shortly before they expire and again on a `token_expired` answer;
/// concurrent calls share one refresh. A reused refresh token or an ended session signs the person
/// out cleanly.
public actor DoorstepClient {
    let api: Client
    let tokenStore: any TokenStore
    let now: @Sendable () -> Date
    private var session: StoredSession?
    private var didLoad = false
    /// Whether the session is kept in the token store for the next launch; `false` after a sign-in
    /// without "Remember me", which keeps it in memory only, so closing the app signs out.
    private var remembersSession = true
    private var refreshTask: Task<StoredSession, any Error>?
    private var observers: [UUID: AsyncStream<AuthState>.Continuation] = [:]
    private(set) var refreshCount = 0

    /// Refreshes this long before the access token expires.
    static let refreshMargin: TimeInterval = 60

    /// Creates a client.
    /// - Parameters:
    ///   - serverURL: the server, such as `https://auth.example.com`.
    ///   - transport: how requests travel; URLSession unless a test passes an in-process transport.
    ///   - tokenStore: where the session is kept between launches.
    ///   - now: the clock; the system's unless a test passes its own.
    ///   - retry: how long log-in, sign-up, code requests and refresh wait when the server is busy
    ///     (`429` with `Retry-After`) before reporting `rate_limited`.
    ///   - preferredLanguages: the person's languages, most wanted first (the device's, unless a test
    ///     passes its own), sent as `Accept-Language` so flows come in the best of them.
    ///   - device: the device sessions are listed under in the account center; its model alone unless
    ///     the app names it (`DoorstepDevice(name: UIDevice.current.name)`).
    ///   - appAttest: proves sign-ups, code sends, guests and password log-ins come from the genuine app,
    ///     for a server whose policy asks it (`--app-attest`): on an iPhone,
    ///     `AppAttestSetup(device: DeviceAppAttest(), keys: KeychainAttestedKeyStore())`, the device from DoorstepUI.
    public init(
        serverURL: URL, transport: any ClientTransport = URLSessionTransport(),
        tokenStore: any TokenStore = InMemoryTokenStore(),
        now: @escaping @Sendable () -> Date = { Date() }, retry: RetryPolicy = .standard,
        preferredLanguages: [String] = Locale.preferredLanguages, device: DoorstepDevice? = DoorstepDevice(name: nil),
        appAttest: AppAttestSetup? = nil
    ) {
        let language = LanguageMiddleware(acceptLanguage: LanguageMiddleware.acceptLanguage(preferredLanguages))
        let attestation = appAttest.map {
            AppAttestation(setup: $0, api: Client(serverURL: serverURL, transport: transport, middlewares: [language]))
        }
        let attestationMiddleware: [any ClientMiddleware] =
            attestation.map { [AppAttestMiddleware(attestation: $0)] } ?? []
        self.api = Client(
            serverURL: serverURL, transport: transport,
            middlewares: [RetryAfterMiddleware(policy: retry)] + attestationMiddleware + [
                BearerMiddleware(), DeviceMiddleware(device), language,
            ])
        self.tokenStore = tokenStore
        self.now = now
    }

    // MARK: - Auth state

    /// The auth state now, and then every change, starting with the current state.
    public func authStates() async -> AsyncStream<AuthState> {
        let current = await authState
        let (stream, continuation) = AsyncStream<AuthState>.makeStream()
        let id = UUID()
        continuation.yield(current)
        observers[id] = continuation
        continuation.onTermination = { _ in Task { await self.removeObserver(id) } }
        return stream
    }

    private func removeObserver(_ id: UUID) {
        observers[id] = nil
    }

    /// Whether someone is signed in now.
    public var authState: AuthState {
        get async {
            await loadIfNeeded()
            guard let session else { return .signedOut }
            return .signedIn(userID: session.userID, isGuest: session.isGuest)
        }
    }

    /// How many times the access token was refreshed (for diagnostics and tests).
    public var refreshes: Int { refreshCount }

    private func loadIfNeeded() async {
        guard !didLoad else { return }
        didLoad = true
        session = try? await tokenStore.load()
    }

    /// Keeps a new session and tells observers.
    func adopt(_ wire: Components.Schemas.Session) async throws {
        let stored = StoredSession(
            accessToken: wire.accessToken, refreshToken: wire.refreshToken,
            accessTokenExpiresAt: now().addingTimeInterval(TimeInterval(wire.expiresIn)), userID: wire.user.id,
            isGuest: wire.user.isGuest)
        didLoad = true
        session = stored
        if remembersSession {
            try await tokenStore.save(stored)
        } else {
            try await tokenStore.clear()
        }
        broadcast()
    }

    /// Keeps the next sessions in the token store (`true`) or in memory only.
    func rememberSessions(_ remember: Bool) {
        remembersSession = remember
    }

    /// Forgets the session everywhere and tells observers.
    func forgetSession() async {
        session = nil
        remembersSession = true
        didLoad = true
        try? await tokenStore.clear()
        broadcast()
    }

    private func broadcast() {
        let state: AuthState = session.map { .signedIn(userID: $0.userID, isGuest: $0.isGuest) } ?? .signedOut
        for continuation in observers.values { continuation.yield(state) }
    }

    // MARK: - Authenticated calls

    /// Runs an authenticated call with a fresh access token, refreshing once and retrying when the
    /// server says the token expired. An ended session signs out and throws.
    func authorized<Value: Sendable>(_ call: @Sendable () async throws -> Value) async throws -> Value {
        var token = try await validAccessToken()
        do {
            return try await BearerMiddleware.$token.withValue(token) { try await call() }
        } catch let error as DoorstepError where error.code == .tokenExpired {
            token = try await refreshedSession().accessToken
            return try await BearerMiddleware.$token.withValue(token) { try await call() }
        } catch let error as DoorstepError
            where error.code == .sessionRevoked || error.code == .refreshTokenReused || error.code == .unauthenticated
        {
            await forgetSession()
            throw error
        }
    }

    /// The access token, refreshed first when it is about to expire.
    func validAccessToken() async throws -> String {
        await loadIfNeeded()
        guard let session else { throw DoorstepError.signedOut }
        if session.accessTokenExpiresAt.timeIntervalSince(now()) > Self.refreshMargin { return session.accessToken }
        return try await refreshedSession().accessToken
    }

    /// Exchanges the refresh token; concurrent callers share one exchange.
    func refreshedSession() async throws -> StoredSession {
        if let refreshTask { return try await refreshTask.value }
        guard let refreshToken = session?.refreshToken else { throw DoorstepError.signedOut }
        let task = Task { () throws -> StoredSession in
            let output: Operations.RefreshToken.Output
            do {
                output = try await api.refreshToken(body: .json(.init(refreshToken: refreshToken)))
            } catch {
                throw DoorstepError.wrap(error)
            }
            switch output {
            case .ok(let ok):
                try await adopt(try ok.body.json)
                refreshCount += 1
                guard let session else { throw DoorstepError.signedOut }
                return session
            case .default(let status, let problem):
                let error = DoorstepError.problem(status, problem)
                if status == 401 { await forgetSession() }
                throw error
            }
        }
        refreshTask = task
        defer { refreshTask = nil }
        return try await task.value
    }

    /// Runs a generated call, turning transport failures into ``DoorstepError/transport(_:)``.
    func send<Output: Sendable>(_ call: @Sendable () async throws -> Output) async throws -> Output {
        do {
            return try await call()
        } catch {
            throw DoorstepError.wrap(error)
        }
    }
}

/// Adds `Authorization: Bearer` to requests made while a token is set.
struct BearerMiddleware: ClientMiddleware {
    @TaskLocal static var token: String?

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        if let token = Self.token { request.headerFields[.authorization] = "Bearer \(token)" }
        return try await next(request, body, baseURL)
    }
}

/// Adds `Accept-Language` with the person's languages to every request.
struct LanguageMiddleware: ClientMiddleware {
    let acceptLanguage: String?

    /// The header for these languages, most wanted first: quality 1, then 0.9, 0.8… (RFC 9110 §12.5.4).
    static func acceptLanguage(_ languages: [String]) -> String? {
        let tags = languages.prefix(9).map { $0.replacingOccurrences(of: "_", with: "-") }.filter {
            !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
        guard !tags.isEmpty else { return nil }
        return tags.enumerated().map { $0 == 0 ? $1 : "\($1);q=0.\(10 - $0)" }.joined(separator: ", ")
    }

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        if let acceptLanguage, request.headerFields[.acceptLanguage] == nil {
            request.headerFields[.acceptLanguage] = acceptLanguage
        }
        return try await next(request, body, baseURL)
    }
}
