import DoorstepAPI
import DoorstepFlow
import DoorstepServerCore
import Foundation
import OpenAPIRuntime

extension DoorstepAPIHandler {
    package func listFlows(_ input: Operations.ListFlows.Input) async throws -> Operations.ListFlows.Output {
        .ok(
            .init(
                body: .json(
                    services.flows.flows.map {
                        .init(id: $0.id, version: $0.version, title: $0.title, summary: $0.summary)
                    })))
    }

    package func getFlow(_ input: Operations.GetFlow.Input) async throws -> Operations.GetFlow.Output {
        var flow = try services.flows.flow(input.path.flowId)
        let preferred = RequestInfo.current.preferredLanguages
        if !preferred.isEmpty, let localized = translations.flow(flow.id, preferred: preferred) {
            flow = localized.definition
        }
        let payload = try WireJSON.convert(flow, to: OpenAPIObjectContainer.self)
        return .ok(.init(body: .json(.init(additionalProperties: payload))))
    }

    package func getProgress(_ input: Operations.GetProgress.Input) async throws -> Operations.GetProgress.Output {
        let progress = try await services.flows.progress(try await caller(), flowID: input.path.flowId)
        let snapshot = try JSONDecoder().decode(OpenAPIObjectContainer.self, from: progress.snapshot)
        return .ok(
            .init(body: .json(.init(revision: progress.revision, snapshot: .init(additionalProperties: snapshot)))))
    }

    package func saveProgress(_ input: Operations.SaveProgress.Input) async throws -> Operations.SaveProgress.Output {
        let caller = try await caller()
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        let snapshot = try WireJSON.convert(body.snapshot.additionalProperties, to: Value.self)
        let revision = try await services.flows.saveProgress(
            caller, flowID: input.path.flowId, baseRevision: body.baseRevision,
            snapshot: snapshot)
        return .ok(.init(body: .json(.init(revision: revision))))
    }

    package func submitAnswers(_ input: Operations.SubmitAnswers.Input) async throws -> Operations.SubmitAnswers.Output
    {
        let caller = try await caller()
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        let answers = try WireJSON.convert(body.answers.additionalProperties, to: [String: Value].self)
        let submission = try await services.flows.submitAnswers(
            caller, flowID: input.path.flowId, flowVersion: body.flowVersion,
            answers: answers)
        let stored = try WireJSON.convert(submission.answers, to: OpenAPIObjectContainer.self)
        return .ok(
            .init(
                body: .json(
                    .init(
                        submissionId: submission.id.lowercasedText,
                        answers: .init(additionalProperties: stored)))))
    }

    package func getAnswers(_ input: Operations.GetAnswers.Input) async throws -> Operations.GetAnswers.Output {
        let answers = try await services.flows.answers(try await caller(), flowID: input.path.flowId)
        return .ok(
            .init(
                body: .json(
                    .init(additionalProperties: try WireJSON.convert(answers, to: OpenAPIObjectContainer.self)))))
    }
}
