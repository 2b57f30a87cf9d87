import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("TOTP (RFC 6238) and Base32 (RFC 4648)")
struct TOTPTests {
    /// RFC 6238 appendix B, SHA-1, the last six of its eight digits.
    @Test(
        "The RFC's test vectors",
        arguments: [
            (59, "287082"), (1_111_111_109, "081804"), (1_111_111_111, "050471"), (1_234_567_890, "005924"),
            (2_000_000_000, "279037"),
        ])
    func vectors(seconds: Int, code: String) {
        let totp = TOTP(secret: Data("12345678901234567890".utf8))
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        #expect(totp.code(atStep: totp.step(at: date)) == code)
        #expect(totp.matchingStep(code, at: date) == totp.step(at: date))
    }

    @Test("A code is good one step either side of now, not two, and never a malformed one")
    func skew() {
        let totp = TOTP(secret: Data("12345678901234567890".utf8))
        let now = Date(timeIntervalSince1970: 1_111_111_111)
        let step = totp.step(at: now)
        #expect(totp.matchingStep(totp.code(atStep: step - 1), at: now) == step - 1)
        #expect(totp.matchingStep(totp.code(atStep: step + 1), at: now) == step + 1)
        #expect(totp.matchingStep(totp.code(atStep: step - 2), at: now) == nil)
        #expect(totp.matchingStep("12345", at: now) == nil)
        #expect(totp.matchingStep("12345a", at: now) == nil)
    }

    @Test("Base32 round-trips the RFC's vectors and refuses what is not Base32")
    func base32() {
        let vectors = [
            "": "", "f": "MY", "fo": "MZXQ", "foo": "MZXW6", "foob": "MZXW6YQ", "fooba": "MZXW6YTB",
            "foobar": "MZXW6YTBOI",
        ]
        for (plain, encoded) in vectors {
            #expect(Base32.encode(Data(plain.utf8)) == encoded)
            #expect(Base32.decode(encoded.lowercased()) == Data(plain.utf8))
        }
        #expect(Base32.decode("MZXW6!") == nil)
    }

    @Test("The provisioning URL names the issuer, the account and the secret as authenticator apps read them")
    func provisioningURL() {
        let url = TOTP(secret: Data("12345678901234567890".utf8)).provisioningURL(
            account: "sam@example.com", issuer: "TANDA")
        #expect(url.hasPrefix("otpauth://totp/TANDA:sam@example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"))
        #expect(url.contains("issuer=TANDA"))
        #expect(url.contains("digits=6") && url.contains("period=30"))
    }
}

@Suite("QR codes of provisioning URLs")
struct QRCodeTests {
    @Test(
        "Module for module what the qrcode package draws, for URLs of every length an account makes",
        arguments: [
            "otpauth://totp/TANDA:a@b.co?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=TANDA",
            "otpauth://totp/Doorstep:sam@example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Doorstep"
                + "&algorithm=SHA1&digits=6&period=30",
            "otpauth://totp/Kordant:" + String(repeating: "ludwig.van.beethoven", count: 6) + "@example.com?"
                + "secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Kordant&algorithm=SHA1&digits=6&period=30",
        ])
    func matchesAnIndependentEncoder(text: String) async throws {
        let code = try QRCode(Data(text.utf8))
        let reference = try await ReferenceImplementations.qrRows(text, version: code.version, mask: code.mask)
        let ours = code.modules.map { row in row.map { $0 ? "1" : "0" }.joined() }
        #expect(ours == reference, "version \(code.version), mask \(code.mask)")
        for mask in 0..<8 {
            let forced = try QRCode(Data(text.utf8), mask: mask)
            let other = try await ReferenceImplementations.qrRows(text, version: forced.version, mask: mask)
            #expect(forced.modules.map { row in row.map { $0 ? "1" : "0" }.joined() } == other, "mask \(mask)")
        }
    }

    @Test("The SVG draws every dark module inside a quiet zone, with a title for screen readers")
    func svg() throws {
        let code = try QRCode(Data("otpauth://totp/X:y?secret=AB".utf8))
        let svg = code.svg(title: "Add <X> to your app")
        let darkModules = code.modules.reduce(0) { $0 + $1.filter { $0 }.count }
        #expect(svg.components(separatedBy: "h1v1h-1z").count - 1 == darkModules)
        #expect(svg.contains("viewBox=\"0 0 \(code.size + 8) \(code.size + 8)\""))
        #expect(svg.contains("<title>Add &lt;X&gt; to your app</title>"))
        #expect(!svg.contains("<script"))
    }
}
