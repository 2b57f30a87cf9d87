import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import Synchronization

/// The few calls the scenarios make, as a client app would. With several servers, each call goes to
/// the next in turn, as a load balancer without stickiness would send it.
final class API: Sendable {
    let client: HTTPClient
    let bases: [String]
    private let next = Atomic<Int>(0)

    init(client: HTTPClient, bases: [String]) {
        self.client = client
        self.bases = bases
    }

    private func nextBase() -> String {
        bases[next.wrappingAdd(1, ordering: .relaxed).oldValue % bases.count]
    }

    struct Failure: Error, CustomStringConvertible {
        var status: Int
        /// The request, as `POST /v1/auth/code`.
        var request: String
        /// Seconds the server asked to wait, for a 429.
        var retryAfter: Double? = nil

        /// Whether the server shed the request to keep its queue short (429 with `Retry-After`).
        var isShed: Bool { status == 429 }

        var description: String { status == 0 ? request : "\(request) answered \(status)" }
    }

    /// Sends a request; returns the JSON answer, or throws on a status other than 2xx.
    @discardableResult
    func call(
        _ method: HTTPMethod, _ path: String, json: [String: Any]? = nil, bearer: String? = nil, base: String? = nil
    ) async throws -> [String: Any] {
        try await call(
            method, path, body: try json.map { try JSONSerialization.data(withJSONObject: $0) }, bearer: bearer,
            base: base)
    }

    /// Sends a request whose JSON body is already encoded.
    @discardableResult
    func call(
        _ method: HTTPMethod, _ path: String, body: Data?, bearer: String? = nil, base: String? = nil
    ) async throws -> [String: Any] {
        var request = HTTPClientRequest(url: (base ?? nextBase()) + path)
        request.method = method
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        if let bearer { request.headers.add(name: "Authorization", value: "Bearer \(bearer)") }
        let response = try await client.execute(request, timeout: .seconds(60))
        let body = try await response.body.collect(upTo: 1 << 20)
        guard (200..<300).contains(Int(response.status.code)) else {
            throw Failure(
                status: Int(response.status.code), request: "\(method.rawValue) \(path)",
                retryAfter: response.headers.first(name: "Retry-After").flatMap(Double.init))
        }
        guard body.readableBytes > 0 else { return [:] }
        let object = try JSONSerialization.jsonObject(with: Data(buffer: body))
        return object as? [String: Any] ?? ["items": object]
    }

    /// Sends a request, waiting as asked and trying again while the server sheds it: for setting up
    /// accounts, where every request must land.
    @discardableResult
    func callUntilAdmitted(_ method: HTTPMethod, _ path: String, json: [String: Any]? = nil) async throws
        -> [String: Any]
    {
        while true {
            do {
                return try await call(method, path, json: json)
            } catch let failure as Failure where failure.isShed {
                try await Task.sleep(for: .milliseconds(Int((failure.retryAfter ?? 1) * 1_000)))
            }
        }
    }

    /// The newest code mailed to an address, from the dev mailboxes (any server may have sent it). Mail
    /// leaves through the outbox a moment after the request that wrote it, later on a busy machine, so
    /// this waits for it as a person would, for up to ten seconds.
    func code(for email: String) async throws -> String {
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            var newest: (sentAt: String, code: String)?
            for base in bases {
                let answer = try await call(.GET, "/dev/mail.json?to=\(email)", base: base)
                guard let mail = (answer["items"] as? [[String: Any]])?.first, let code = mail["code"] as? String
                else { continue }
                let sentAt = mail["sentAt"] as? String ?? ""
                if newest == nil || sentAt > newest!.sentAt { newest = (sentAt, code) }
            }
            if let newest { return newest.code }
            guard ContinuousClock.now < deadline else {
                throw Failure(status: 0, request: "no code mailed to \(email) reached the dev mailbox in 10 s")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    func guest() async throws -> (access: String, refresh: String) {
        let session = try await call(.POST, "/v1/auth/guest")
        return (session["accessToken"] as? String ?? "", session["refreshToken"] as? String ?? "")
    }
}
