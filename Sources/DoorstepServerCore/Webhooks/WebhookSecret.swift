import Crypto
import Foundation

/// An endpoint's signing secret in the Standard Webhooks form: `whsec_` and the base64 of 32 random
/// bytes. The receiver verifies deliveries with it; it is shown once, when made.
public struct WebhookSecret: Sendable, Hashable {
    /// The key HMAC-SHA256 signs with.
    public let bytes: [UInt8]

    static let prefix = "whsec_"

    /// A new secret from `random`.
    public init(random: any RandomSource) {
        bytes = random.bytes(32)
    }

    /// Reads `whsec_…`; nil when it is not one, or holds fewer than 24 bytes.
    public init?(text: String) {
        guard text.hasPrefix(Self.prefix), let data = Data(base64Encoded: String(text.dropFirst(Self.prefix.count))),
            data.count >= 24, data.count <= 64
        else { return nil }
        bytes = Array(data)
    }

    /// `whsec_…`, as a receiver configures it.
    public var text: String { Self.prefix + Data(bytes).base64EncodedString() }

    /// `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, as the specification signs.
    public func signature(messageID: String, timestamp: Int, body: Data) -> String {
        var signed = Data("\(messageID).\(timestamp).".utf8)
        signed.append(body)
        let mac = HMAC<SHA256>.authenticationCode(for: signed, using: SymmetricKey(data: bytes))
        return "v1," + Data(mac).base64EncodedString()
    }
}

/// The headers of one attempt, signed at the moment it is sent (a retry carries a fresh timestamp,
/// so a receiver's five-minute tolerance never refuses it).
public struct WebhookSignedHeaders: Sendable, Hashable {
    public var id: String
    public var timestamp: Int
    /// One `v1,…` per secret in force, separated by spaces: the current one, and the previous one
    /// while a rotation settles.
    public var signature: String

    /// Signs `body` with each of `secrets`.
    public init(messageID: String, at date: Date, body: Data, secrets: [WebhookSecret]) {
        let seconds = Int(date.timeIntervalSince1970)
        id = messageID
        timestamp = seconds
        signature = secrets.map { $0.signature(messageID: messageID, timestamp: seconds, body: body) }
            .joined(separator: " ")
    }

    /// The headers as sent.
    public var fields: [String: String] {
        [
            "webhook-id": id, "webhook-timestamp": String(timestamp), "webhook-signature": signature,
            "content-type": "application/json",
        ]
    }
}
