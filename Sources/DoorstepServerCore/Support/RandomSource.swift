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

    /// `count` bytes from the system's CSPRNG.
    public func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
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
    /// URL-safe base64 without padding.
    public var base64URLEncoded: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
