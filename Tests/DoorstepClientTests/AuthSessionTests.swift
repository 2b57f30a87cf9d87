import DoorstepClient
import DoorstepTestSupport
import Foundation
import Testing

@Suite("AuthSession")
struct AuthSessionTests {
    @Test("An app's views see who is signed in without reading the stream: sign-in, then sign-out")
    func followsTheClient() async throws {
        let backend = try await TestServer.make()
        try await backend.test { http in
            let client = DoorstepClient(
                serverURL: URL(string: "http://doorstep.test")!, transport: InProcessTransport(client: http),
                now: { backend.clock.now })
            let session = await AuthSession(client: client)
            let following = Task { await session.follow() }
            defer { following.cancel() }
            #expect(await !session.isSignedIn)
            let guest = try await client.continueAsGuest()
            #expect(await Self.wait(for: .signedIn(userID: guest.id, isGuest: true), in: session))
            #expect(await session.isSignedIn)
            try await client.logOut()
            #expect(await Self.wait(for: .signedOut, in: session))
        }
    }

    /// Lets the session's task run until it shows `state` (it yields, it never sleeps).
    @MainActor
    static func wait(for state: AuthState, in session: AuthSession) async -> Bool {
        for _ in 0..<10_000 {
            if session.state == state { return true }
            await Task.yield()
        }
        return false
    }
}
