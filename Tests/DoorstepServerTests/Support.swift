import DoorstepServer
import DoorstepTestSupport
import Foundation
import Testing

/// Steps many tests share, written the way a client would make them.
extension TestHTTPClient {
    /// Signs up `email` with a code read from the dev mailbox; returns the session.
    func signUpWithCode(_ email: String, server: TestServer, bearer: String? = nil) async throws -> [String: Any] {
        let sent = try await post("/v1/auth/code", ["email": email, "purpose": "signup"])
        #expect(sent.status == 202, "\(sent.text)")
        let code = try #require(await server.latestCode(to: email))
        let verified = try await post(
            "/v1/auth/code/verify", ["email": email, "code": code, "purpose": "signup"],
            bearer: bearer)
        #expect(verified.status == 200, "\(verified.text)")
        return verified.json
    }

    /// Signs up with a password; returns the session.
    func signUpWithPassword(_ email: String, password: String = "Sunny-Days-2026") async throws -> [String: Any] {
        let response = try await post("/v1/auth/signup", ["email": email, "password": password, "firstName": "Sam"])
        #expect(response.status == 201, "\(response.text)")
        return response.json
    }
}

extension Dictionary where Key == String, Value == Any {
    var accessToken: String { self["accessToken"] as? String ?? "" }
    var refreshToken: String { self["refreshToken"] as? String ?? "" }
    var user: [String: Any] { self["user"] as? [String: Any] ?? [:] }
    var userID: String { user["id"] as? String ?? "" }
}

extension FakeIdentityProvider {
    /// A fake identity provider serving on loopback, a server that `configure` points at it (given the
    /// provider's address), and a client of that server.
    static func withServer(
        configure: @escaping @Sendable (URL) -> @Sendable (inout ServerConfiguration) -> Void,
        _ body: @Sendable (FakeIdentityProvider, TestServer, TestHTTPClient, URL) async throws -> Void
    ) async throws {
        let provider = try FakeIdentityProvider()
        try await provider.serve { base in
            let server = try await TestServer.make(configure: configure(base))
            try await server.test { client in try await body(provider, server, client, base) }
        }
    }
}
