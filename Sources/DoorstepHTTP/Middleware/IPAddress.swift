#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An IPv4 or IPv6 address as its bytes: 4 for IPv4 (an IPv4-mapped IPv6 address included), 16 for
/// IPv6.
struct IPAddress: Sendable, Hashable {
    let bytes: [UInt8]

    /// Parses `1.2.3.4`, `2001:db8::1`, `[2001:db8::1]` or `::ffff:1.2.3.4`; nil for anything else.
    init?(_ text: some StringProtocol) {
        var text = String(text)
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            let all = withUnsafeBytes(of: &v6) { Array($0) }
            let mapped = all.prefix(10).allSatisfy { $0 == 0 } && all[10] == 0xff && all[11] == 0xff
            bytes = mapped ? Array(all.suffix(4)) : all
        } else {
            return nil
        }
    }

    var isIPv6: Bool { bytes.count == 16 }

    /// The address written out: dotted for IPv4, eight hexadecimal groups for IPv6.
    var text: String {
        guard isIPv6 else { return bytes.map(String.init).joined(separator: ".") }
        return Self.groups(bytes, count: 8).joined(separator: ":")
    }

    static func groups(_ bytes: [UInt8], count: Int) -> [String] {
        stride(from: 0, to: count * 2, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
    }

    /// The key a client is counted under: an IPv4 address as it is; an IPv6 address by its /64, the
    /// block one household or one machine is given, so rotating through it changes nothing.
    var limitKey: String {
        guard isIPv6 else { return text }
        return Self.groups(bytes, count: 4).joined(separator: ":") + "::/64"
    }
}
