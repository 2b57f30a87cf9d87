import Foundation

/// Which URLs webhooks may be sent to. By default only `https` URLs whose host resolves to public
/// addresses only; `allowsPrivate` (for tests and a developer's machine) also lets plain `http` and
/// loopback or private addresses through. The URL's text is checked when an endpoint is added, and
/// the addresses its host resolves to are checked again at every attempt, so a name that later
/// resolves inward (DNS rebinding) is refused as well.
public struct WebhookURLPolicy: Sendable, Hashable {
    public var allowsPrivate: Bool

    /// A policy; private addresses refused unless `allowsPrivate`.
    public init(allowsPrivate: Bool = false) {
        self.allowsPrivate = allowsPrivate
    }

    /// The URL's scheme, host and port, or why it is refused.
    public func check(_ text: String) throws(WebhookURLError) -> (url: URL, host: String, port: Int) {
        guard text.utf8.count <= 2_048, !text.contains(where: { $0.isWhitespace || $0.isASCIIControl }),
            let components = URLComponents(string: text), let url = components.url,
            let scheme = components.scheme?.lowercased(), let host = components.host, !host.isEmpty
        else { throw .malformed }
        guard scheme == "https" || (scheme == "http" && allowsPrivate) else { throw .notHTTPS }
        guard components.user == nil, components.password == nil else { throw .hasCredentials }
        guard components.fragment == nil else { throw .malformed }
        if let port = components.port, !(1...65_535).contains(port) { throw .malformed }
        let bareHost = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        if let literal = NetworkAddress(bareHost) {
            try check(literal)
        } else if !allowsPrivate, Self.isLocalName(bareHost) {
            throw .privateAddress(bareHost)
        }
        return (url, bareHost, components.port ?? (scheme == "https" ? 443 : 80))
    }

    /// Refuses an address that is not public, unless private ones are allowed.
    public func check(_ address: NetworkAddress) throws(WebhookURLError) {
        guard allowsPrivate || address.isPublic else { throw .privateAddress(address.description) }
    }

    /// Names that never leave the machine or the local network, refused before any lookup.
    static func isLocalName(_ host: String) -> Bool {
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        return name == "localhost" || name.hasSuffix(".localhost") || name.hasSuffix(".local")
            || name.hasSuffix(".internal") || !name.contains(".")
    }
}

extension Character {
    fileprivate var isASCIIControl: Bool { asciiValue.map { $0 < 0x20 || $0 == 0x7f } ?? false }
}

/// Why a webhook URL is refused.
public enum WebhookURLError: Error, Sendable, Equatable, CustomStringConvertible {
    case malformed
    case notHTTPS
    case hasCredentials
    /// The host is, or resolves to, a loopback, private or otherwise non-public address.
    case privateAddress(String)
    /// The host resolves to nothing.
    case unresolvable(String)

    public var description: String {
        switch self {
        case .malformed: return "not a valid URL"
        case .notHTTPS: return "webhook URLs must use https"
        case .hasCredentials: return "webhook URLs cannot carry a user name or password"
        case .privateAddress(let address):
            return "\(address) is a loopback, private or reserved address; webhooks go to public addresses only"
        case .unresolvable(let host): return "\(host) does not resolve"
        }
    }
}
