import DoorstepHTTP
import DoorstepServerCore
import DoorstepWeb
import HummingbirdBcrypt
import NIOPosix

/// bcrypt on a thread pool of its own, so hashing — deliberately slow — never blocks the event loops
/// that serve every other request, nor the threads the database runs on.
public struct BcryptPasswordHasher: PasswordHasher {
    let cost: UInt8
    let threadPool: NIOThreadPool

    /// Creates a hasher; `threadPool` must be started and should serve hashing only.
    public init(cost: Int, threadPool: NIOThreadPool) {
        self.cost = UInt8(clamping: min(max(cost, 4), 31))
        self.threadPool = threadPool
    }

    public func hash(_ secret: String) async throws -> String {
        let cost = self.cost
        return try await threadPool.runIfActive { Bcrypt.hash(secret, cost: cost) }
    }

    public func verify(_ secret: String, against hash: String) async throws -> Bool {
        try await threadPool.runIfActive { Bcrypt.verify(secret, hash: hash) }
    }

    /// Checks a hash imported from another service on the hashing threads: bcrypt of the password
    /// itself at the cost it was made with (`$2y$`, PHP's name for `$2b$`, included), or Firebase's scrypt.
    public func verify(_ password: String, imported: ImportedPasswordHash, firebase: FirebaseScrypt?) async throws
        -> Bool
    {
        try await threadPool.runIfActive {
            switch imported {
            case .bcrypt(let hash):
                let normalized = hash.hasPrefix("$2y$") ? "$2b$" + hash.dropFirst(4) : hash
                return Bcrypt.verify(password, hash: normalized)
            case .firebaseScrypt:
                return ImportedPasswords.verify(password, imported: imported, firebase: firebase)
            }
        }
    }
}
