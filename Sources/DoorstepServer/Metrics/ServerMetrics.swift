import DoorstepHTTP
import DoorstepServerCore
import DoorstepWeb
import Hummingbird
import Prometheus

/// The server's metrics and, when they are exported, the Prometheus registry `GET /metrics` reads.
public struct ServerMetrics: Sendable {
    /// What the services and the middleware report to.
    public let core: DoorstepMetrics
    let registry: PrometheusCollectorRegistry?

    /// No metrics and no `/metrics`.
    public static let disabled = ServerMetrics(core: .disabled, registry: nil)

    /// Metrics kept in a Prometheus registry and served at `GET /metrics`.
    public static func prometheus() -> ServerMetrics {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        // From a cached read (about a millisecond) to a password hash waiting its turn (seconds).
        factory.defaultDurationHistogramBuckets = [
            .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
            .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
            .seconds(1), .milliseconds(2_500), .seconds(5), .seconds(10),
        ]
        let described = DescribedMetricsFactory(prometheus: factory, helpTexts: DoorstepMetrics.helpTexts)
        let core = DoorstepMetrics(factory: described)
        core.declareKnownSeries()
        return ServerMetrics(core: core, registry: registry)
    }

    /// The Prometheus text exposition, after reading what is only known by asking: the mail outbox's
    /// and the webhook queue's backlogs, and whether the instance is ready.
    func exposition(storage: any Storage, outbox: MailOutbox, readiness: Readiness, clock: any WallClock) async
        -> Response
    {
        let isReady = readiness.isDraining ? false : await storage.isHealthy()
        core.ready(isReady)
        if let backlog = try? await outbox.backlog() { core.outboxBacklog(backlog, now: clock.now) }
        if let backlog = try? await storage.read({ try await $0.webhookBacklog() }) {
            core.webhookBacklog(backlog, now: clock.now)
        }
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
        headers[.cacheControl] = "no-store"
        let bytes = registry?.emitToBuffer() ?? []
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
