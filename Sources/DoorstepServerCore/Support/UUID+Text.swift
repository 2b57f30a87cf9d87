import Foundation

extension UUID {
    /// The canonical form in lowercase (`f81d4fae-7dec-11d0-a765-00a0c91e6bf6`): how ids are stored,
    /// signed into tokens and sent. Written from a table; `uuidString.lowercased()` formats through
    /// `snprintf` and then copies, on every request.
    public var lowercasedText: String {
        withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                var position = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    text[position] = lowercaseHexDigits[Int(byte >> 4)]
                    text[position + 1] = lowercaseHexDigits[Int(byte & 0x0F)]
                    position += 2
                }
                return position
            }
        }
    }

    /// Reads the canonical 36-character form in either case, as `UUID(uuidString:)` does, without
    /// going through `sscanf`. Nil for anything else.
    public init?(text: some StringProtocol) {
        var high: UInt64 = 0
        var low: UInt64 = 0
        var digits = 0
        var position = 0
        for character in text.utf8 {
            defer { position += 1 }
            if position == 8 || position == 13 || position == 18 || position == 23 {
                guard character == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard digits < 32, let nibble = Self.nibble(character) else { return nil }
            if digits < 16 {
                high = high << 4 | UInt64(nibble)
            } else {
                low = low << 4 | UInt64(nibble)
            }
            digits += 1
        }
        guard position == 36, digits == 32 else { return nil }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { bytes in
            bytes.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
            bytes.storeBytes(of: low.bigEndian, toByteOffset: 8, as: UInt64.self)
        }
        self.init(uuid: uuid)
    }

    private static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return character - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
