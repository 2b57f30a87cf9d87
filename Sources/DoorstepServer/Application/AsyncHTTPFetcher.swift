import AsyncHTTPClient
import DoorstepHTTP
import DoorstepServerCore
import DoorstepWeb
import Foundation
import NIOCore

/// Fetches provider keys and calls Apple's token endpoints with AsyncHTTPClient.
public struct AsyncHTTPFetcher: HTTPFetcher {
    let client: HTTPClient
    let timeout: TimeAmount

    /// Creates a fetcher; the shared client unless one is given.
    public init(client: HTTPClient = .shared, timeout: TimeAmount = .seconds(10)) {
        self.client = client
        self.timeout = timeout
    }

    /// The largest answer read.
    static let limit = 1 << 20

    public func get(_ url: URL) async throws -> Data {
        let response = try await client.execute(HTTPClientRequest(url: url.absoluteString), timeout: timeout)
        let body = try await response.body.collect(upTo: Self.limit)
        guard (200..<300).contains(response.status.code) else {
            throw ServiceError(status: 503, code: .unavailable, detail: "A sign-in provider did not answer.")
        }
        return Data(buffer: body)
    }

    public func post(_ url: URL, headers: [String: String], body: Data) async throws -> (status: Int, body: Data) {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .POST
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await client.execute(request, timeout: timeout)
        return (Int(response.status.code), Data(buffer: try await response.body.collect(upTo: Self.limit)))
    }
}
