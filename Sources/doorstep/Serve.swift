import ArgumentParser
import Crypto
import DoorstepSQLite
import DoorstepServer
import DoorstepServerCore
import Foundation
import JWTKit
import Logging
import NIOCore
import NIOPosix

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the Doorstep server.",
        discussion: """
            Every option can also be set with an environment variable: DOORSTEP_HOST, DOORSTEP_PORT, \
            DOORSTEP_DATABASE, DOORSTEP_DATABASE_POOL_SIZE, DOORSTEP_PUBLIC_URL, DOORSTEP_TOKEN_ISSUER, \
            DOORSTEP_DEV_MAILBOX (on/off), DOORSTEP_SMTP_URL, DOORSTEP_MAIL_FROM, \
            DOORSTEP_MAIL (none), DOORSTEP_MAIL_BRAND, DOORSTEP_MAIL_APP_NAME, DOORSTEP_MAIL_ACCENT, \
            DOORSTEP_MAIL_TEMPLATES, DOORSTEP_MAIL_BUDGET_PER_HOUR, DOORSTEP_RATE_LIMITS (on/off), \
            DOORSTEP_TRUSTED_PROXIES (comma-separated), DOORSTEP_ALLOW_UNSEALED_KEYS (on/off), \
            DOORSTEP_IDLE_TIMEOUT, DOORSTEP_READ_TIMEOUT, DOORSTEP_WEBHOOKS_ALLOW_PRIVATE (on/off), \
            DOORSTEP_AUDIT_RETENTION_DAYS, DOORSTEP_WALK_IDLE_HOURS, DOORSTEP_SESSION_IDLE_DAYS, \
            DOORSTEP_SESSION_LIFETIME_DAYS, \
            DOORSTEP_PASSWORD_COST, DOORSTEP_DRAIN_SECONDS, \
            DOORSTEP_LOG_FORMAT (text/json), DOORSTEP_LOG_LEVEL, \
            DOORSTEP_PASSKEY_RP_ID, DOORSTEP_PASSKEY_ORIGINS and DOORSTEP_APPLE_APP_IDS (comma-separated). The command \
            line wins over the environment. DOORSTEP_KEY_ENCRYPTION_KEY (32 bytes in base64) seals the \
            signing keys in the database; a server with an https public URL refuses to start without it \
            unless --allow-unsealed-keys says so on purpose.
            """
    )

    @Option(help: "The address to listen on. (default: 127.0.0.1)")
    var host: String?

    @Option(help: "The port to listen on; 0 picks a free one. (default: 8080)")
    var port: Int?

    @Option(
        help: """
            An SQLite file, or a PostgreSQL URL: postgres://user:password@host:5432/database?sslmode=require. \
            (default: ./doorstep.sqlite)
            """)
    var database: String?

    @Option(help: "How many connections to PostgreSQL this instance opens at most. (default: 10)")
    var databasePoolSize: Int?

    @Option(help: "The address apps and browsers reach this server at, such as https://auth.example.com.")
    var publicURL: String?

    @Option(help: "The iss of access tokens, which app backends check. (default: the public URL)")
    var tokenIssuer: String?

    @Flag(
        inversion: .prefixedNo,
        help: """
            Keep every mail and list it at /dev/mail, for a developer's machine only: refused with an https \
            public URL or a host other than loopback. (default: on without --smtp-url, off with it)
            """)
    var devMailbox: Bool?

    @Option(help: "Send mail through this SMTP server: smtp://user:password@host:587?starttls=required or smtps://…")
    var smtpURL: String?

    @Option(help: "The sender of every mail, such as \"TANDA <no-reply@example.com>\".")
    var mailFrom: String?

    @Option(help: "\"none\" to run with no mail at all, on purpose (no dev mailbox, no SMTP).")
    var mail: MailSetting?

    @Option(help: "Write mail in the name and accent colour of this catalog flow's theme, such as tanda.")
    var mailBrand: String?

    @Option(help: "The app name mail is written in. (default: the sender's name)")
    var mailAppName: String?

    @Option(help: "The accent colour of mail, #RRGGBB.")
    var mailAccent: String?

    @Option(help: "A folder of Mustache mail templates that replace the bundled ones of the same name.")
    var mailTemplates: String?

    @Option(help: "Per-client rate limits on every write under /v1 and the funnel's forms: on or off. (default: on)")
    var rateLimits: Switch?

    @Option(
        help: """
            Whether POST /v1/auth/identify tells if an address has an account, and how it signs in: on, or \
            off to answer 404 for every address (identifier-first flows go on with a mailed code) and to \
            answer an email change to a taken address as any other. (default: on)
            """)
    var identify: Switch?

    @Flag(
        help: """
            Let webhooks go to plain http and to loopback and private addresses, for tests and a \
            developer's machine only: on a server it lets whoever adds an endpoint reach your own network.
            """)
    var webhooksAllowPrivate = false

    @Option(help: "Seconds before a mail or webhook that failed is tried again; each later wait doubles. (default: 2)")
    var retryDelay: Double?

    @Option(
        help: """
            Seconds an instance holds the webhook deliveries it took before another may take them over, \
            as after a crash: at least twice an attempt's 10 s. (default: 60)
            """)
    var webhookLease: Int?

    @Option(
        help: """
            Send traces over OTLP/HTTP to the OpenTelemetry collector at this base URL, such as \
            http://collector:4318; the standard OTEL_* variables apply. (default: off)
            """)
    var otlpEndpoint: String?

    @Option(help: "Take App Store purchases for this app's bundle id, such as com.example.kordant.")
    var appstoreBundleId: String?

    @Option(help: "production or sandbox: the App Store purchases are taken from. (default: production)")
    var appstoreEnvironment: String?

    @Option(help: "A root certificate (PEM or DER) to trust instead of Apple's, for tests on this machine only.")
    var appstoreRootCertificate: String?

    @Option(help: "keep or transfer: whether another account's purchase, restored here, moves. (default: keep)")
    var appstoreRestorePolicy: String?

    @OptionGroup var appAttest: AppAttestOptions

    @Option(help: "Days the audit log keeps an entry. (default: 365)")
    var auditRetentionDays: Int?

    @Option(
        help: """
            Hours a walk through a flow stays idle before it is folded into its day's funnel and, when it \
            never finished, reported to webhooks as flow.abandoned with its last screen, within the hour \
            after. 1–720. (default: 24)
            """)
    var walkIdleHours: Int?

    @Option(
        name: .customLong("trusted-proxy"),
        help: """
            A reverse proxy (an address or CIDR block, such as 10.0.0.0/8) whose forwarding header names \
            the client; repeatable. From anyone else forwarding headers are ignored.
            """)
    var trustedProxies: [String] = []

    @Option(
        help: """
            The header the trusted proxies set: x-forwarded-for (with X-Forwarded-Proto) or forwarded \
            (RFC 7239). The other one is what the client sent and is ignored. (default: x-forwarded-for)
            """)
    var trustedProxyHeader: String?

    @Flag(
        help: """
            Serve an https public URL with the signing keys unsealed in the database, on purpose. Without \
            it such a server needs DOORSTEP_KEY_ENCRYPTION_KEY.
            """)
    var allowUnsealedKeys = false

    @Option(
        help: "Seconds a connection may stay idle, or take to send a request's head, before it is closed. (default: 60)"
    )
    var idleTimeout: Int?

    @Option(help: "Seconds a request's body may take to arrive before the answer is 408. (default: 30)")
    var readTimeout: Int?

    @Option(
        help: """
            Serve Prometheus metrics at /metrics: on or off. They hold no personal data, but say how \
            busy the service is: keep the path off the public internet. (default: off)
            """)
    var metrics: Switch?

    @Option(help: "A bearer token (24 characters or more) for reading funnels from scripts and the CLI.")
    var adminToken: String?

    @Option(name: .customLong("admin-email"), help: "An account that may read funnels once signed in; repeatable.")
    var adminEmails: [String] = []

    @Option(help: "Days a session lasts unused; each refresh extends it. (default: 30)")
    var sessionIdleDays: Int?

    @Option(help: "Days a session lasts however often it is used; then the person signs in again. (default: 90)")
    var sessionLifetimeDays: Int?

    @Option(
        help: """
            Mails every instance together sends in an hour at most; codes come first, other mail gets \
            half. 0 for no limit. (default: 1000)
            """)
    var mailBudgetPerHour: Int?

    @Option(help: "bcrypt's cost, 4–31. (default: 12)")
    var passwordCost: Int?

    @Option(
        help: """
            A directory of flow files (tanda.json, …) served instead of the bundled flows of the same id, \
            such as a copy whose experiment an operator has started.
            """)
    var flowsDirectory: String?

    @Option(
        help: """
            Seconds between a stop signal and the listener closing: /readyz answers 503 meanwhile, so a \
            load balancer moves traffic away first. (default: 5)
            """)
    var drainSeconds: Double?

    @Option(
        name: .customLong("apple-audience"), help: "An app bundle id Sign in with Apple tokens may name; repeatable.")
    var appleAudiences: [String] = []

    @Option(help: "The passkey relying party: your domain, such as example.com. Without it passkeys are off.")
    var passkeyRpId: String?

    @Option(
        name: .customLong("passkey-origin"),
        help: """
            A web page passkeys may be used from, such as https://auth.example.com; repeatable. iOS apps \
            need --apple-app-id instead. (default: the public URL, else https://<rp id>)
            """)
    var passkeyOrigins: [String] = []

    @Option(
        name: .customLong("apple-app-id"),
        help:
            """
            An app, TEAMID.bundle.id, allowed to use this server's passkeys (apple-app-site-association); \
            it reports the origin https://<rp id>. Its installs may attest keys with App Attest. Repeatable.
            """)
    var appleAppIDs: [String] = []

    @Option(name: .customLong("google-audience"), help: "A client id Google ID tokens may name; repeatable.")
    var googleAudiences: [String] = []

    @Option(help: "text, or json: one JSON object per line. (default: text)")
    var logFormat: LogFormat?

    @Option(help: "trace, debug, info, notice, warning, error or critical. (default: info)")
    var logLevel: String?

    func run() async throws {
        let configuration = try resolvedConfiguration(environment: ProcessInfo.processInfo.environment)
        let logger = try makeLogger(environment: ProcessInfo.processInfo.environment)

        let environment = ProcessInfo.processInfo.environment
        let keyEncryptionKey = try ServerStore.keyEncryptionKey(environment: environment)
        let store = try await ServerStore.open(
            configuration.database, poolSize: configuration.databasePoolSize, logger: logger)
        do {
            try await serve(
                configuration, store: store, keyEncryptionKey: keyEncryptionKey, environment: environment,
                logger: logger)
        } catch {
            try? await store.close()
            throw error
        }
        try await store.close()
    }

    private func serve(
        _ configuration: ServerConfiguration, store: ServerStore, keyEncryptionKey: SymmetricKey?,
        environment: [String: String], logger: Logger
    ) async throws {
        let keys = try await store.loadKeys(database: configuration.database, environment: environment, logger: logger)
        let serverMetrics: ServerMetrics =
            try metrics?.isOn ?? Self.switchValue(environment, "DOORSTEP_METRICS") ?? false
            ? .prometheus() : .disabled
        let hashingPool = NIOThreadPool(numberOfThreads: System.coreCount)
        hashingPool.start()
        defer { hashingPool.shutdownGracefully { _ in } }
        let tracing = try ServerTracing.otlp(
            endpoint: configuration.otlpEndpoint, environment: environment, logger: logger)
        let dependencies = ServerDependencies(
            storage: store.storage, avatars: store.avatars, keys: keys, keyEncryptionKey: keyEncryptionKey,
            hasher: BoundedPasswordHasher(
                BcryptPasswordHasher(cost: configuration.passwordCost, threadPool: hashingPool),
                workers: System.coreCount, metrics: serverMetrics.core, spans: tracing.spans),
            logger: logger, metrics: serverMetrics, tracing: tracing)
        logger.info(
            "Doorstep is serving on http://\(configuration.host):\(configuration.port)",
            metadata: [
                "database": "\(configuration.databaseDisplayName)",
                "devMailbox": "\(configuration.devMailbox ? "/dev/mail" : "off")",
                "smtp": "\(configuration.smtp?.redacted ?? "off")",
            ])
        try await runServer(configuration: configuration, dependencies: dependencies)
    }
}
