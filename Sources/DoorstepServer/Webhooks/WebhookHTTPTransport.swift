import AsyncHTTPClient
import DoorstepHTTP
import DoorstepServerCore
import DoorstepWeb
import Foundation
import NIOCore

/// Posts webhook deliveries with AsyncHTTPClient, closed to the server's own network: the host is
/// resolved first, every address it resolves to must be public (unless the policy allows private
/// ones), and the connection goes to the address that was checked — never to whatever a second
/// lookup returns — with TLS still verified for the host's name. Redirects are not followed, and
/// an attempt has ``WebhookPolicy/attemptTimeout`` in all.
public struct WebhookHTTPTransport: WebhookTransport {
    let resolver: any HostResolver

    /// The largest answer read (and then ignored).
    static let answerLimit = 64 * 1024

    /// A transport that resolves with `resolver`.
    public init(resolver: any HostResolver = SystemHostResolver()) {
        self.resolver = resolver
    }

    public func post(_ text: String, headers: [String: String], body: Data, policy: WebhookPolicy) async throws
        -> Int
    {
        let target = try await checkedAddress(of: text, policy: policy.urls)
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.proxy = nil
        configuration.timeout = .init(
            connect: .milliseconds(Int64(policy.attemptTimeout * 1_000)),
            read: .milliseconds(Int64(policy.attemptTimeout * 1_000)))
        if let address = target.address { configuration.dnsOverride = [target.host: address.description] }
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            var request = HTTPClientRequest(url: target.url.absoluteString)
            request.method = .POST
            for (name, value) in headers { request.headers.add(name: name, value: value) }
            request.headers.add(name: "user-agent", value: "Doorstep-Webhooks/1")
            request.body = .bytes(ByteBuffer(bytes: body))
            let response = try await client.execute(
                request, timeout: .milliseconds(Int64(policy.attemptTimeout * 1_000)))
            // The answer's body means nothing; read a little of it so the connection ends cleanly.
            _ = try? await response.body.collect(upTo: Self.answerLimit)
            try? await client.shutdown()
            return Int(response.status.code)
        } catch let error as WebhookTransportError {
            try? await client.shutdown()
            throw error
        } catch {
            try? await client.shutdown()
            throw WebhookTransportError(Self.reason(error))
        }
    }

    /// The URL, its host, and the one address to connect to (nil when the host is itself an address).
    func checkedAddress(of text: String, policy: WebhookURLPolicy) async throws
        -> (url: URL, host: String, address: NetworkAddress?)
    {
        let checked: (url: URL, host: String, port: Int)
        do {
            checked = try policy.check(text)
        } catch {
            throw WebhookTransportError(error.description)
        }
        let (url, host) = (checked.url, checked.host)
        if NetworkAddress(host) != nil { return (url, host, nil) }
        let addresses = try await resolver.addresses(of: host)
        guard let first = addresses.first else { throw WebhookTransportError("\(host) does not resolve") }
        for address in addresses {
            do {
                try policy.check(address)
            } catch {
                throw WebhookTransportError("\(host) resolves to a non-public address (\(address))")
            }
        }
        return (url, host, first)
    }

    static func reason(_ error: any Error) -> String {
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout: return "timed out"
            default: return "the connection failed (\(error.shortDescription))"
            }
        }
        return "the connection failed"
    }
}

extension HTTPClientError {
    /// The error's name without anything from the request.
    fileprivate var shortDescription: String {
        String(String(describing: self).prefix(80))
    }
}
