import DoorstepClient
import DoorstepFlow
import DoorstepPresentation
import DoorstepTestSupport
import Foundation
import Testing

@Suite("FlowSession.leave: a wrong answer says why once its field is left")
struct FlowSessionLeaveTests {
    /// Destiny's "Sign in with Email" screen, reached through the splash, Skip and "Sign in with Email".
    func emailEntry(_ backend: TestServer, _ http: TestHTTPClient) async throws -> FlowSession {
        let client = DoorstepClient(
            serverURL: URL(string: "http://doorstep.test")!, transport: InProcessTransport(client: http),
            now: { backend.clock.now })
        let flow = try #require(try FlowCatalog.bundled().flow("destiny"))
        let session = try await FlowSession(
            flow: flow, client: client, snapshots: InMemorySnapshotStore(), now: { backend.clock.now })
        try await session.fireTimer("launched")
        try await session.tap("skip")
        try await session.tap("email")
        #expect(await session.screen == "emailEntry")
        return session
    }

    @Test("Leaving a malformed email shows the field's message; fixing the answer takes it away")
    func malformedAnswer() async throws {
        let backend = try await TestServer.make()
        try await backend.test { http in
            let session = try await emailEntry(backend, http)
            try await session.answer("email", "not-an-email")
            #expect(
                await session.presented(at: backend.clock.now).field("email")?.error == nil,
                "nothing is said while the person is still typing")

            try await session.leave("email")
            let left = await session.presented(at: backend.clock.now)
            #expect(left.field("email")?.error == "Please enter a valid email address.")
            #expect(left.focusedField == "email", "the field with the message is the one to fix")
            #expect(await session.screen == "emailEntry")

            try await session.answer("email", "luna@example.com")
            #expect(await session.presented(at: backend.clock.now).field("email")?.error == nil)
            try await session.leave("email")
            #expect(await session.presented(at: backend.clock.now).field("email")?.error == nil)
        }
    }

    @Test("Leaving an empty field says nothing")
    func emptyAnswer() async throws {
        let backend = try await TestServer.make()
        try await backend.test { http in
            let session = try await emailEntry(backend, http)
            try await session.leave("email")
            var shown = await session.presented(at: backend.clock.now)
            #expect(shown.field("email")?.error == nil)
            #expect(shown.banner == nil)

            try await session.answer("email", "")
            try await session.leave("email")
            shown = await session.presented(at: backend.clock.now)
            #expect(shown.field("email")?.error == nil)
            #expect(shown.banner == nil)
        }
    }
}
