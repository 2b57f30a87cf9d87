import Foundation

/// A mailbox as headers write it: an optional display name and an address, such as
/// `TANDA <no-reply@example.com>`.
public struct MailAddress: Sendable, Hashable, CustomStringConvertible {
    /// The display name, such as `TANDA`.
    public var name: String?
    /// The address, such as `no-reply@example.com`.
    public var address: String

    /// Creates a mailbox.
    public init(_ address: String, name: String? = nil) {
        self.address = address
        self.name = name
    }

    /// Reads `Name <address>` or a bare `address`; nil when it holds no plausible address or carries
    /// line breaks (which would let a value inject headers).
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.contains(where: \.isNewline) else { return nil }
        if let open = trimmed.lastIndex(of: "<"), trimmed.hasSuffix(">") {
            let address = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
            var name = trimmed[..<open].trimmingCharacters(in: .whitespaces)
            if name.hasPrefix("\""), name.hasSuffix("\""), name.count >= 2 {
                name = String(name.dropFirst().dropLast())
            }
            self.init(address, name: name.isEmpty ? nil : name)
        } else {
            self.init(trimmed)
        }
        guard Self.isPlausible(address) else { return nil }
    }

    /// One `@`, something on each side, and nothing that breaks an SMTP command or a header.
    static func isPlausible(_ address: String) -> Bool {
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty && address.utf8.count <= 320
            && !address.contains { $0.isWhitespace || $0.isNewline || "<>\"(),;:\\[]".contains($0) }
    }

    /// The mailbox as a header writes it, with a non-ASCII name as an RFC 2047 encoded word.
    public var description: String {
        guard let name, !name.isEmpty else { return address }
        return "\(MIMEEncoding.phrase(name)) <\(address)>"
    }
}
