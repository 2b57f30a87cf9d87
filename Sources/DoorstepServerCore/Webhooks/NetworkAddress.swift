#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An IPv4 or IPv6 address as bytes, and whether it reaches the public internet. Webhook URLs may
/// only lead to public addresses: anything else would let whoever adds an endpoint make the server
/// call its own network (SSRF).
public struct NetworkAddress: Sendable, Hashable, CustomStringConvertible {
    /// 4 bytes for IPv4, 16 for IPv6.
    public let bytes: [UInt8]

    /// Reads a numeric address (`192.0.2.1`, `2001:db8::1`, with or without IPv6 brackets); nil
    /// for anything else, host names included.
    public init?(_ text: String) {
        var text = Substring(text)
        if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        if let zone = text.firstIndex(of: "%") { text = text[..<zone] }
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, String(text), &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
        } else if inet_pton(AF_INET6, String(text), &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
        } else {
            return nil
        }
    }

    /// An address from its bytes (4 or 16 of them).
    public init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    public var isIPv4: Bool { bytes.count == 4 }

    public var description: String {
        if isIPv4 { return bytes.map(String.init).joined(separator: ".") }
        return stride(from: 0, to: 16, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            .joined(separator: ":")
    }

    /// Whether the address is one the public internet routes: not loopback, private (RFC 1918),
    /// shared (CGNAT 100.64/10), link-local, unique-local, unspecified, multicast, reserved or set
    /// aside for documentation and benchmarks. IPv6 forms that carry an IPv4 address (mapped,
    /// compatible, NAT64, 6to4) are judged by the address they carry.
    public var isPublic: Bool {
        if isIPv4 { return Self.isPublicIPv4(bytes) }
        let b = bytes
        let zero = { (range: Range<Int>) in b[range].allSatisfy { $0 == 0 } }
        // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, which includes :: and ::1).
        if zero(0..<10), b[10] == 0xff, b[11] == 0xff { return Self.isPublicIPv4(Array(b[12..<16])) }
        if zero(0..<12) { return false }
        // 64:ff9b::/96 and 64:ff9b:1::/48: NAT64 reaches the IPv4 address it carries.
        if b[0] == 0x00, b[1] == 0x64, b[2] == 0xff, b[3] == 0x9b {
            return Self.isPublicIPv4(Array(b[12..<16])) && zero(4..<12)
        }
        // 2002::/16, 6to4: the IPv4 address is bytes 2–5.
        if b[0] == 0x20, b[1] == 0x02 { return Self.isPublicIPv4(Array(b[2..<6])) }
        if b[0] & 0xfe == 0xfc { return false }  // fc00::/7 unique-local
        if b[0] == 0xfe, b[1] & 0xc0 == 0x80 { return false }  // fe80::/10 link-local
        if b[0] == 0xfe, b[1] & 0xc0 == 0xc0 { return false }  // fec0::/10 site-local (deprecated)
        if b[0] == 0xff { return false }  // ff00::/8 multicast
        if b[0] == 0x20, b[1] == 0x01, b[2] == 0x0d, b[3] == 0xb8 { return false }  // 2001:db8::/32 documentation
        if b[0] == 0x01, b[1] == 0x00, zero(2..<8) { return false }  // 100::/64 discard
        return true
    }

    private static func isPublicIPv4(_ b: [UInt8]) -> Bool {
        switch (b[0], b[1], b[2]) {
        case (0, _, _), (10, _, _), (127, _, _): return false
        case (100, 64...127, _): return false
        case (169, 254, _): return false
        case (172, 16...31, _): return false
        case (192, 168, _), (192, 0, 0), (192, 0, 2): return false
        case (198, 18...19, _), (198, 51, 100), (203, 0, 113): return false
        case (224...255, _, _): return false
        default: return true
        }
    }

    /// The network a client is counted in for the audit log: a /24 for IPv4 and a /48 for IPv6,
    /// never the whole address (`192.0.2.0/24`, `2001:db8:1::/48`).
    public var networkPrefix: String {
        if isIPv4 { return "\(bytes[0]).\(bytes[1]).\(bytes[2]).0/24" }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
            return "\(bytes[12]).\(bytes[13]).\(bytes[14]).0/24"
        }
        let groups = stride(from: 0, to: 6, by: 2).map {
            String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16)
        }
        return groups.joined(separator: ":") + "::/48"
    }
}
