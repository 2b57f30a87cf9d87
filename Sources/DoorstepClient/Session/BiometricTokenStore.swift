import Foundation

/// The Keychain item only Face ID (or Touch ID) opens, as ``BiometricTokenStore`` uses it. DoorstepUI
/// implements it with LocalAuthentication and the Keychain; tests pass their own.
public protocol ProtectedSessionItem: Sendable {
    /// Whether the item exists; asks nothing of the person.
    func exists() async -> Bool
    /// Writes the session over any before it; throws when the device cannot protect it (no biometrics).
    func write(_ session: StoredSession) async throws
    /// Asks the person for their face (or finger) with `reason`, and only once they are recognised reads
    /// the session — the same authentication opens the item, so they are asked once.
    func read(afterAuthenticating reason: String) async -> ProtectedRead
    /// Deletes the item.
    func delete() async
}

/// What reading the protected item gave.
public enum ProtectedRead: Sendable, Hashable {
    /// The person was recognised; the item held this session, or nothing readable (a new face or finger
    /// enrolled since, which invalidates it).
    case granted(StoredSession?)
    /// The person cancelled or was not recognised.
    case declined
}

/// What a launch with Face ID sign-in found.
public enum BiometricUnlock: Sendable, Hashable {
    /// Face ID sign-in is off; the ordinary session, if any, stands.
    case notEnabled
    /// The person was recognised and the protected session is the client's again.
    case unlocked
    /// The person cancelled or was not recognised: offer Face ID again, or the password.
    case declined
    /// The protected item no longer opens (biometrics changed); it is deleted and Face ID sign-in is off.
    case invalidated
}

/// Keeps the session where the client reads it — and, while Face ID sign-in is on, only in the item Face
/// ID opens: the readable store then holds no refresh token at all, the session lives in memory once
/// Face ID has unlocked it, and every refresh is written back to the protected item, so it is never a
/// token the server has rotated (and would revoke the session for). An item a new enrolment invalidated
/// leaves the person signed out, to sign in again with a code or password, never to a readable copy.
/// Clearing (signing out) deletes everything.
///
/// ```swift
/// let tokens = BiometricTokenStore(KeychainTokenStore(), protected: BiometricKeychainItem())
/// let client = DoorstepClient(baseURL: url, tokenStore: tokens)
/// if await tokens.unlock(reason: "Unlock Kordant") == .declined { showLock() }
/// ```
public actor BiometricTokenStore: TokenStore {
    let primary: any TokenStore
    let protected: any ProtectedSessionItem
    /// The protected session once Face ID opened it (or it was protected in this launch); never on disk
    /// outside the protected item.
    private var unlocked: StoredSession?

    /// - Parameters:
    ///   - primary: where the client keeps the session while Face ID sign-in is off (the Keychain item
    ///     readable after first unlock).
    ///   - protected: the item Face ID opens, the only place the session is kept while it is on.
    public init(_ primary: any TokenStore, protected: any ProtectedSessionItem) {
        self.primary = primary
        self.protected = protected
    }

    public func load() async throws -> StoredSession? {
        if await protected.exists() { return unlocked }
        return try await primary.load()
    }

    public func save(_ session: StoredSession) async throws {
        guard await protected.exists() else { return try await primary.save(session) }
        try await protected.write(session)
        unlocked = session
    }

    public func clear() async throws {
        unlocked = nil
        await protected.delete()
        try await primary.clear()
    }

    /// Whether Face ID sign-in is on.
    public var isEnabled: Bool {
        get async { await protected.exists() }
    }

    /// Turns Face ID sign-in on with the session kept now, which moves into the protected item and out of
    /// the readable store; whether there was one to protect.
    public func enable() async -> Bool {
        guard let session = try? await primary.load(), (try? await protected.write(session)) != nil else {
            return false
        }
        unlocked = session
        try? await primary.clear()
        return true
    }

    /// Turns Face ID sign-in off: the session, if Face ID opened it, goes back to the readable store, and
    /// the protected item is deleted.
    public func disable() async {
        if let unlocked { try? await primary.save(unlocked) }
        unlocked = nil
        await protected.delete()
    }

    /// At launch, while Face ID sign-in is on: asks for Face ID and, only once it succeeds, reads the
    /// protected session and makes it the client's, in memory.
    public func unlock(reason: String) async -> BiometricUnlock {
        guard await protected.exists() else { return .notEnabled }
        switch await protected.read(afterAuthenticating: reason) {
        case .declined:
            return .declined
        case .granted(nil):
            await protected.delete()
            try? await primary.clear()
            return .invalidated
        case .granted(let session?):
            unlocked = session
            return .unlocked
        }
    }
}
