/// Why a transport could not deliver a mail. Permanent failures (a refused recipient, wrong
/// credentials) are not retried; temporary ones are, until the outbox gives up. The reason never
/// holds the mail's content or a credential.
public struct MailDeliveryError: Error, Sendable, CustomStringConvertible {
    public var isPermanent: Bool
    public var reason: String

    /// Creates an error.
    public init(isPermanent: Bool, reason: String) {
        self.isPermanent = isPermanent
        self.reason = reason
    }

    public var description: String { reason }
}
