import Crypto
import Foundation

/// Hashes used to keep secrets out of storage.
public enum Digests {
    /// SHA-256 of the text, as lowercase hex. Refresh tokens are stored this way.
    public static func sha256Hex(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).hexString
    }

    /// HMAC-SHA256 of the text under a key, as lowercase hex. Codes are stored this way, so that a
    /// leaked database does not let anyone try the million possible codes offline.
    public static func hmacHex(_ text: String, key: SymmetricKey) -> String {
        Data(HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: key)).hexString
    }

    /// Compares two strings in time that does not depend on where they differ.
    public static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

extension Sequence where Element == UInt8 {
    /// The bytes as lowercase hex. Written out: `String(format:)` per byte was a tenth of a token
    /// refresh's CPU time.
    var hexString: String {
        var text = [UInt8]()
        text.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            text.append(lowercaseHexDigits[Int(byte >> 4)])
            text.append(lowercaseHexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

/// The sixteen digits of lowercase hex, as UTF-8 bytes.
let lowercaseHexDigits = Array("0123456789abcdef".utf8)
