import DoorstepAPI
import DoorstepServerCore

extension DoorstepAPIHandler {
    package func receiveAppStoreNotification(_ input: Operations.ReceiveAppStoreNotification.Input) async throws
        -> Operations.ReceiveAppStoreNotification.Output
    {
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        let outcome = try await services.purchases.apply(notification: body.signedPayload)
        let wire: Components.Schemas.AppStoreNotificationOutcome.OutcomePayload =
            switch outcome {
            case .applied: .applied
            case .alreadyApplied: .alreadyApplied
            case .ignored: .ignored
            }
        return .ok(.init(body: .json(.init(outcome: wire))))
    }
}
