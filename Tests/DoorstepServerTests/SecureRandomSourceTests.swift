import DoorstepServerCore
import Testing

@Suite("The system's random source")
struct SecureRandomSourceTests {
    @Test(
        "It gives exactly the bytes asked for, whether or not a multiple of eight",
        arguments: [0, 1, 7, 8, 9, 12, 32, 33])
    func counts(_ count: Int) {
        #expect(SecureRandomSource().bytes(count).count == count)
    }

    @Test("Two draws differ, and every byte of a draw is used")
    func unpredictable() {
        let source = SecureRandomSource()
        #expect(source.bytes(32) != source.bytes(32))
        // Across 64 draws of 12 bytes, a position stuck at zero would show; the odds of a false alarm
        // are 2^-512 per position.
        var seen = [UInt8](repeating: 0, count: 12)
        for _ in 0..<64 {
            for (position, byte) in source.bytes(12).enumerated() { seen[position] |= byte }
        }
        #expect(!seen.contains(0))
    }
}
