import ArgumentParser
import DoorstepHTTP
import DoorstepServer
import Foundation

extension Serve {
    /// What decides who a client is, how long a connection may take, and whether an https server may
    /// keep its signing keys in the clear on purpose.
    func resolveEdge(into configuration: inout ServerConfiguration, environment: [String: String]) throws {
        let proxies = trustedProxies.isEmpty ? Self.list(environment, "DOORSTEP_TRUSTED_PROXIES") : trustedProxies
        configuration.trustedProxies = try proxies.map { text in
            guard let network = IPNetwork(text) else {
                throw ValidationError(
                    "A trusted proxy is an address or a CIDR block such as 10.0.0.0/8, not \"\(text)\".")
            }
            return network
        }
        if let name = trustedProxyHeader ?? environment["DOORSTEP_TRUSTED_PROXY_HEADER"] {
            guard let header = ForwardingHeader(rawValue: name.lowercased()) else {
                throw ValidationError("The trusted proxy header is x-forwarded-for or forwarded, not \"\(name)\".")
            }
            configuration.trustedProxyHeader = header
        }
        let idle = try idleTimeout ?? Self.integer(environment, "DOORSTEP_IDLE_TIMEOUT")
        let read = try readTimeout ?? Self.integer(environment, "DOORSTEP_READ_TIMEOUT")
        for (name, value) in [("idle", idle), ("read", read)] {
            if let value, !(1...3_600).contains(value) {
                throw ValidationError("The \(name) timeout must be between 1 and 3600 seconds.")
            }
        }
        if let idle { configuration.idleTimeout = .seconds(idle) }
        if let read { configuration.readTimeout = .seconds(read) }
        configuration.allowsUnsealedKeys =
            try allowUnsealedKeys || Self.switchValue(environment, "DOORSTEP_ALLOW_UNSEALED_KEYS") ?? false
    }
}
