import DoorstepTestSupport
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Synchronization

/// The in-process transport with a connection that drops the requests of chosen operations (by the
/// API's `operationId`) until the test lets them through again.
final class FailingTransport: ClientTransport {
    let wrapped: InProcessTransport
    private let failing = Mutex<Set<String>>([])

    init(client: TestHTTPClient) {
        self.wrapped = InProcessTransport(client: client)
    }

    /// Drops every request of `operationID` from now on.
    func fail(_ operationID: String) {
        failing.withLock { _ = $0.insert(operationID) }
    }

    /// Lets every request through again.
    func heal() {
        failing.withLock { $0.removeAll() }
    }

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        if failing.withLock({ $0.contains(operationID) }) { throw URLError(.networkConnectionLost) }
        return try await wrapped.send(request, body: body, baseURL: baseURL, operationID: operationID)
    }
}

/// The in-process transport speaking for a newer server: every problem it answers carries `code`,
/// one this SDK does not know, and is otherwise the real server's answer.
struct NewerServerTransport: ClientTransport {
    let wrapped: InProcessTransport
    let code: String

    init(client: TestHTTPClient, code: String) {
        self.wrapped = InProcessTransport(client: client)
        self.code = code
    }

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, body) = try await wrapped.send(request, body: body, baseURL: baseURL, operationID: operationID)
        guard response.headerFields[.contentType] == "application/problem+json", let body else {
            return (response, body)
        }
        let data = try await Data(collecting: body, upTo: 1 << 20)
        guard var problem = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            return (response, HTTPBody(data))
        }
        problem["code"] = code
        return (response, HTTPBody(try JSONSerialization.data(withJSONObject: problem)))
    }
}
