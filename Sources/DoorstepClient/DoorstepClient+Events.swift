import DoorstepAPI
import Foundation

extension DoorstepClient {
    /// Sends flow events; with a session they join the account. Events already sent (same id) change
    /// nothing, so sending a batch again after a lost answer is safe.
    func sendEvents(_ events: [Components.Schemas.Event]) async throws {
        let token: String? = await authState == .signedOut ? nil : try? await validAccessToken()
        let output = try await BearerMiddleware.$token.withValue(token) {
            try await send { try await self.api.recordEvents(body: .json(.init(events: events))) }
        }
        switch output {
        case .accepted: return
        case .default(let status, let problem): throw DoorstepError.problem(status, problem)
        }
    }
}
