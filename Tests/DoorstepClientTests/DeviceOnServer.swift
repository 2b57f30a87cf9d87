import DoorstepClient
import DoorstepFlow
import DoorstepServer
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import OpenAPIRuntime
import Testing

/// Opens catalog flow `id` on a device against `backend`, as an app does at launch: a client keeping
/// its session in `tokens` and the walk in `snapshots`, its requests sent over `transport` (straight
/// to the server unless a test drops some), its time the server's clock, the trainer's module registered.
func openFlow(
    _ id: String, _ backend: TestServer, _ http: TestHTTPClient, device: any DeviceEffects = NoDeviceEffects(),
    transport: (any ClientTransport)? = nil, tokens: any TokenStore = InMemoryTokenStore(),
    snapshots: any SnapshotStore = InMemorySnapshotStore()
) async throws -> (FlowSession, DoorstepClient) {
    let client = DoorstepClient(
        serverURL: URL(string: "http://doorstep.test")!, transport: transport ?? InProcessTransport(client: http),
        tokenStore: tokens, now: { backend.clock.now })
    let flow = try #require(try FlowCatalog.bundled().flow(id))
    let session = try await FlowSession(
        flow: flow, client: client, device: device, modules: [TrainerModule(client: client)], snapshots: snapshots,
        now: { backend.clock.now })
    return (session, client)
}

extension FakeIdentityProvider {
    /// Serves this provider and, to `body`, a server that trusts its Apple and Google tokens, with rate
    /// limits off and `passkeys` taken where given.
    func serveTrustingServer(
        passkeys: PasskeyRelyingParty? = nil,
        _ body: @escaping @Sendable (TestServer, TestHTTPClient) async throws -> Void
    ) async throws {
        try await serve { base in
            let backend = try await TestServer.make { configuration in
                configuration.rateLimits = false
                configuration.trustProviders(at: base)
                configuration.passkeys = passkeys
            }
            try await backend.test { http in try await body(backend, http) }
        }
    }
}
