import DoorstepFlow
import Foundation

/// The catalog's flows as remote configuration, and each user's progress and answers in them.
public struct FlowDataService: Sendable {
    let storage: any Storage
    let catalog: FlowCatalog
    /// The time, ids, metrics, and the webhook events `flow.completed` goes to.
    let context: ServiceContext

    /// The most answers one submission may carry.
    public static let maximumAnswers = 200

    /// Creates the service.
    public init(storage: any Storage, catalog: FlowCatalog, context: ServiceContext) {
        self.storage = storage
        self.catalog = catalog
        self.context = context
    }

    /// Every flow of the catalog.
    public var flows: [FlowDefinition] { catalog.flows }

    /// A flow of the catalog, or 404.
    public func flow(_ id: String) throws(ServiceError) -> FlowDefinition {
        guard let flow = catalog.flow(id) else { throw .notFound }
        return flow
    }

    /// The caller's saved progress in a flow, or 404 when there is none.
    public func progress(_ caller: Caller, flowID: String) async throws -> FlowProgressRecord {
        _ = try flow(flowID)
        guard
            let progress = try await storage.transaction({
                try await $0.progress(userID: caller.userID, flowID: flowID)
            })
        else { throw ServiceError.notFound }
        return progress
    }

    /// Saves the engine's snapshot. `baseRevision` must name the revision the client last saw; an older
    /// one means another device saved since, and is refused with 409 `revision_conflict`.
    public func saveProgress(_ caller: Caller, flowID: String, baseRevision: Int?, snapshot: Value) async throws -> Int
    {
        let definition = try flow(flowID)
        guard let decoded = try? FlowSnapshot(value: snapshot), decoded.flowID == definition.id,
            decoded.flowVersion <= definition.version
        else {
            throw ServiceError.invalid("snapshot", code: "invalid_snapshot", "The snapshot is not one of this flow's.")
        }
        let secrets = decoded.secretAnswers(of: definition)
        guard secrets.isEmpty else {
            let fields = secrets.sorted().joined(separator: ", ")
            throw ServiceError(
                status: 422, code: .secretInSnapshot,
                detail: "Progress never keeps passwords or codes; leave out \(fields).",
                fieldProblems: secrets.sorted().map {
                    FieldIssue(
                        field: $0, code: "secret_in_snapshot", message: "This answer is a secret and is not kept.")
                })
        }
        let data = try snapshot.jsonData()
        return try await storage.transaction { store in
            let current = try await store.progress(userID: caller.userID, flowID: flowID)
            guard (baseRevision ?? 0) == (current?.revision ?? 0) else {
                throw ServiceError(
                    status: 409, code: "revision_conflict",
                    detail: "Progress was saved from another device; load it and try again.")
            }
            let revision = (current?.revision ?? 0) + 1
            try await store.saveProgress(
                FlowProgressRecord(
                    userID: caller.userID, flowID: flowID, revision: revision,
                    snapshot: data, updatedAt: context.clock.now))
            return revision
        }
    }

    /// Checks every answer with the flow's own field rules and stores them; 422 lists each bad field.
    public func submitAnswers(_ caller: Caller, flowID: String, flowVersion: Int, answers: [String: Value]) async throws
        -> SubmissionRecord
    {
        let definition = try flow(flowID)
        guard flowVersion == definition.version else {
            throw ServiceError.invalid(
                "flowVersion", code: "unknown_version",
                "This flow is at version \(definition.version).")
        }
        guard !answers.isEmpty, answers.count <= Self.maximumAnswers else {
            throw ServiceError.invalid(
                "answers", code: "invalid_count",
                "Send between 1 and \(Self.maximumAnswers) answers.")
        }
        let issues = Self.issues(in: answers, of: definition, today: CalendarDate(context.clock.now))
        guard issues.isEmpty else { throw ServiceError.validation(issues) }
        let submission = SubmissionRecord(
            id: context.random.uuid(), userID: caller.userID, flowID: flowID,
            flowVersion: flowVersion, answers: answers, createdAt: context.clock.now)
        try await storage.transaction { store in
            try await store.insertSubmission(submission)
            try await context.webhooks.enqueue(
                .flowCompleted,
                [
                    "userId": .id(caller.userID), "flowId": .string(flowID), "flowVersion": .int(flowVersion),
                    "submissionId": .id(submission.id),
                ], in: store)
        }
        context.metrics.flowCompleted(definition.id)
        return submission
    }

    /// The caller's accepted answers in a flow, the newest for each field.
    public func answers(_ caller: Caller, flowID: String) async throws -> [String: Value] {
        _ = try flow(flowID)
        let submissions = try await storage.transaction {
            try await $0.submissions(userID: caller.userID, flowID: flowID)
        }
        guard !submissions.isEmpty else { throw ServiceError.notFound }
        return submissions.mergedAnswers
    }

    /// The problems with a set of answers: unknown fields, secrets that must not be stored, and every
    /// field rule. Options that only the app's effects know (goal options) are checked for shape only.
    static func issues(in answers: [String: Value], of flow: FlowDefinition, today: CalendarDate) -> [FieldIssue] {
        let context = ValidationContext(answers: answers, today: today)
        return answers.keys.sorted().compactMap { key -> FieldIssue? in
            guard var field = flow.field(key) else {
                return FieldIssue(field: key, code: "unknown_field", message: "This flow has no field \(key).")
            }
            if field.isSecret {
                return FieldIssue(
                    field: key, code: "not_storable", message: "Passwords and codes are never stored as answers.")
            }
            if field.optionsFrom != nil {
                field.kind = .text
                field.maxLength = 200
            }
            return FieldValidator.issue(for: answers[key], in: field, context: context)
        }
    }
}
