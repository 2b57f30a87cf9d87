import DoorstepClient
import DoorstepFlow
import DoorstepTestSupport
import Foundation
import OpenAPIURLSession
import Testing

@Suite("DoorstepClient")
struct DoorstepClientTests {
    let server = URL(string: "http://doorstep.test")!

    @Test("The auth state stream starts with the current state and follows sign-in and sign-out")
    func authStates() async throws {
        let backend = try await TestServer.make()
        try await backend.test { http in
            let client = DoorstepClient(
                serverURL: server, transport: InProcessTransport(client: http), now: { backend.clock.now })
            var states = await client.authStates().makeAsyncIterator()
            #expect(await states.next() == .signedOut)
            let user = try await client.continueAsGuest()
            #expect(await states.next() == .signedIn(userID: user.id, isGuest: true))
            try await client.logOut()
            #expect(await states.next() == .signedOut)
        }
    }

    @Test("Ten concurrent calls with an expired access token share one refresh")
    func singleFlightRefresh() async throws {
        let backend = try await TestServer.make()
        try await backend.test { http in
            let client = DoorstepClient(
                serverURL: server, transport: InProcessTransport(client: http), now: { backend.clock.now })
            let guest = try await client.continueAsGuest()
            backend.clock.advance(by: 16 * 60)
            let ids = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<10 { group.addTask { try await client.me().id } }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            #expect(ids == Array(repeating: guest.id, count: 10))
            #expect(await client.refreshes == 1)
        }
    }

    @Test("A reused refresh token signs the device out cleanly")
    func reusedTokenSignsOut() async throws {
        let backend = try await TestServer.make()
        try await backend.test { http in
            let store = InMemoryTokenStore()
            let phone = DoorstepClient(
                serverURL: server, transport: InProcessTransport(client: http), tokenStore: store,
                now: { backend.clock.now })
            try await phone.continueAsGuest()
            let copied = try #require(try await store.load())
            let thief = DoorstepClient(
                serverURL: server, transport: InProcessTransport(client: http),
                tokenStore: InMemoryTokenStore(copied), now: { backend.clock.now })
            backend.clock.advance(by: 16 * 60)
            _ = try await phone.me()
            backend.clock.advance(by: 11)
            await #expect(throws: DoorstepError.self) { try await thief.me() }
            #expect(await thief.authState == .signedOut)
            await #expect(throws: DoorstepError.self) { try await phone.me() }
            #expect(await phone.authState == .signedOut, "the whole session ended, on every device")
            #expect(try await store.load() == nil)
        }
    }

    @Test("Server problems keep their code and field messages; unknown codes arrive intact")
    func serverProblems() async throws {
        let backend = try await TestServer.make()
        try await backend.test { http in
            let client = DoorstepClient(
                serverURL: server, transport: InProcessTransport(client: http), now: { backend.clock.now })
            do {
                try await client.sendCode(email: "not-an-email", purpose: "signup")
                Issue.record("an invalid email was accepted")
            } catch let error as DoorstepError {
                #expect(error.code == "validation_failed")
                guard case .server(let problem) = error else {
                    Issue.record("expected the server's problem, got \(error)")
                    return
                }
                #expect(problem.status == 422)
                #expect(problem.fieldProblems["email"] == "Please enter a valid email address.")
            }
            await #expect(throws: DoorstepError.signedOut) { try await client.me() }

            // A server newer than the app answers with a code this SDK has never heard of.
            let newer = DoorstepClient(
                serverURL: server, transport: NewerServerTransport(client: http, code: "brand_new_code"),
                now: { backend.clock.now })
            do {
                try await newer.sendCode(email: "not-an-email", purpose: "signup")
                Issue.record("an invalid email was accepted")
            } catch let error as DoorstepError {
                #expect(error.code == ProblemCode(rawValue: "brand_new_code"))
                guard case .server(let problem) = error else {
                    Issue.record("expected the server's problem, got \(error)")
                    return
                }
                #expect(problem.status == 422, "the rest of the answer is kept")
            }
        }
    }

    @Test("An unreachable server is a transport error, not a server answer")
    func transportFailure() async throws {
        let client = DoorstepClient(serverURL: URL(string: "http://127.0.0.1:9")!, transport: URLSessionTransport())
        do {
            _ = try await client.identify(email: "a@example.com")
            Issue.record("a request to nowhere succeeded")
        } catch let error as DoorstepError {
            guard case .transport = error else {
                Issue.record("expected a transport error, got \(error)")
                return
            }
        }
    }

    @Test("File token stores keep the session between launches, readable by the owner only")
    func fileTokenStore() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("doorstep-session-\(UUID()).json")
        let store = FileTokenStore(url: url)
        let session = StoredSession(
            accessToken: "a", refreshToken: "r", accessTokenExpiresAt: Date(timeIntervalSince1970: 0),
            userID: "u", isGuest: false)
        try await store.save(session)
        #expect(try await FileTokenStore(url: url).load() == session)
        let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        try await store.clear()
        #expect(try await store.load() == nil)
    }
}
