import CoreMetrics

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

    /// Password hashing's places and queue, after each change.
    func hashing(running: Int, waiting: Int) {
        gauge("doorstep_password_hashes_running").record(running)
        gauge("doorstep_password_hashes_waiting").record(waiting)
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

    /// The outbox's backlog, as last read.
    public func outboxBacklog(_ backlog: OutboxBacklog) {
        gauge("doorstep_mail_outbox_pending").record(backlog.pending)
        gauge("doorstep_mail_outbox_failed").record(backlog.failed)
    }

    /// A flow's answers submitted at its end.
    func flowCompleted(_ flowID: String) {
        counter("doorstep_flow_completions_total", [("flow", flowID)]).increment()
    }
}
