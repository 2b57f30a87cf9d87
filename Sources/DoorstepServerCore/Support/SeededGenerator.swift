import Foundation

/// SplitMix64: a small, fast generator whose whole sequence follows from its seed, for what must be the
/// same each time it is made — a rehearsal database, a fuzzing run. Never for secrets.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    /// A generator whose sequence follows from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A version-4-shaped UUID from the next 128 bits.
    public mutating func uuid() -> UUID {
        let high = next()
        let low = next()
        var bytes = withUnsafeBytes(of: high.bigEndian, Array.init) + withUnsafeBytes(of: low.bigEndian, Array.init)
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    /// True with probability `share`.
    public mutating func chance(_ share: Double) -> Bool { Double.random(in: 0..<1, using: &self) < share }
}
