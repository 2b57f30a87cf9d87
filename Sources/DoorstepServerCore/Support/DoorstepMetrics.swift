import CoreMetrics
import struct Foundation.Date

/// How a person signed in or signed up, as counted for operators.
public enum SignInMethod: String, Sendable, CaseIterable {
    case password
    case code
    case passwordReset = "password_reset"
    case apple
    case google
    case passkey
    case guest
}

/// What the server counts for the people who run it: sign-ups, sign-ins and failures by method,
/// codes sent, lock-outs, refreshes and reuses, password hashing, storage latency, mail delivery
/// and flow completions. Built on swift-metrics with the factory handed in, so the server exports
/// them (Prometheus) and tests and tools pass ``disabled``. Labels hold only closed sets — methods,
/// purposes, reasons, catalog flow ids — never anything about a person.
public struct DoorstepMetrics: Sendable {
    let factory: any MetricsFactory

    /// Metrics that go nowhere.
    public static let disabled = DoorstepMetrics(factory: NOOPMetricsHandler.instance)

    /// Metrics made by `factory`.
    public init(factory: any MetricsFactory) {
        self.factory = factory
    }

    /// Makes the counters whose every series is known in advance, at zero, so a scrape shows them
    /// before their first event and a rate over them counts that event (a series that appears at 1
    /// has no increase to show): lock-outs, refreshes and reuses, shed hashes, mail results, and
    /// sessions opened by each method.
    public func declareKnownSeries() {
        for name in [
            "doorstep_lockouts_total", "doorstep_token_refreshes_total", "doorstep_refresh_token_reuses_total",
            "doorstep_password_hashes_shed_total",
        ] {
            _ = counter(name)
        }
        for result in ["sent", "retrying", "failed"] {
            _ = counter("doorstep_mail_deliveries_total", [("result", result)])
        }
        for method in SignInMethod.allCases {
            _ = counter("doorstep_signups_total", [("method", method.rawValue)])
            _ = counter("doorstep_signins_total", [("method", method.rawValue)])
        }
    }

    func counter(_ name: String, _ dimensions: [(String, String)] = []) -> Counter {
        Counter(label: name, dimensions: dimensions, factory: factory)
    }

    func gauge(_ name: String) -> Gauge {
        Gauge(label: name, dimensions: [], factory: factory)
    }

    func timer(_ name: String, _ dimensions: [(String, String)] = []) -> Timer {
        Timer(label: name, dimensions: dimensions, preferredDisplayUnit: .seconds, factory: factory)
    }

    // MARK: - Requests

    /// One request answered: counted by route template, method and status class, timed by route and
    /// method. `route` must be a template (or a fixed word for unmatched paths), never a raw path.
    public func request(route: String, method: String, status: Int, nanoseconds: Int64) {
        counter(
            "doorstep_http_requests_total",
            [("route", route), ("method", method), ("status_class", "\(status / 100)xx")]
        ).increment()
        timer("doorstep_http_request_duration_seconds", [("route", route), ("method", method)])
            .recordNanoseconds(nanoseconds)
    }

    /// A request refused with 429, by route template: per-IP limits, code resend limits and busy
    /// password hashing alike.
    public func rateLimited(route: String) {
        counter("doorstep_rate_limited_total", [("route", route)]).increment()
    }

    // MARK: - Accounts and sessions

    /// A session opened by signing in or, when `isNew`, by creating the account.
    func signedIn(_ method: SignInMethod, isNew: Bool) {
        counter(isNew ? "doorstep_signups_total" : "doorstep_signins_total", [("method", method.rawValue)])
            .increment()
    }

    /// A sign-in refused; `reason` is a stable error code.
    func signInFailed(_ method: SignInMethod, reason: String) {
        counter("doorstep_signin_failures_total", [("method", method.rawValue), ("reason", reason)]).increment()
    }

    /// A one-time code mailed.
    func codeSent(purpose: String) {
        counter("doorstep_codes_sent_total", [("purpose", purpose)]).increment()
    }

    /// A log-in refused because the email is locked out.
    func lockedOut() {
        counter("doorstep_lockouts_total").increment()
    }

    /// A refresh token exchanged for a new one.
    func refreshed() {
        counter("doorstep_token_refreshes_total").increment()
    }

    /// A rotated refresh token came back after its grace window; its session was ended.
    func refreshTokenReused() {
        counter("doorstep_refresh_token_reuses_total").increment()
    }

    // MARK: - Hashing, storage, mail, flows

    /// Password hashing's places and queue, after each change, with their sizes: `workers` places
    /// and at most `queueLimit` waiting.
    func hashing(running: Int, waiting: Int, workers: Int, queueLimit: Int) {
        gauge("doorstep_password_hashes_running").record(running)
        gauge("doorstep_password_hashes_waiting").record(waiting)
        gauge("doorstep_password_hash_workers").record(workers)
        gauge("doorstep_password_hash_queue_limit").record(queueLimit)
    }

    /// A password request refused because hashing stayed busy.
    func hashingShed() {
        counter("doorstep_password_hashes_shed_total").increment()
    }

    /// How long a storage call took; `kind` is `transaction` or `read`.
    func storage(_ kind: String, nanoseconds: Int64) {
        timer("doorstep_storage_duration_seconds", [("kind", kind)]).recordNanoseconds(nanoseconds)
    }

    /// A mail handed to the transport, or not: `result` is `sent`, `retrying` or `failed`.
    func mailDelivery(_ result: String) {
        counter("doorstep_mail_deliveries_total", [("result", result)]).increment()
    }

    /// The mail outbox's backlog, as last read, with the age of its oldest waiting mail at `now`.
    public func outboxBacklog(_ backlog: OutboxBacklog, now: Date) {
        queueBacklog("doorstep_mail_outbox", backlog, now: now)
    }

    /// The webhook queue's backlog, as last read, with the age of its oldest waiting delivery at `now`.
    public func webhookBacklog(_ backlog: OutboxBacklog, now: Date) {
        queueBacklog("doorstep_webhook_queue", backlog, now: now)
    }

    private func queueBacklog(_ prefix: String, _ backlog: OutboxBacklog, now: Date) {
        gauge("\(prefix)_pending").record(backlog.pending)
        gauge("\(prefix)_failed").record(backlog.failed)
        let age = backlog.oldestPendingSince.map { max(0, now.timeIntervalSince($0)) } ?? 0
        gauge("\(prefix)_oldest_pending_age_seconds").record(age)
    }

    /// Whether this instance would answer `/readyz` with 200, as read at a scrape.
    public func ready(_ isReady: Bool) {
        gauge("doorstep_ready").record(isReady ? 1 : 0)
    }

    /// A flow's answers submitted at its end.
    func flowCompleted(_ flowID: String) {
        counter("doorstep_flow_completions_total", [("flow", flowID)]).increment()
    }
}
