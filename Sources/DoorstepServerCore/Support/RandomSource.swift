import Foundation

/// Where services get unpredictable bytes: codes, tokens and ids. Tests may pass a seeded source.
public protocol RandomSource: Sendable {
    /// `count` random bytes.
    func bytes(_ count: Int) -> [UInt8]
}

/// The operating system's cryptographically secure generator.
public struct SecureRandomSource: RandomSource {
    /// Creates the system's secure source.
    public init() {}

    /// `count` bytes from the system's CSPRNG, eight to a call: every request id and token is drawn
    /// here, and each call is a system call.
    public func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var filled = 0
            while filled < count {
                var word = generator.next()
                let taken = min(8, count - filled)
                withUnsafeBytes(of: &word) { word in
                    for offset in 0..<taken { buffer[filled + offset] = word[offset] }
                }
                filled += taken
            }
            initialized = count
        }
    }
}

extension RandomSource {
    /// A random version-4 UUID.
    public func uuid() -> UUID {
        var bytes = self.bytes(16)
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
                bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    /// A uniformly random number in `0..<upperBound`, without modulo bias.
    public func uniform(below upperBound: UInt32) -> UInt32 {
        precondition(upperBound > 0)
        let limit = UInt32.max - UInt32.max % upperBound
        while true {
            let value = bytes(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            if value < limit { return value % upperBound }
        }
    }

    /// `count` random bytes as URL-safe base64 without padding, for tokens.
    public func token(bytes count: Int = 32) -> String {
        Data(bytes(count)).base64URLEncoded
    }
}

extension Data {
    /// URL-safe base64 without padding. Written out rather than by rewriting `base64EncodedString()`:
    /// every request id and token goes through it, and the three string replacements cost more than
    /// the encoding.
    public var base64URLEncoded: String {
        var text = [UInt8]()
        text.reserveCapacity((count * 4 + 2) / 3)
        var index = startIndex
        while index < endIndex {
            let remaining = distance(from: index, to: endIndex)
            let first = self[index]
            let second = remaining > 1 ? self[self.index(index, offsetBy: 1)] : 0
            let third = remaining > 2 ? self[self.index(index, offsetBy: 2)] : 0
            text.append(base64URLAlphabet[Int(first >> 2)])
            text.append(base64URLAlphabet[Int((first & 0x03) << 4 | second >> 4)])
            if remaining > 1 { text.append(base64URLAlphabet[Int((second & 0x0F) << 2 | third >> 6)]) }
            if remaining > 2 { text.append(base64URLAlphabet[Int(third & 0x3F)]) }
            index = self.index(index, offsetBy: Swift.min(3, remaining))
        }
        return String(decoding: text, as: UTF8.self)
    }
}

private let base64URLAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
