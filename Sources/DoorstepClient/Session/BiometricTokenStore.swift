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

/// Keeps the session where the client reads it and, while Face ID sign-in is on, a copy in the item only
/// Face ID opens — rewritten on every save, so the copy is never a refresh token the server has rotated
/// (and would revoke the session for). Clearing (signing out) deletes both.
///
/// ```swift
/// let tokens = BiometricTokenStore(KeychainTokenStore(), protected: BiometricKeychainItem())
/// let client = DoorstepClient(baseURL: url, tokenStore: tokens)
/// if await tokens.unlock(reason: "Unlock Kordant") == .declined { showLock() }
/// ```
public struct BiometricTokenStore: TokenStore {
    let primary: any TokenStore
    let protected: any ProtectedSessionItem

    /// - Parameters:
    ///   - primary: where the client keeps the session (the Keychain item readable after first unlock).
    ///   - protected: the item Face ID opens.
    public init(_ primary: any TokenStore, protected: any ProtectedSessionItem) {
        self.primary = primary
        self.protected = protected
    }

    public func load() async throws -> StoredSession? {
        try await primary.load()
    }

    public func save(_ session: StoredSession) async throws {
        try await primary.save(session)
        if await protected.exists() { try await protected.write(session) }
    }

    public func clear() async throws {
        await protected.delete()
        try await primary.clear()
    }

    /// Whether Face ID sign-in is on.
    public var isEnabled: Bool {
        get async { await protected.exists() }
    }

    /// Turns Face ID sign-in on with the session kept now; whether there was one to protect.
    public func enable() async -> Bool {
        guard let session = try? await primary.load() else { return false }
        return (try? await protected.write(session)) != nil
    }

    /// Turns Face ID sign-in off: the protected copy is deleted, the session stays.
    public func disable() async {
        await protected.delete()
    }

    /// At launch, while Face ID sign-in is on: asks for Face ID and, only once it succeeds, reads the
    /// protected session and makes it the client's.
    public func unlock(reason: String) async -> BiometricUnlock {
        guard await protected.exists() else { return .notEnabled }
        switch await protected.read(afterAuthenticating: reason) {
        case .declined:
            return .declined
        case .granted(nil):
            await protected.delete()
            return .invalidated
        case .granted(let session?):
            guard (try? await primary.save(session)) != nil else { return .declined }
            return .unlocked
        }
    }
}
