import DoorstepAPI
import DoorstepFlow
import Foundation
import OpenAPIRuntime

extension DoorstepClient {
    /// A flow definition from the server (remote configuration).
    public func flow(_ id: String) async throws -> FlowDefinition {
        switch try await send({ try await self.api.getFlow(path: .init(flowId: id)) }) {
        case .ok(let ok): return try WireJSON.convert(try ok.body.json.additionalProperties, to: FlowDefinition.self)
        case .default(let status, let problem): throw DoorstepError.problem(status, problem)
        }
    }

    /// The progress saved on the server for a flow, with its revision; nil when there is none.
    public func progress(in flowID: String) async throws -> (revision: Int, snapshot: FlowSnapshot)? {
        try await authorized {
            switch try await self.send({ try await self.api.getProgress(path: .init(flowId: flowID)) }) {
            case .ok(let ok):
                let body = try ok.body.json
                return (body.revision, try WireJSON.convert(body.snapshot.additionalProperties, to: FlowSnapshot.self))
            case .default(404, _): return nil
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// Saves a snapshot; returns the new revision. A stale base revision throws `revision_conflict`.
    public func saveProgress(_ snapshot: FlowSnapshot, in flowID: String, baseRevision: Int?) async throws -> Int {
        let payload = try WireJSON.convert(snapshot, to: OpenAPIObjectContainer.self)
        return try await authorized {
            switch try await self.send({
                try await self.api.saveProgress(
                    path: .init(flowId: flowID),
                    body: .json(.init(baseRevision: baseRevision, snapshot: .init(additionalProperties: payload))))
            }) {
            case .ok(let ok): return try ok.body.json.revision
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// Submits answers; the server checks them with the flow's own field rules.
    @discardableResult
    public func submitAnswers(_ answers: [String: Value], flowID: String, flowVersion: Int) async throws -> String {
        let payload = try WireJSON.convert(answers, to: OpenAPIObjectContainer.self)
        return try await authorized {
            switch try await self.send({
                try await self.api.submitAnswers(
                    path: .init(flowId: flowID),
                    body: .json(.init(flowVersion: flowVersion, answers: .init(additionalProperties: payload))))
            }) {
            case .ok(let ok): return try ok.body.json.submissionId
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// The accepted answers of a flow, newest per field; empty when there are none.
    public func answers(in flowID: String) async throws -> [String: Value] {
        try await authorized {
            switch try await self.send({ try await self.api.getAnswers(path: .init(flowId: flowID)) }) {
            case .ok(let ok):
                return try WireJSON.convert(try ok.body.json.additionalProperties, to: [String: Value].self)
            case .default(404, _): return [:]
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }
}
