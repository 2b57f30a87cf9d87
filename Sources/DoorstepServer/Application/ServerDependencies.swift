import Crypto
import DoorstepHTTP
import DoorstepServerCore
import DoorstepWeb
import Hummingbird
import Logging

/// What the server is built from. The composition root creates these once; tests pass in-memory
/// storage, a manual clock and a cheap hasher.
public struct ServerDependencies: Sendable {
    public var storage: any Storage
    /// Where profile photos are kept.
    public var avatars: any AvatarStore
    public var keys: ServerKeys
    /// Opens the signing keys in the store, when they are sealed.
    public var keyEncryptionKey: SymmetricKey?
    public var hasher: any PasswordHasher
    public var clock: any WallClock
    public var random: any RandomSource
    /// Where mail goes besides the dev mailbox; nil builds it from the configuration (SMTP, or none).
    public var mailer: (any Mailer)?
    /// Turns the trainer's intake into goals and programs.
    public var planner: any GoalPlanner
    /// Fetches provider keys and calls Apple's endpoints.
    public var fetcher: any HTTPFetcher
    public var logger: Logger
    /// Turns not ready when the server is asked to stop.
    public var readiness: Readiness
    /// What the server counts, and whether `/metrics` serves it.
    public var metrics: ServerMetrics
    /// Posts webhook deliveries.
    public var webhookTransport: any WebhookTransport
    /// Where spans go, and the exporter that sends them; off unless an OTLP endpoint is configured.
    public var tracing: ServerTracing

    /// Creates the dependencies.
    public init(
        storage: any Storage, avatars: any AvatarStore = MemoryAvatarStore(), keys: ServerKeys,
        keyEncryptionKey: SymmetricKey? = nil, hasher: any PasswordHasher,
        clock: any WallClock = SystemWallClock(),
        random: any RandomSource = SecureRandomSource(), mailer: (any Mailer)? = nil,
        planner: any GoalPlanner = DeterministicGoalPlanner(), fetcher: any HTTPFetcher = AsyncHTTPFetcher(),
        logger: Logger = Logger(label: "doorstep"), readiness: Readiness = Readiness(),
        metrics: ServerMetrics = .disabled, webhookTransport: any WebhookTransport = WebhookHTTPTransport(),
        tracing: ServerTracing = .off
    ) {
        self.storage = storage
        self.avatars = avatars
        self.keys = keys
        self.keyEncryptionKey = keyEncryptionKey
        self.hasher = hasher
        self.clock = clock
        self.random = random
        self.mailer = mailer
        self.planner = planner
        self.fetcher = fetcher
        self.logger = logger
        self.readiness = readiness
        self.metrics = metrics
        self.webhookTransport = webhookTransport
        self.tracing = tracing
    }
}

/// The parts of a built server that callers may want to reach: the services, the mail outbox and
/// the dev mailbox.
public struct DoorstepServer {
    /// The auth features, each its own service.
    public let auth: AuthServices
    /// Signs and verifies access tokens; takes new signing keys while running.
    public let tokens: AccessTokens
    public let outbox: MailOutbox
    public let mailbox: DevMailbox?
    public let router: Router<DoorstepRequestContext>
    /// Flow events and funnels.
    public let analytics: AnalyticsService
    /// The deliveries of webhooks waiting to be posted.
    public let webhooks: WebhookQueue
    /// The audit log's writer.
    public let auditTrail: AuditTrail
}
