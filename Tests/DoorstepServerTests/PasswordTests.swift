import DoorstepServer
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import NIOPosix
import Testing

@Suite("Passwords")
struct PasswordTests {
    @Test(
        "8 to 128 characters, at most 128 code points as the API's schema counts; common passwords are refused",
        arguments: [
            ("short", 422, "validation_failed"), (String(repeating: "a", count: 129), 422, "validation_failed"),
            ("password123", 422, "weak_password"), ("Password123", 422, "weak_password"),
            ("Sunny-Days-2026", 201, nil),
            // 100 characters of 200 code points: as long as the API's schema counts it (maxLength 128).
            (String(repeating: "e\u{301}", count: 100), 422, "validation_failed"),
            (String(repeating: "e\u{301}", count: 64), 201, nil),
        ])
    func rules(_ password: String, _ status: Int, _ code: String?) async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let response = try await client.post("/v1/auth/signup", ["email": "a@example.com", "password": password])
            #expect(response.status == status)
            #expect(response.code == code)
        }
    }

    @Test("Passwords longer than bcrypt's 72 bytes are not cut short")
    func noTruncation() async throws {
        let server = try await TestServer.make()
        let prefix = String(repeating: "Long-Password-", count: 6)
        #expect(prefix.utf8.count >= 72)
        try await server.test { client in
            _ = try await client.signUpWithPassword("a@example.com", password: prefix + "One")
            let other = try await client.post("/v1/auth/login", ["email": "a@example.com", "password": prefix + "Two"])
            #expect(other.status == 401)
            let same = try await client.post("/v1/auth/login", ["email": "a@example.com", "password": prefix + "One"])
            #expect(same.status == 200)
        }
    }

    @Test("The shipped list of common passwords is loaded")
    func commonList() {
        #expect(CommonPasswords.bundled.count > 10_000)
        #expect(CommonPasswords.bundled.contains("iloveyou"))
        #expect(!CommonPasswords.bundled.contains("Sunny-Days-2026"))
    }

    @Test("bcrypt runs on the thread pool it is given, never inline on the caller's thread")
    func offTheEventLoop() async throws {
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        let hasher = BcryptPasswordHasher(cost: 4, threadPool: pool)
        let hash = try await hasher.hash("secret")
        #expect(try await hasher.verify("secret", against: hash))
        try await pool.shutdownGracefully()
        await #expect(throws: (any Error).self, "with its pool stopped, there is nowhere for the work to run") {
            try await hasher.hash("secret")
        }
    }
}
