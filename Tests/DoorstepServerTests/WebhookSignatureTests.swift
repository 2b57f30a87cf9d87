import DoorstepServerCore
import Foundation
import Testing

@Suite("Standard Webhooks signatures")
struct WebhookSignatureTests {
    @Test("The specification's example signs to its published signature")
    func referenceVector() throws {
        let secret = try #require(WebhookSecret(text: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"))
        let signature = secret.signature(
            messageID: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1_614_265_330,
            body: Data(#"{"test": 2432232314}"#.utf8))
        #expect(signature == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
    }

    @Test("A new secret is whsec_ and 32 random bytes, and reads back")
    func secrets() throws {
        let secret = WebhookSecret(random: SecureRandomSource())
        #expect(secret.text.hasPrefix("whsec_") && secret.bytes.count == 32)
        #expect(WebhookSecret(text: secret.text) == secret)
        #expect(WebhookSecret(text: "whsec_c2hvcnQ=") == nil, "fewer than 24 bytes")
        #expect(WebhookSecret(text: "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw") == nil, "no prefix")
    }

    @Test("While a rotation settles, a delivery carries a signature by each secret")
    func twoSecrets() {
        let old = WebhookSecret(random: SecureRandomSource())
        let new = WebhookSecret(random: SecureRandomSource())
        let at = Date(timeIntervalSince1970: 1_790_000_000)
        let headers = WebhookSignedHeaders(messageID: "msg_1", at: at, body: Data("{}".utf8), secrets: [new, old])
        #expect(headers.timestamp == 1_790_000_000)
        #expect(
            headers.signature
                == new.signature(messageID: "msg_1", timestamp: 1_790_000_000, body: Data("{}".utf8)) + " "
                + old.signature(messageID: "msg_1", timestamp: 1_790_000_000, body: Data("{}".utf8)))
        #expect(headers.fields["webhook-id"] == "msg_1" && headers.fields["webhook-timestamp"] == "1790000000")
    }
}
