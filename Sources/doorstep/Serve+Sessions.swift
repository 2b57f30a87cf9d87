import ArgumentParser
import DoorstepServer
import DoorstepServerCore

extension Serve {
    /// Reads how long sessions last, how much mail goes out an hour and how the mail and webhook queues
    /// retry.
    func resolveSessionsAndBudgets(into configuration: inout ServerConfiguration, environment: [String: String]) throws
    {
        let day: Double = 24 * 60 * 60
        let idle = try sessionIdleDays ?? Self.integer(environment, "DOORSTEP_SESSION_IDLE_DAYS")
        let lifetime = try sessionLifetimeDays ?? Self.integer(environment, "DOORSTEP_SESSION_LIFETIME_DAYS")
        if let idle {
            guard (1...365).contains(idle) else { throw ValidationError("The idle session lifetime is 1–365 days.") }
            configuration.sessionLifetimes.idle = Double(idle) * day
        }
        if let lifetime {
            guard (1...3_650).contains(lifetime) else { throw ValidationError("The session lifetime is 1–3650 days.") }
            configuration.sessionLifetimes.absolute = Double(lifetime) * day
        }
        guard configuration.sessionLifetimes.idle <= configuration.sessionLifetimes.absolute else {
            throw ValidationError(
                "Sessions cannot last longer unused than they last at all: lower --session-idle-days.")
        }
        if let days = try auditRetentionDays ?? Self.integer(environment, "DOORSTEP_AUDIT_RETENTION_DAYS") {
            guard (1...3_650).contains(days) else { throw ValidationError("The audit retention is 1–3650 days.") }
            configuration.auditRetention = Double(days) * day
        }
        if let idle = try Self.walkIdleTime(option: walkIdleHours, environment: environment) {
            configuration.walkIdleAfter = idle
        }
        if let budget = try mailBudgetPerHour ?? Self.integer(environment, "DOORSTEP_MAIL_BUDGET_PER_HOUR") {
            guard budget == 0 || budget >= 2 else {
                throw ValidationError("The mail budget is 2 or more mails an hour, or 0 for no limit.")
            }
            configuration.outbox.budget = budget == 0 ? nil : OutboundMailBudget(perHour: budget)
        }
        if let delay = try retryDelay ?? Self.decimal(environment, "DOORSTEP_RETRY_DELAY") {
            configuration.outbox.retry.firstDelay = delay
            configuration.webhooks.retry.firstDelay = delay
        }
        if let lease = try webhookLease ?? Self.integer(environment, "DOORSTEP_WEBHOOK_LEASE") {
            configuration.webhooks.retry.lease = Double(lease)
        }
    }

    /// `--walk-idle-hours`, else `DOORSTEP_WALK_IDLE_HOURS`, in seconds, for the server and for
    /// `doorstep analytics compact` alike; nil when neither is given.
    static func walkIdleTime(option hours: Int?, environment: [String: String]) throws -> Double? {
        guard let hours = try hours ?? integer(environment, "DOORSTEP_WALK_IDLE_HOURS") else { return nil }
        return try walkIdleTime(hours: hours)
    }

    /// `hours` in seconds; refused outside 1–720 hours.
    static func walkIdleTime(hours: Int) throws -> Double {
        guard (1...720).contains(hours) else { throw ValidationError("The walk idle time is 1–720 hours.") }
        return Double(hours) * 3_600
    }
}
