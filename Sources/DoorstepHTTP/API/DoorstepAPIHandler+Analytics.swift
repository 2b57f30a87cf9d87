import DoorstepAPI
import DoorstepServerCore
import Foundation

extension DoorstepAPIHandler {
    package func recordEvents(_ input: Operations.RecordEvents.Input) async throws -> Operations.RecordEvents.Output {
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        // A session is optional: with one the events join the account; a stale one is not an error.
        var userID: UUID?
        if let token = RequestInfo.current.bearerToken, !token.isEmpty,
            let caller = try? await services.auth.sessions.authenticate(bearer: token)
        {
            userID = caller.userID
        }
        let events = try body.events.map(Self.incoming)
        let result = try await services.analytics.record(events, userID: userID)
        return .accepted(
            .init(
                body: .json(
                    .init(
                        accepted: result.accepted, duplicates: result.duplicates,
                        rejected: result.rejected.map { .init(index: $0.index, code: $0.code) }))))
    }

    package func flowFunnel(_ input: Operations.FlowFunnel.Input) async throws -> Operations.FlowFunnel.Output {
        try await services.admins.check(bearer: RequestInfo.current.bearerToken, sessions: services.auth.sessions)
        let report = try await services.analytics.funnel(
            flowID: input.path.flowId, from: input.query.from, to: input.query.to, version: input.query.version,
            variant: input.query.variant)
        return .ok(.init(body: .json(try WireJSON.convert(report, to: Components.Schemas.Funnel.self))))
    }

    static func incoming(_ event: Components.Schemas.Event) throws -> IncomingEvent {
        guard let id = UUID(text: event.id) else {
            throw ServiceError.invalid("events.id", code: "invalid_id", "An event id is a UUID.")
        }
        // The contract's kinds and the store's are one list (a test holds them equal): a kind this
        // server does not keep is refused, never counted as another.
        guard let kind = AnalyticsEventRecord.Kind(rawValue: event._type.rawValue) else {
            throw ServiceError.invalid("events.type", code: "not_an_option", "This kind of event is not recorded.")
        }
        return IncomingEvent(
            id: id, installID: event.installId, flowID: event.flowId, flowVersion: event.flowVersion,
            variant: event.variant, kind: kind,
            screen: event.screen, field: event.field, action: event.action, code: event.code,
            sequence: event.sequence, at: event.at)
    }
}
