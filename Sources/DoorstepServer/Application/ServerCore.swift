import DoorstepHTTP
import DoorstepMail
import DoorstepServerCore
import DoorstepWeb
import Foundation

/// What every part of the server shares: the measured storage, the mail outbox and dev mailbox, the
/// webhook queue, the audit trail, the access tokens and the sign-in service the others build on.
struct ServerCore {
    let storage: MeasuredStorage
    /// Shows mail on `/dev/mail` when the configuration asks for it.
    let mailbox: DevMailbox?
    let outbox: MailOutbox
    let webhookEvents: WebhookEvents
    let webhooks: WebhookQueue
    let auditTrail: AuditTrail
    let tokens: AccessTokens
    /// The time, randomness, log, metrics, audit trail and webhook events every service shares.
    let context: ServiceContext
    let auth: AuthServices

    init(configuration: ServerConfiguration, dependencies: ServerDependencies) async throws {
        let logger = dependencies.logger
        let metrics = dependencies.metrics.core
        let spans = dependencies.tracing.spans
        storage = MeasuredStorage(dependencies.storage, metrics: metrics, spans: spans)
        // The dev mailbox says who each mail is for in the server's own log format.
        mailbox = configuration.devMailbox ? DevMailbox(echo: { logger.notice("\($0)") }) : nil
        var outboxPolicy = configuration.outbox
        if !configuration.rateLimits { outboxPolicy.codesPerClient = nil }
        outbox = MailOutbox(
            storage: storage,
            transport: mailTransport(configuration: configuration, dependencies: dependencies, mailbox: mailbox),
            sealer: MailSealer(keys: dependencies.keys),
            composer: try TemplateMailComposer(
                overrides: configuration.mailTemplatesDirectory, brand: configuration.resolvedMailBrand),
            clock: dependencies.clock, random: dependencies.random,
            policy: outboxPolicy, logger: logger, metrics: metrics, spans: spans)
        webhookEvents = WebhookEvents(clock: dependencies.clock, random: dependencies.random, spans: spans)
        auditTrail = AuditTrail(
            storage: storage, clock: dependencies.clock, random: dependencies.random, logger: logger)
        webhooks = WebhookQueue(
            storage: storage, transport: dependencies.webhookTransport,
            sealer: WebhookSecretSealer(keys: dependencies.keys), clock: dependencies.clock,
            policy: configuration.webhooks, logger: logger, spans: spans)
        var policy = AuthPolicy()
        policy.identifyEnabled = configuration.identifyEnabled
        policy.idleSessionLifetime = configuration.sessionLifetimes.idle
        policy.absoluteSessionLifetime = configuration.sessionLifetimes.absolute
        tokens = await AccessTokens(
            keys: dependencies.keys, issuer: configuration.resolvedIssuer, audience: configuration.audience,
            rotation: configuration.keyRotation)
        context = ServiceContext(
            clock: dependencies.clock, random: dependencies.random, logger: logger, metrics: metrics,
            webhooks: webhookEvents, auditTrail: auditTrail)
        auth = try await AuthServices(
            storage: storage, hasher: dependencies.hasher, tokens: tokens, outbox: outbox, keys: dependencies.keys,
            policy: policy, context: context)
    }
}
