import Crypto
import Foundation

/// Time-based one-time passwords (RFC 6238 over HOTP, RFC 4226): HMAC-SHA1, 30-second steps, six
/// digits — what every authenticator app reads from an `otpauth://` QR code.
public struct TOTP: Sendable {
    /// The shared secret.
    public let secret: Data
    public let digits = 6
    public let period: TimeInterval = 30

    /// A generator for `secret`.
    public init(secret: Data) {
        self.secret = secret
    }

    /// The time step `date` falls in.
    public func step(at date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 / period).rounded(.down))
    }

    /// The code of a time step (RFC 4226 §5.3: dynamic truncation of HMAC-SHA1 over the big-endian step).
    public func code(atStep step: Int64) -> String {
        var counter = UInt64(bitPattern: step).bigEndian
        let message = withUnsafeBytes(of: &counter) { Data($0) }
        let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: SymmetricKey(data: secret)))
        let offset = Int(mac[mac.count - 1] & 0x0F)
        let binary =
            (UInt32(mac[offset] & 0x7F) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8)
            | UInt32(mac[offset + 3])
        let value = binary % 1_000_000
        let text = String(value)
        return String(repeating: "0", count: digits - text.count) + text
    }

    /// The step whose code `code` is, within `skew` steps either side of `date`'s (clocks drift), or nil.
    public func matchingStep(_ code: String, at date: Date, skew: Int64 = 1) -> Int64? {
        guard code.utf8.count == digits, code.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        let now = step(at: date)
        return (now - skew...now + skew).first { Digests.constantTimeEquals(self.code(atStep: $0), code) }
    }

    /// The `otpauth://` URL an authenticator app reads: the account it is for, the issuer, the secret.
    public func provisioningURL(account: String, issuer: String) -> String {
        var components = URLComponents()
        components.scheme = "otpauth"
        components.host = "totp"
        components.path = "/" + issuer + ":" + account
        components.queryItems = [
            URLQueryItem(name: "secret", value: Base32.encode(secret)), URLQueryItem(name: "issuer", value: issuer),
            URLQueryItem(name: "algorithm", value: "SHA1"), URLQueryItem(name: "digits", value: String(digits)),
            URLQueryItem(name: "period", value: String(Int(period))),
        ]
        return components.string ?? ""
    }
}

/// Base32 (RFC 4648 §6) without padding, as authenticator apps read secrets.
public enum Base32 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    /// `data` in Base32, without padding.
    public static func encode(_ data: Data) -> String {
        var output: [UInt8] = []
        var buffer = 0
        var bits = 0
        for byte in data {
            buffer = (buffer << 8) | Int(byte)
            bits += 8
            while bits >= 5 {
                output.append(alphabet[(buffer >> (bits - 5)) & 31])
                bits -= 5
            }
        }
        if bits > 0 { output.append(alphabet[(buffer << (5 - bits)) & 31]) }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes of Base32 text (any case, spaces and padding ignored), or nil when it is not Base32.
    public static func decode(_ text: String) -> Data? {
        var output = Data()
        var buffer = 0
        var bits = 0
        for character in text.uppercased().utf8 where character != 32 && character != 61 {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            buffer = (buffer << 5) | value
            bits += 5
            if bits >= 8 {
                output.append(UInt8((buffer >> (bits - 8)) & 0xFF))
                bits -= 8
            }
        }
        return output
    }
}
