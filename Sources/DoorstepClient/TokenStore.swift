import Foundation

/// The tokens of a signed-in session, as kept between launches.
public struct StoredSession: Codable, Sendable, Hashable {
    public var accessToken: String
    public var refreshToken: String
    /// When the access token stops working.
    public var accessTokenExpiresAt: Date
    public var userID: String
    public var isGuest: Bool

    /// Creates a stored session.
    public init(accessToken: String, refreshToken: String, accessTokenExpiresAt: Date, userID: String, isGuest: Bool) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.accessTokenExpiresAt = accessTokenExpiresAt
        self.userID = userID
        self.isGuest = isGuest
    }
}

/// Where the session's tokens are kept: the Keychain on Apple platforms, a file or memory elsewhere.
public protocol TokenStore: Sendable {
    func load() async throws -> StoredSession?
    func save(_ session: StoredSession) async throws
    func clear() async throws
}

/// Tokens kept in memory only: gone when the process ends.
public actor InMemoryTokenStore: TokenStore {
    private var session: StoredSession?

    /// Creates an empty store, or one holding `session`.
    public init(_ session: StoredSession? = nil) {
        self.session = session
    }

    public func load() async throws -> StoredSession? { session }
    public func save(_ session: StoredSession) async throws { self.session = session }
    public func clear() async throws { session = nil }
}

/// Tokens kept in a file readable by its owner only (for command-line tools and Linux hosts).
public struct FileTokenStore: TokenStore {
    let url: URL

    /// Keeps the session in the file at `url`.
    public init(url: URL) {
        self.url = url
    }

    public func load() async throws -> StoredSession? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return try JSONDecoder().decode(StoredSession.self, from: data)
    }

    public func save(_ session: StoredSession) async throws {
        let data = try JSONEncoder().encode(session)
        if !FileManager.default.createFile(atPath: url.path, contents: data, attributes: [.posixPermissions: 0o600]) {
            throw DoorstepError.transport("cannot write \(url.path)")
        }
    }

    public func clear() async throws {
        if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
    }
}

#if canImport(Security)
    /// Tokens in the Keychain, readable from the first unlock after a restart on — so a launch the
    /// system prewarms before the person unlocks, and a background refresh, keep the session — and never
    /// migrated to another device (`kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`).
    public struct KeychainTokenStore: TokenStore {
        let item: KeychainItem

        /// Keeps the session under the given Keychain service name.
        public init(service: String = "dev.doorstep.session") {
            item = KeychainItem(service: service, account: "session")
        }

        public func load() async throws -> StoredSession? {
            try item.read().map { try JSONDecoder().decode(StoredSession.self, from: $0) }
        }

        public func save(_ session: StoredSession) async throws {
            try item.write(try JSONEncoder().encode(session))
        }

        public func clear() async throws {
            item.delete()
        }
    }
#endif
