import DoorstepHTTP
import DoorstepServer
import DoorstepServerCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOPosix
import Synchronization

/// A Doorstep server for tests: the real router and services on the storage a test picks, a manual
/// clock, an inbox that receives every mail as an SMTP server would, and real bcrypt at its lowest
/// cost. The dev mailbox is off, as in production, unless a test turns it on.
public struct TestServer: Sendable {
    /// The server's auth services.
    public let auth: AuthServices
    /// Every mail the server sent.
    public let inbox: DevMailbox
    /// The mail outbox; the background sender does not run in tests, so reading mail delivers it.
    public let outbox: MailOutbox
    public let clock: ManualClock
    public let storage: any Storage
    public let hasher: CountingHasher
    public let avatars: MemoryAvatarStore
    /// The audit log; entries wait until ``AuditTrail/flush()``.
    public let auditTrail: AuditTrail
    let application: Application<RouterResponder<DoorstepRequestContext>>

    /// A thread pool for bcrypt shared by every test server of the run.
    public static let hashingPool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 2)
        pool.start()
        return pool
    }()

    /// Keys generated once for the whole run.
    public static let keys: ServerKeys = {
        do {
            return try ServerKeys.generate()
        } catch {
            fatalError("cannot generate test keys: \(error)")
        }
    }()

    /// The key-encryption key of the test servers that have an https public URL (32 bytes).
    static let keyEncryptionKey = Data((1...32).map { UInt8($0) }).base64EncodedString()

    /// Builds a server.
    /// - Parameter hasher: hashes passwords in place of bcrypt (one that refuses, for a crowd).
    public static func make(
        storage: (any Storage)? = nil, logger: Logger = Logger(label: "doorstep.test"),
        metrics: ServerMetrics = .disabled, hasher: (any PasswordHasher)? = nil,
        configure: (inout ServerConfiguration) -> Void = { _ in }
    ) async throws -> TestServer {
        var configuration = ServerConfiguration()
        configuration.passwordCost = 4
        configure(&configuration)
        let clock = ManualClock()
        let storage = storage ?? MemoryStorage()
        let hasher = CountingHasher(
            hasher ?? BcryptPasswordHasher(cost: configuration.passwordCost, threadPool: hashingPool))
        let avatars = MemoryAvatarStore()
        let inbox = DevMailbox(echo: { _ in })
        // An https server keeps its signing keys sealed, in tests as in production.
        let keyEncryptionKey =
            configuration.publicURLIsHTTPS ? try ServerKeyStore.encryptionKey(base64: Self.keyEncryptionKey) : nil
        let dependencies = ServerDependencies(
            storage: storage, avatars: avatars, keys: keys, keyEncryptionKey: keyEncryptionKey, hasher: hasher,
            clock: clock, mailer: inbox, logger: logger, metrics: metrics)
        let server = try await buildServer(configuration: configuration, dependencies: dependencies)
        let application = Application(router: server.router, logger: logger)
        return TestServer(
            auth: server.auth, inbox: inbox, outbox: server.outbox, clock: clock, storage: storage,
            hasher: hasher,
            avatars: avatars, auditTrail: server.auditTrail,
            application: application)
    }

    /// Sends requests into the real router, without sockets.
    public func test<Value: Sendable>(_ body: @Sendable (TestHTTPClient) async throws -> Value) async throws -> Value {
        try await application.test(.router) { client in
            try await body(TestHTTPClient(client: client))
        }
    }

    /// The newest code mailed to `email`.
    public func latestCode(to email: String) async -> String? {
        await mail(to: email).first?.code
    }

    /// The mail sent to `email`, newest first, once the outbox has delivered what is due.
    public func mail(to email: String) async -> [Mail] {
        await outbox.deliverDue()
        return await inbox.mail(to: email)
    }
}

/// Counts hashes and checks, to prove that work is done (a log-in for an unknown email still runs
/// bcrypt) without timing anything.
public final class CountingHasher: PasswordHasher {
    let wrapped: any PasswordHasher
    private let counts = Mutex((hashes: 0, verifications: 0))

    init(_ wrapped: any PasswordHasher) {
        self.wrapped = wrapped
    }

    public var verifications: Int { counts.withLock { $0.verifications } }
    public var hashes: Int { counts.withLock { $0.hashes } }

    public func hash(_ secret: String) async throws -> String {
        counts.withLock { $0.hashes += 1 }
        return try await wrapped.hash(secret)
    }

    public func verify(_ secret: String, against hash: String) async throws -> Bool {
        counts.withLock { $0.verifications += 1 }
        return try await wrapped.verify(secret, against: hash)
    }

    public func verify(_ password: String, imported: ImportedPasswordHash, firebase: FirebaseScrypt?) async throws
        -> Bool
    {
        counts.withLock { $0.verifications += 1 }
        return try await wrapped.verify(password, imported: imported, firebase: firebase)
    }
}
