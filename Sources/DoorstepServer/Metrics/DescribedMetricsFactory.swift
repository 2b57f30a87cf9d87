import CoreMetrics
import DoorstepHTTP
import DoorstepWeb
import Prometheus

/// A swift-metrics factory that makes its metrics in a Prometheus registry with their `# HELP` text.
/// swift-prometheus's own factory registers every metric with empty help (and its registry refuses
/// a second registration of a name with different help), so this one makes them through the
/// registry's API that takes a descriptor with help, looked up by metric name; destroying is left to swift-prometheus's
/// factory, which knows the registry's types.
struct DescribedMetricsFactory: MetricsFactory {
    let prometheus: PrometheusMetricsFactory
    let helpTexts: [String: String]

    private var registry: PrometheusCollectorRegistry { prometheus.registry }

    /// The metric named `name` whole (no unit appended: the names carry theirs), with its help.
    private func described(_ name: String) -> MetricNameDescriptor {
        MetricNameDescriptor(metricName: name, unitName: "", helpText: helpTexts[name] ?? "")
    }

    func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
        registry.makeCounter(descriptor: described(label), labels: dimensions)
    }

    func makeFloatingPointCounter(label: String, dimensions: [(String, String)]) -> any FloatingPointCounterHandler {
        registry.makeCounter(descriptor: described(label), labels: dimensions)
    }

    func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
        guard aggregate else { return registry.makeGauge(descriptor: described(label), labels: dimensions) }
        let buckets = prometheus.valueHistogramBuckets[label] ?? prometheus.defaultValueHistogramBuckets
        return registry.makeValueHistogram(descriptor: described(label), labels: dimensions, buckets: buckets)
    }

    func makeMeter(label: String, dimensions: [(String, String)]) -> any MeterHandler {
        registry.makeGauge(descriptor: described(label), labels: dimensions)
    }

    func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
        let buckets = prometheus.durationHistogramBuckets[label] ?? prometheus.defaultDurationHistogramBuckets
        return registry.makeDurationHistogram(descriptor: described(label), labels: dimensions, buckets: buckets)
    }

    func destroyCounter(_ handler: any CounterHandler) { prometheus.destroyCounter(handler) }

    func destroyFloatingPointCounter(_ handler: any FloatingPointCounterHandler) {
        prometheus.destroyFloatingPointCounter(handler)
    }

    func destroyRecorder(_ handler: any RecorderHandler) { prometheus.destroyRecorder(handler) }

    func destroyMeter(_ handler: any MeterHandler) { prometheus.destroyMeter(handler) }

    func destroyTimer(_ handler: any TimerHandler) { prometheus.destroyTimer(handler) }
}
