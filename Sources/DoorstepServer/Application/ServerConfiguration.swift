import DoorstepHTTP
import DoorstepMail
import DoorstepServerCore
import DoorstepWeb
import Foundation

/// Everything `doorstep serve` can be told. The composition root reads it once — from the command
/// line, then `DOORSTEP_…` environment variables, then these defaults — and nothing deeper reads
/// the environment. The defaults are a production server's: the developer's conveniences (the dev
/// mailbox, unsealed keys) are asked for, and ``validate(sealedKeys:)`` — which `buildServer` runs —
/// refuses them where others can reach the server.
public struct ServerConfiguration: Sendable {
    /// The address to listen on.
    public var host = "127.0.0.1"
    /// The port to listen on.
    public var port = 8080
    /// The database: an SQLite file path, or a `postgres://` URL.
    public var database = "./doorstep.sqlite"
    /// How many connections to PostgreSQL an instance opens at most.
    public var databasePoolSize = 10
    /// The address apps and browsers reach the server at, such as `https://auth.example.com`.
    public var publicURL: String?
    /// Whether mail goes to the dev mailbox (printed, and listed at `/dev/mail`): for a developer's
    /// machine only, so off unless asked for, and refused beside an https public URL or a host other
    /// than loopback.
    public var devMailbox = false
    /// Whether the server runs without mail on purpose (`--mail none`): without it, a server with
    /// neither SMTP nor the dev mailbox (nor a mailer of the app's own) is refused, since its codes
    /// would go nowhere.
    public var sendsNoMail = false
    /// Whether an https server may keep its signing keys unsealed in the database, on purpose
    /// (`--allow-unsealed-keys`); without it, such a server needs a key-encryption key.
    public var allowsUnsealedKeys = false
    /// Whether per-IP rate limits apply to the auth endpoints.
    public var rateLimits = true
    /// Proxies whose `Forwarded` and `X-Forwarded-For` headers are believed, as CIDR blocks
    /// (`10.0.0.0/8`, `fd00::/8`); from anyone else the headers are ignored.
    public var trustedProxies: [IPNetwork] = []
    /// The header those proxies name the client in; the other one is the client's own and is ignored.
    public var trustedProxyHeader: ForwardingHeader = .xForwardedFor
    /// How long a connection may stay idle, or take to send a request's head, before it is closed.
    public var idleTimeout: Duration = .seconds(60)
    /// How long a request's body may take to arrive; slower is 408.
    public var readTimeout: Duration = .seconds(30)
    /// bcrypt's cost.
    public var passwordCost = 12
    /// A directory of flow files replacing the bundled flows of the same id; nil serves the bundled ones.
    public var flowsDirectory: String?
    /// The `iss` of access tokens; nil takes ``publicURL``, else `doorstep`.
    public var issuer: String?
    /// How signing keys rotate and how long access tokens live.
    public var keyRotation = KeyRotationPolicy()
    /// The `aud` of access tokens.
    public var audience = "doorstep-app"
    /// The largest JSON body accepted, in bytes.
    public var maxBodySize = 64 * 1024
    /// Whether `identify` answers; off hides which emails have accounts.
    public var identifyEnabled = true
    /// How long a session lasts unused (each refresh extends it), and however often it is used.
    public var sessionLifetimes = (
        idle: AuthPolicy().idleSessionLifetime, absolute: AuthPolicy().absoluteSessionLifetime
    )
    /// Sign in with Apple, when set up: its key set and the app's bundle ids.
    public var apple: IdentityProviderConfiguration?
    /// Google Sign-In, when set up: its key set and the app's client ids.
    public var google: IdentityProviderConfiguration?
    /// Apple's token endpoints and the team's key, for revoking tokens of deleted accounts.
    public var appleTokens: AppleTokenClient.Configuration?
    /// A language model behind an OpenAI-compatible API for the trainer's goals and programs; the
    /// deterministic planner when absent.
    public var planner: ChatCompletionsGoalPlanner.Configuration?
    /// The SMTP server mail goes out through, if any (the dev mailbox may be on as well).
    public var smtp: SMTPConfiguration?
    /// The sender of every mail, such as `TANDA <no-reply@example.com>`.
    public var mailFrom = MailAddress("no-reply@localhost", name: "Doorstep")
    /// How the outbox retries and when it gives up.
    public var outbox = OutboxPolicy()
    /// How long audit log entries are kept, in seconds.
    public var auditRetention: TimeInterval = 365 * 86_400
    /// How long a walk through a flow stays idle before it is compacted into its day's funnel and,
    /// when it never finished, reported as `flow.abandoned`.
    public var walkIdleAfter: TimeInterval = AnalyticsPolicy().compactAfter
    /// How webhooks are retried and which addresses they may go to.
    public var webhooks = WebhookPolicy()
    /// The app mail speaks for; nil takes the sender's name and the default colour.
    public var mailBrand: MailBrand?
    /// A folder of Mustache templates that replace the bundled ones of the same name.
    public var mailTemplatesDirectory: String?

    /// The brand mail is written in.
    public var resolvedMailBrand: MailBrand {
        mailBrand ?? MailBrand(appName: mailFrom.name ?? "Doorstep")
    }

    /// The defaults.
    /// Passkeys: the relying party and the origins allowed to use it; `nil` turns passkeys off (their
    /// endpoints answer 404).
    public var passkeys: PasskeyRelyingParty?
    /// Apps (`TEAMID.bundle.id`) allowed to use this server's passkeys, served in
    /// `/.well-known/apple-app-site-association`.
    public var appleAppIDs: [String] = []

    /// The relying party ceremonies are checked against: ``passkeys``, and when ``appleAppIDs`` lists
    /// apps, the origin iOS writes into their client data — `https://<rp id>`, the domain whose
    /// association file names them (a native app has no web origin of its own).
    public var resolvedPasskeys: PasskeyRelyingParty? {
        guard var party = passkeys else { return nil }
        if !appleAppIDs.isEmpty { party.origins.insert("https://\(party.id)") }
        return party
    }

    /// The app whose App Store purchases `POST /v1/me/purchases` takes, its environment and the root its
    /// signatures chain to; nil takes none.
    public var appStore: AppStoreVerifier?
    /// Whether a purchase another account keeps stays there when someone else posts it (`keep`, the
    /// default: restores never steal) or moves to them (`transfer`).
    public var appStoreRestorePolicy: RestorePolicy = .keep
    /// App Attest for the apps in ``appleAppIDs``: its environment, its root and what each protected
    /// action (sign-up, code send, guest, password log-in) asks.
    public var appAttest = AppAttestConfiguration()
    /// The bearer token scripts read funnels with (`--admin-token`).
    public var adminToken: String?
    /// Accounts that may read funnels and the admin page once signed in (`--admin-email`).
    public var adminEmails: [String] = []

    /// Seconds between a stop signal (when `/readyz` turns 503) and the listener closing.
    public var drainSeconds: Double = 5
    /// The OpenTelemetry collector spans are sent to (its base URL, such as `http://collector:4318`);
    /// nil for none unless the `OTEL_EXPORTER_OTLP_*ENDPOINT` variables name one.
    public var otlpEndpoint: String?

    public init() {}

    /// The `iss` access tokens carry and app backends check.
    public var resolvedIssuer: String {
        issuer ?? publicURL ?? "doorstep"
    }

    /// Whether browsers reach the server over https, as the public URL says.
    public var publicURLIsHTTPS: Bool {
        publicURL.flatMap { URLComponents(string: $0) }?.scheme?.lowercased() == "https"
    }

    /// The database as logs may name it: a PostgreSQL URL without its password.
    public var databaseDisplayName: String {
        guard usesPostgres, var components = URLComponents(string: database) else { return database }
        if components.password != nil { components.password = "…" }
        return components.string ?? "postgres"
    }

    /// Whether ``database`` names a PostgreSQL server rather than an SQLite file.
    public var usesPostgres: Bool {
        database.hasPrefix("postgres://") || database.hasPrefix("postgresql://")
    }
}
