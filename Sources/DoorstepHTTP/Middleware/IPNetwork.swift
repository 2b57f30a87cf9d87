/// A block of addresses in CIDR notation (`10.0.0.0/8`, `fd00::/8`); a bare address is a block of one.
public struct IPNetwork: Sendable, Hashable, CustomStringConvertible {
    let address: IPAddress
    let prefixLength: Int

    /// Parses `address/length`, or a bare address; nil when either part is malformed.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(parts[0]) else { return nil }
        let maximum = address.bytes.count * 8
        if parts.count == 2 {
            guard let length = Int(parts[1]), (0...maximum).contains(length), parts[1].allSatisfy(\.isNumber) else {
                return nil
            }
            prefixLength = length
        } else {
            prefixLength = maximum
        }
        self.address = address
    }

    /// Whether `candidate` lies in this block (an IPv4 address never lies in an IPv6 block).
    func contains(_ candidate: IPAddress) -> Bool {
        guard candidate.bytes.count == address.bytes.count else { return false }
        var remaining = prefixLength
        for (mine, theirs) in zip(address.bytes, candidate.bytes) where remaining > 0 {
            let bits = min(8, remaining)
            let mask = UInt8(truncatingIfNeeded: 0xff << (8 - bits))
            if mine & mask != theirs & mask { return false }
            remaining -= bits
        }
        return true
    }

    /// The block as `address/length`.
    public var description: String { "\(address.text)/\(prefixLength)" }
}
