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
