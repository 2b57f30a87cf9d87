import Foundation
import Logging

/// What every service shares and no feature owns: the time, randomness, the log, metrics, the audit
/// trail and the webhook events. Built once and handed to each service, so none copies them out of
/// another.
public struct ServiceContext: Sendable {
    /// The time every rule reads.
    let clock: any WallClock
    /// Ids, tokens, codes and secrets.
    let random: any RandomSource
    let logger: Logger
    let metrics: DoorstepMetrics
    /// Security events, to the log and the audit log.
    package let audit: SecurityAudit
    /// Where account events go for webhooks, in the transaction of each change.
    let webhooks: WebhookEvents

    /// Creates the context; the audit trail, when given, also keeps security events in the database.
    public init(
        clock: any WallClock, random: any RandomSource, logger: Logger = Logger(label: "doorstep.auth"),
        metrics: DoorstepMetrics = .disabled, webhooks: WebhookEvents = .disabled, auditTrail: AuditTrail? = nil
    ) {
        self.clock = clock
        self.random = random
        self.logger = logger
        self.metrics = metrics
        self.audit = SecurityAudit(logger: logger, trail: auditTrail)
        self.webhooks = webhooks
    }

    /// Ends credentials and sessions by kind, announcing each ended session to webhooks.
    var credentials: AccountCredentials { AccountCredentials(webhooks: webhooks) }
}
