import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import OpenAPIRuntime

/// A client transport that hands requests straight to a test server's router: the SDK's code runs
/// against the real server code in-process, without sockets.
public struct InProcessTransport: ClientTransport {
    let client: TestHTTPClient

    /// Sends requests through `client`.
    public init(client: TestHTTPClient) {
        self.client = client
    }

    public func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var bytes: Data?
        if let body { bytes = try await Data(collecting: body, upTo: 16 * 1024 * 1024) }
        var extra: [HTTPField.Name: String] = [:]
        for field in request.headerFields where field.name != .contentType { extra[field.name] = field.value }
        let response = try await client.send(
            request.method, request.path ?? "/", bytes: bytes, contentType: request.headerFields[.contentType],
            headers: extra)
        var fields = response.headers
        fields[HTTPField.Name.contentLength] = nil
        return (HTTPResponse(status: .init(code: response.status), headerFields: fields), HTTPBody(response.body))
    }
}
