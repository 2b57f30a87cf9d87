import DoorstepClient
import DoorstepTestSupport
import Foundation
import Testing

@Suite("DoorstepClient: sessions and devices")
struct AccountSessionsClientTests {
    let server = URL(string: "http://doorstep.test")!

    @Test("The device the app names is listed with its session; another session is signed out by id")
    func sessions() async throws {
        let backend = try await TestServer.make()
        try await backend.test { http in
            let phone = DoorstepClient(
                serverURL: server, transport: InProcessTransport(client: http), now: { backend.clock.now },
                device: DoorstepDevice(name: "Sam\u{2019}s iPhone", model: "iPhone15,2"))
            _ = try await phone.continueAsGuest()
            let listed = try await phone.sessions()
            #expect(listed.count == 1)
            #expect(listed.first?.deviceName == "Sam\u{2019}s iPhone")
            #expect(listed.first?.deviceModel == "iPhone15,2")
            #expect(listed.first?.device == "Sam\u{2019}s iPhone (iPhone15,2)")
            #expect(listed.first?.current == true)
            await #expect(throws: DoorstepError.self) { try await phone.signOutSession(id: UUID().uuidString) }
        }
    }
}
