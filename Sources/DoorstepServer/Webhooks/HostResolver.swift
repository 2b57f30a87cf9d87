import DoorstepHTTP
import DoorstepServerCore
import DoorstepWeb
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns a host name into the addresses it resolves to now.
public protocol HostResolver: Sendable {
    func addresses(of host: String) async throws -> [NetworkAddress]
}

/// The system's resolver (`getaddrinfo`), run off the caller's thread since it blocks.
public struct SystemHostResolver: HostResolver {
    /// The system resolver.
    public init() {}

    public func addresses(of host: String) async throws -> [NetworkAddress] {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try Self.lookUp(host) })
            }
        }
    }

    private static func lookUp(_ host: String) throws -> [NetworkAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else {
            throw WebhookTransportError("\(host) does not resolve")
        }
        defer { freeaddrinfo(first) }
        var addresses: [NetworkAddress] = []
        for entry in sequence(first: first, next: { $0.pointee.ai_next }) {
            guard let address = entry.pointee.ai_addr else { continue }
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                var bytes = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                if let found = NetworkAddress(bytes: withUnsafeBytes(of: &bytes) { Array($0) }) {
                    addresses.append(found)
                }
            case AF_INET6:
                var bytes = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                if let found = NetworkAddress(bytes: withUnsafeBytes(of: &bytes) { Array($0) }) {
                    addresses.append(found)
                }
            default: continue
            }
        }
        var seen = Set<NetworkAddress>()
        return addresses.filter { seen.insert($0).inserted }
    }
}
