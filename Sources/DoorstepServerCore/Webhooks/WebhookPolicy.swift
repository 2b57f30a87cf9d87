import Foundation

/// How webhook deliveries are retried, and when an endpoint is given up on.
public struct WebhookPolicy: Sendable, Hashable {
    /// When a refused delivery is tried again, and when it is given up. Its lease is far longer than a
    /// batch takes, since a batch's attempts run side by side.
    public var retry = RetrySchedule(maximumDelay: 3_600, lease: 60)
    /// An endpoint that has answered nothing but failures for this long is disabled.
    public var disableAfter: TimeInterval = 3 * 24 * 3_600
    /// One attempt's limit, from connecting to the last byte of the answer.
    public var attemptTimeout: TimeInterval = 10
    /// How long a rotated-out secret still signs deliveries beside the new one.
    public var previousSecretLifetime: TimeInterval = 24 * 3_600
    /// How long finished deliveries are kept (without their bodies) for `doorstep webhooks list`.
    public var keepFinished: TimeInterval = 7 * 24 * 3_600
    /// Private and loopback addresses, and plain http, are refused unless this allows them.
    public var urls = WebhookURLPolicy()

    /// The defaults.
    public init() {}
}

/// Sends one signed delivery. The HTTP implementation resolves the host, refuses addresses the
/// policy forbids and connects only to the address it checked.
public protocol WebhookTransport: Sendable {
    /// Posts `body` to `url`; returns the answer's status. Throws ``WebhookTransportError`` when no
    /// answer came (refused, unreachable, timed out, an address the policy forbids).
    func post(_ url: String, headers: [String: String], body: Data, policy: WebhookPolicy) async throws -> Int
}

/// Why an attempt got no answer, in words fit for a log line (never the body or a secret).
public struct WebhookTransportError: Error, Sendable, Equatable, CustomStringConvertible {
    public var reason: String

    /// An error with `reason`.
    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
