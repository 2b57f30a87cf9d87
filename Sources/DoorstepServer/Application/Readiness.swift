import DoorstepHTTP
import DoorstepWeb
import Synchronization

/// Whether this instance should get new traffic. It stops being ready the moment it is asked to
/// stop, and keeps serving for the drain period, so a load balancer that polls `/readyz` moves
/// traffic away before the listener closes.
public final class Readiness: Sendable {
    private let draining = Atomic(false)

    /// A server that is ready until told to drain.
    public init() {}

    /// Whether the server is on its way out.
    public var isDraining: Bool { draining.load(ordering: .relaxed) }

    /// Starts refusing readiness checks; requests are still served.
    public func startDraining() {
        draining.store(true, ordering: .relaxed)
    }
}
