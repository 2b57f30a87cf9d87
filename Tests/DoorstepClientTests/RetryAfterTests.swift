import Foundation
import HTTPTypes
import OpenAPIRuntime
import Synchronization
import Testing

@testable import DoorstepClient

@Suite("Waiting as a busy server asks")
struct RetryAfterTests {
    /// A server that answers 429 with `Retry-After` a number of times, then 200; it counts requests
    /// and checks each carries the whole body.
    final class BusyServer: Sendable {
        let busyAnswers: Int
        let retryAfter: String
        private let requests = Mutex(0)

        init(busyAnswers: Int, retryAfter: String = "1") {
            self.busyAnswers = busyAnswers
            self.retryAfter = retryAfter
        }

        var count: Int { requests.withLock { $0 } }

        func answer(_ body: HTTPBody?) async throws -> (HTTPResponse, HTTPBody?) {
            let text = try await String(collecting: body ?? HTTPBody(), upTo: 1_024)
            #expect(text == #"{"email":"a@example.com"}"#, "every attempt sends the whole body")
            let number = requests.withLock { count -> Int in
                count += 1
                return count
            }
            guard number <= busyAnswers else { return (HTTPResponse(status: .ok), nil) }
            var response = HTTPResponse(status: .tooManyRequests)
            response.headerFields[.retryAfter] = retryAfter
            return (response, nil)
        }
    }

    func send(
        _ operationID: String, to server: BusyServer, policy: RetryPolicy
    ) async throws -> HTTPResponse.Status {
        let middleware = RetryAfterMiddleware(policy: policy)
        let (response, _) = try await middleware.intercept(
            HTTPRequest(method: .post, scheme: "https", authority: "auth.example.com", path: "/v1/auth/login"),
            body: HTTPBody(#"{"email":"a@example.com"}"#), baseURL: URL(string: "https://auth.example.com")!,
            operationID: operationID, next: { _, body, _ in try await server.answer(body) })
        return response.status
    }

    /// The waits a policy asked for, instead of waiting.
    final class Waits: Sendable {
        private let list = Mutex<[Duration]>([])
        var all: [Duration] { list.withLock { $0 } }

        func policy(budget: Duration = .seconds(10)) -> RetryPolicy {
            RetryPolicy(
                maximumTotalWait: budget, jitter: 0.25, random: { 0.5 },
                sleep: { duration in self.list.withLock { $0.append(duration) } })
        }
    }

    @Test("A log-in told to wait waits as asked, plus jitter, and then succeeds")
    func waitsThenSucceeds() async throws {
        let server = BusyServer(busyAnswers: 2)
        let waits = Waits()
        #expect(try await send("logIn", to: server, policy: waits.policy()) == .ok)
        #expect(server.count == 3)
        #expect(waits.all == [.milliseconds(1_125), .milliseconds(1_125)])
    }

    @Test("When the budget is spent the 429 comes back, to be shown as rate_limited")
    func givesUp() async throws {
        let server = BusyServer(busyAnswers: 100, retryAfter: "3")
        let waits = Waits()
        let status = try await send("refreshToken", to: server, policy: waits.policy(budget: .seconds(8)))
        #expect(status == .tooManyRequests)
        #expect(waits.all.count == 2, "3.375 s twice fits in 8 s, a third does not")
        #expect(server.count == 3)
    }

    @Test("Calls that are not safe to repeat, and a policy of never, get the 429 at once")
    func noRetry() async throws {
        let waits = Waits()
        let deletion = BusyServer(busyAnswers: 1)
        #expect(try await send("deleteMe", to: deletion, policy: waits.policy()) == .tooManyRequests)
        let never = BusyServer(busyAnswers: 1)
        #expect(try await send("logIn", to: never, policy: .never) == .tooManyRequests)
        #expect(deletion.count == 1 && never.count == 1 && waits.all.isEmpty)
    }
}
