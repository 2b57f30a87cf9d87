/// Why a message could not be handed over. A temporary failure (a 4xx reply, a connection that
/// failed or timed out) is worth retrying; a permanent one (a 5xx reply) is not. Descriptions never
/// hold a password or the message's content.
public struct SMTPError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        case connection(String)
        case timedOut
        case tls(String)
        case rejected(SMTPReply, during: String)
        case protocolViolation(String)
    }

    public var reason: Reason

    /// Whether trying again later cannot help.
    public var isPermanent: Bool {
        switch reason {
        case .rejected(let reply, _): return reply.isPermanentFailure
        case .tls, .protocolViolation: return false
        case .connection, .timedOut: return false
        }
    }

    public var description: String {
        switch reason {
        case .connection(let detail): return "could not reach the SMTP server: \(detail)"
        case .timedOut: return "the SMTP server did not answer in time"
        case .tls(let detail): return "TLS with the SMTP server failed: \(detail)"
        case .rejected(let reply, let step): return "the SMTP server refused \(step): \(reply.summary)"
        case .protocolViolation(let detail): return "the SMTP server broke the protocol: \(detail)"
        }
    }

    static let timedOut = SMTPError(reason: .timedOut)
    static func protocolViolation(_ detail: String) -> SMTPError { SMTPError(reason: .protocolViolation(detail)) }
}
