import DoorstepServerCore
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
}
