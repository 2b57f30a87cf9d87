/// A CBOR data item (RFC 8949), as much of it as WebAuthn uses: integers, byte and text strings,
/// arrays, maps, simple values and floats. Maps keep their pairs in order.
public indirect enum CBOR: Sendable, Hashable {
    case unsigned(UInt64)
    /// A negative integer, stored as CBOR does: the value is `-1 - n`.
    case negative(UInt64)
    case bytes([UInt8])
    case text(String)
    case array([CBOR])
    case map([CBORPair])
    case tagged(UInt64, CBOR)
    case bool(Bool)
    case null
    case undefined
    case float(Double)

    /// The value as a signed integer, when it is one that fits.
    public var integer: Int? {
        switch self {
        case .unsigned(let value): return value <= UInt64(Int.max) ? Int(value) : nil
        case .negative(let value): return value < UInt64(Int.max) ? -1 - Int(value) : nil
        default: return nil
        }
    }

    /// The value of a map's entry whose key is `key`.
    public subscript(key: CBOR) -> CBOR? {
        guard case .map(let pairs) = self else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    /// The value of a map's entry whose key is the text `key`.
    public subscript(text key: String) -> CBOR? { self[.text(key)] }

    /// The value of a map's entry whose key is the integer `key`.
    public subscript(int key: Int) -> CBOR? {
        self[key >= 0 ? .unsigned(UInt64(key)) : .negative(UInt64(-1 - key))]
    }

    /// The bytes of a byte string.
    public var bytes: [UInt8]? {
        if case .bytes(let bytes) = self { return bytes }
        return nil
    }

    /// The text of a text string.
    public var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }
}

/// One entry of a CBOR map.
public struct CBORPair: Sendable, Hashable {
    public var key: CBOR
    public var value: CBOR

    /// Creates an entry.
    public init(key: CBOR, value: CBOR) {
        self.key = key
        self.value = value
    }
}

/// Why bytes are not the CBOR a WebAuthn message must hold.
public enum CBORError: Error, Sendable, Equatable {
    /// The bytes ended inside an item.
    case truncated
    /// Indefinite lengths, reserved values and unknown simple values are refused.
    case unsupported(String)
    /// Nesting deeper than the limit.
    case tooDeep
    /// More items or bytes than the limit.
    case tooLarge
    /// A text string that is not UTF-8.
    case invalidText
    /// Bytes left after the item.
    case trailingBytes
}

/// Decodes definite-length CBOR with limits on depth, item count and string sizes, so hostile input
/// ends in an error, never a crash or an unbounded allocation.
public struct CBORDecoder {
    /// The deepest nesting taken (WebAuthn's messages need 4).
    public var maximumDepth = 16
    /// The most array or map entries taken over the whole input.
    public var maximumItems = 4_096

    private let bytes: [UInt8]
    private(set) var offset = 0
    private var items = 0

    /// Prepares to decode `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Decodes one item that fills all of `bytes`.
    public static func decode(_ bytes: [UInt8]) throws(CBORError) -> CBOR {
        var decoder = CBORDecoder(bytes)
        let value = try decoder.decodeItem()
        guard decoder.offset == bytes.count else { throw .trailingBytes }
        return value
    }

    /// Decodes one item at the start of `bytes` and says how many bytes it took (a credential's
    /// public key is followed by extensions in authenticator data).
    public static func decodePrefix(_ bytes: [UInt8]) throws(CBORError) -> (CBOR, consumed: Int) {
        var decoder = CBORDecoder(bytes)
        let value = try decoder.decodeItem()
        return (value, decoder.offset)
    }

    mutating func decodeItem(depth: Int = 0) throws(CBORError) -> CBOR {
        guard depth <= maximumDepth else { throw .tooDeep }
        let initial = try byte()
        let major = initial >> 5
        let minor = initial & 0x1F
        if major == 7 { return try simple(minor) }
        let argument = try self.argument(minor)
        switch major {
        case 0: return .unsigned(argument)
        case 1: return .negative(argument)
        case 2: return .bytes(try take(argument))
        case 3:
            guard let text = String(validating: try take(argument), as: UTF8.self) else { throw .invalidText }
            return .text(text)
        case 4:
            let count = try count(argument)
            var array: [CBOR] = []
            array.reserveCapacity(count)
            for _ in 0..<count { array.append(try decodeItem(depth: depth + 1)) }
            return .array(array)
        case 5:
            let count = try self.count(argument)
            var pairs: [CBORPair] = []
            pairs.reserveCapacity(count)
            for _ in 0..<count {
                let key = try decodeItem(depth: depth + 1)
                pairs.append(CBORPair(key: key, value: try decodeItem(depth: depth + 1)))
            }
            return .map(pairs)
        default:
            return .tagged(argument, try decodeItem(depth: depth + 1))
        }
    }

    private mutating func byte() throws(CBORError) -> UInt8 {
        guard offset < bytes.count else { throw .truncated }
        defer { offset += 1 }
        return bytes[offset]
    }

    private mutating func argument(_ minor: UInt8) throws(CBORError) -> UInt64 {
        switch minor {
        case 0..<24: return UInt64(minor)
        case 24: return UInt64(try byte())
        case 25: return try bigEndian(2)
        case 26: return try bigEndian(4)
        case 27: return try bigEndian(8)
        case 31: throw .unsupported("indefinite length")
        default: throw .unsupported("reserved additional information \(minor)")
        }
    }

    private mutating func bigEndian(_ count: Int) throws(CBORError) -> UInt64 {
        guard bytes.count - offset >= count else { throw .truncated }
        var value: UInt64 = 0
        for _ in 0..<count {
            value = value << 8 | UInt64(bytes[offset])
            offset += 1
        }
        return value
    }

    private mutating func take(_ length: UInt64) throws(CBORError) -> [UInt8] {
        guard length <= UInt64(bytes.count - offset) else { throw .truncated }
        let end = offset + Int(length)
        defer { offset = end }
        return Array(bytes[offset..<end])
    }

    /// An entry count, checked against the bytes left (each entry takes at least one) and the limit.
    private mutating func count(_ argument: UInt64) throws(CBORError) -> Int {
        guard argument <= UInt64(bytes.count - offset) else { throw .truncated }
        items += Int(argument)
        guard items <= maximumItems else { throw .tooLarge }
        return Int(argument)
    }

    private mutating func simple(_ minor: UInt8) throws(CBORError) -> CBOR {
        switch minor {
        case 20: return .bool(false)
        case 21: return .bool(true)
        case 22: return .null
        case 23: return .undefined
        case 25: return .float(Double(Float16Bits(UInt16(try bigEndian(2))).value))
        case 26: return .float(Double(Float(bitPattern: UInt32(try bigEndian(4)))))
        case 27: return .float(Double(bitPattern: try bigEndian(8)))
        case 31: throw .unsupported("break outside an indefinite item")
        default: throw .unsupported("simple value \(minor)")
        }
    }
}

/// A half-precision float's bits, widened by hand (`Float16` is not on every platform).
struct Float16Bits {
    let bits: UInt16

    init(_ bits: UInt16) { self.bits = bits }

    var value: Float {
        let sign: Float = bits & 0x8000 == 0 ? 1 : -1
        let exponent = Int((bits >> 10) & 0x1F)
        let fraction = Float(bits & 0x3FF)
        switch exponent {
        case 0: return sign * fraction * Float(pow2: -24)
        case 31: return fraction == 0 ? sign * .infinity : .nan
        default: return sign * (1 + fraction / 1024) * Float(pow2: exponent - 15)
        }
    }
}

extension Float {
    init(pow2 exponent: Int) {
        self = Float(sign: .plus, exponent: exponent, significand: 1)
    }
}

/// Encodes the CBOR WebAuthn's tests and software authenticators write. Maps keep their order.
public enum CBOREncoder {
    /// The bytes of `value`.
    public static func encode(_ value: CBOR) -> [UInt8] {
        var out: [UInt8] = []
        write(value, into: &out)
        return out
    }

    private static func write(_ value: CBOR, into out: inout [UInt8]) {
        switch value {
        case .unsigned(let number): head(0, number, &out)
        case .negative(let number): head(1, number, &out)
        case .bytes(let bytes):
            head(2, UInt64(bytes.count), &out)
            out += bytes
        case .text(let text):
            head(3, UInt64(text.utf8.count), &out)
            out += Array(text.utf8)
        case .array(let array):
            head(4, UInt64(array.count), &out)
            for item in array { write(item, into: &out) }
        case .map(let pairs):
            head(5, UInt64(pairs.count), &out)
            for pair in pairs {
                write(pair.key, into: &out)
                write(pair.value, into: &out)
            }
        case .tagged(let tag, let item):
            head(6, tag, &out)
            write(item, into: &out)
        case .bool(let bool): out.append(bool ? 0xF5 : 0xF4)
        case .null: out.append(0xF6)
        case .undefined: out.append(0xF7)
        case .float(let double):
            out.append(0xFB)
            let bits = double.bitPattern
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8((bits >> UInt64(shift)) & 0xFF)) }
        }
    }

    private static func head(_ major: UInt8, _ argument: UInt64, _ out: inout [UInt8]) {
        let major = major << 5
        switch argument {
        case 0..<24: out.append(major | UInt8(argument))
        case 24...0xFF: out += [major | 24, UInt8(argument)]
        case 0x100...0xFFFF: out += [major | 25, UInt8(argument >> 8), UInt8(argument & 0xFF)]
        case 0x10000...0xFFFF_FFFF:
            out.append(major | 26)
            for shift in [24, 16, 8, 0] { out.append(UInt8((argument >> UInt64(shift)) & 0xFF)) }
        default:
            out.append(major | 27)
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8((argument >> UInt64(shift)) & 0xFF)) }
        }
    }
}
