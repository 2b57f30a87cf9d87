import Crypto
import Foundation

/// Hashes and checks passwords. The server's implementation runs bcrypt on its own threads so that
/// hashing never blocks request handling.
public protocol PasswordHasher: Sendable {
    /// A new hash of `secret`.
    func hash(_ secret: String) async throws -> String
    /// Whether `secret` matches `hash`.
    func verify(_ secret: String, against hash: String) async throws -> Bool
    /// Runs `work` once a place to hash is free, and lets the hashes `work` asks for use that place:
    /// reads that only matter if the hash runs go inside, so a request refused for want of a place
    /// has cost no storage. Refuses as ``hash(_:)`` does.
    func whenAdmitted<Result>(_ work: () async throws -> Result) async throws -> Result
    /// Whether `password` matches a hash imported from another service, checked by that service's
    /// scheme; `firebase` holds the parameters of the Firebase project imported from, if any.
    func verify(_ password: String, imported: ImportedPasswordHash, firebase: FirebaseScrypt?) async throws -> Bool
}

extension PasswordHasher {
    /// A hasher without admission control runs `work` at once.
    public func whenAdmitted<Result>(_ work: () async throws -> Result) async throws -> Result {
        try await work()
    }
}

/// What is actually given to bcrypt: the password's SHA-256, base64-encoded (44 characters).
/// bcrypt reads at most 72 bytes, so a long password would otherwise be silently cut short; with the
/// prehash every character counts.
public enum PasswordPrehash {
    /// The string bcrypt hashes for `password`.
    public static func bcryptInput(_ password: String) -> String {
        Data(SHA256.hash(data: Data(password.utf8))).base64EncodedString()
    }
}

/// Common passwords that sign-up, reset and change refuse with `weak_password`.
public struct CommonPasswords: Sendable {
    private let passwords: Set<String>

    /// The list shipped with Doorstep.
    public static let bundled: CommonPasswords = {
        guard let url = Bundle.module.url(forResource: "common-passwords", withExtension: "txt"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return CommonPasswords(passwords: []) }
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        return CommonPasswords(passwords: Set(lines))
    }()

    /// A list of the given passwords.
    public init(passwords: Set<String>) {
        self.passwords = Set(passwords.map { $0.lowercased() })
    }

    /// How many passwords the list holds.
    public var count: Int { passwords.count }

    /// Whether `password` is on the list, ignoring case.
    public func contains(_ password: String) -> Bool {
        passwords.contains(password.lowercased())
    }
}
