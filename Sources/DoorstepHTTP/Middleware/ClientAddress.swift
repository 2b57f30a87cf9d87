import HTTPTypes
import Hummingbird

/// The header a trusted proxy names the client in: the one it sets itself, overwriting or appending to
/// what the client sent. The other header passes through the proxy untouched, so it is the client's
/// own word and is never read.
public enum ForwardingHeader: String, Sendable, CaseIterable {
    /// `X-Forwarded-For` (and `X-Forwarded-Proto`), as nginx, HAProxy and most load balancers set.
    case xForwardedFor = "x-forwarded-for"
    /// `Forwarded` (RFC 7239), with its `for=` and `proto=` parameters.
    case forwarded
}

/// Who sent a request. The peer of the connection, unless the peer is a proxy the operator trusts
/// (`--trusted-proxy`): then the address that proxy names in the one header it sets
/// (`--trusted-proxy-header`). Headers from anyone else, and the other header, are ignored, so a client
/// cannot pick the address it is counted under.
package struct ClientAddressResolver: Sendable {
    /// The proxies whose forwarding headers are believed.
    let trustedProxies: [IPNetwork]
    /// The header those proxies set.
    var header: ForwardingHeader = .xForwardedFor

    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let forwarded = HTTPField.Name("Forwarded")!

    /// The client's address: walking the forwarding chain from the peer back, the first address that
    /// is not a trusted proxy (RFC 7239 section 7.4; every proxy appends the address it heard from).
    func client(peer: IPAddress?, headers: HTTPFields) -> IPAddress? {
        guard let peer, isTrusted(peer) else { return peer }
        let chain = Self.forwardingChain(headers, from: header)
        var client = peer
        for hop in chain.reversed() {
            guard let address = hop else { return client }
            client = address
            if !isTrusted(address) { return address }
        }
        return client
    }

    func isTrusted(_ address: IPAddress) -> Bool {
        trustedProxies.contains { $0.contains(address) }
    }

    /// The addresses a request passed through, client first, from the one header the proxy sets; nil
    /// for an entry that is not an address (`unknown`, an obfuscated name).
    static func forwardingChain(_ headers: HTTPFields, from header: ForwardingHeader) -> [IPAddress?] {
        if header == .forwarded {
            return headers[values: Self.forwarded].flatMap { $0.split(separator: ",") }.map { element in
                let pairs = element.split(separator: ";").map { $0.trimmingSpacesAndTabs }
                guard let node = pairs.first(where: { $0.lowercased().hasPrefix("for=") })?.dropFirst(4) else {
                    return nil
                }
                return address(ofNode: node)
            }
        }
        return headers[values: Self.forwardedFor].flatMap { $0.split(separator: ",") }.map {
            address(ofNode: Substring($0.trimmingSpacesAndTabs))
        }
    }

    /// The address of a node: `1.2.3.4`, `1.2.3.4:80`, `"[2001:db8::1]:443"`, `2001:db8::1`.
    static func address(ofNode node: Substring) -> IPAddress? {
        var node = node
        if node.hasPrefix("\""), node.hasSuffix("\""), node.count >= 2 { node = node.dropFirst().dropLast() }
        if node.hasPrefix("["), let end = node.firstIndex(of: "]") {
            return IPAddress(node[node.index(after: node.startIndex)..<end])
        }
        if let address = IPAddress(node) { return address }
        if let colon = node.lastIndex(of: ":"), node.firstIndex(of: ":") == colon {
            return IPAddress(node[..<colon])
        }
        return nil
    }

    /// Creates it from its parts.
    package init(trustedProxies: [IPNetwork], header: ForwardingHeader = .xForwardedFor) {
        self.trustedProxies = trustedProxies
        self.header = header
    }
}

/// Puts the client's address in the context before anything else reads it.
package struct ClientAddressMiddleware: RouterMiddleware {
    package typealias Context = DoorstepRequestContext
    let resolver: ClientAddressResolver

    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        let peer = context.remoteAddress?.ipAddress.flatMap { IPAddress($0) }
        context.clientAddress = resolver.client(peer: peer, headers: request.headers)
        context.viaTrustedProxy = peer.map(resolver.isTrusted) ?? false
        context.overTLS =
            request.uri.scheme == .https
            || (context.viaTrustedProxy && Self.forwardedHTTPS(request.headers, from: resolver.header))
        return try await next(request, context)
    }

    static let forwardedProto = HTTPField.Name("X-Forwarded-Proto")!

    /// Whether the header the proxy sets says the client came over https.
    static func forwardedHTTPS(_ headers: HTTPFields, from header: ForwardingHeader) -> Bool {
        if header == .xForwardedFor {
            return headers[forwardedProto].map {
                $0.split(separator: ",").first?.trimmingSpacesAndTabs.lowercased() == "https"
            } ?? false
        }
        return headers[values: ClientAddressResolver.forwarded].first.map {
            $0.lowercased().split(separator: ",").first?.split(separator: ";")
                .contains { $0.trimmingSpacesAndTabs == "proto=https" } ?? false
        } ?? false
    }

    /// Creates it from its parts.
    package init(resolver: ClientAddressResolver) {
        self.resolver = resolver
    }
}
