import DoorstepMail
import DoorstepServerCore
import Foundation

/// Everything `doorstep serve` can be told. The composition root reads it once — from the command
/// line, then `DOORSTEP_…` environment variables, then these defaults — and nothing deeper reads
/// the environment.
public struct ServerConfiguration: Sendable {
    /// The address to listen on.
    public var host = "127.0.0.1"
    /// The port to listen on.
    public var port = 8080
    /// The SQLite file; the signing keys are kept beside it.
    public var databasePath = "./doorstep.sqlite"
    /// Whether mail goes to the dev mailbox (printed, and listed at `/dev/mail`).
    public var devMailbox = true
    /// Whether per-IP rate limits apply to the auth endpoints.
    public var rateLimits = true
    /// bcrypt's cost.
    public var passwordCost = 12
    /// The `iss` of access tokens.
    public var issuer = "doorstep"
    /// The `aud` of access tokens.
    public var audience = "doorstep-app"
    /// The largest JSON body accepted, in bytes.
    public var maxBodySize = 64 * 1024
    /// Whether `identify` answers; off hides which emails have accounts.
    public var identifyEnabled = true
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
    /// The app mail speaks for; nil takes the sender's name and the default colour.
    public var mailBrand: MailBrand?
    /// A folder of Mustache templates that replace the bundled ones of the same name.
    public var mailTemplatesDirectory: String?

    /// The brand mail is written in.
    public var resolvedMailBrand: MailBrand {
        mailBrand ?? MailBrand(appName: mailFrom.name ?? "Doorstep")
    }

    /// The defaults.
    public init() {}

    /// The file the server's keys live in: beside the database.
    public var keyFilePath: String {
        databasePath + ".keys.json"
    }
}
