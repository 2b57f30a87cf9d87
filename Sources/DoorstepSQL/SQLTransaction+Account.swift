import DoorstepFlow
import DoorstepServerCore
import Foundation

extension SQLTransaction {
    public func insertConsent(_ consent: ConsentRecord) async throws {
        _ = try await rows(
            "INSERT INTO consents (user_id, document, version, accepted_at) VALUES (?, ?, ?, ?)",
            [.text(consent.userID.key), .text(consent.document), .text(consent.version), .time(consent.acceptedAt)])
    }

    public func consents(userID: UUID) async throws -> [ConsentRecord] {
        try await rows("SELECT * FROM consents WHERE user_id = ? ORDER BY accepted_at, rowid", [.text(userID.key)])
            .compactMap { row in
                guard let document = row.string("document"), let version = row.string("version"),
                    let acceptedAt = row.date("accepted_at")
                else { return nil }
                return ConsentRecord(userID: userID, document: document, version: version, acceptedAt: acceptedAt)
            }
    }

    public func progress(userID: UUID, flowID: String) async throws -> FlowProgressRecord? {
        guard
            let row = try await rows(
                "SELECT * FROM flow_progress WHERE user_id = ? AND flow_id = ?",
                [.text(userID.key), .text(flowID)]
            ).first,
            let snapshot = row.string("snapshot"), let updatedAt = row.date("updated_at")
        else { return nil }
        return FlowProgressRecord(
            userID: userID, flowID: flowID, revision: Int(row.integer("revision") ?? 0),
            snapshot: Data(snapshot.utf8), updatedAt: updatedAt)
    }

    public func saveProgress(_ progress: FlowProgressRecord) async throws {
        _ = try await rows(
            """
            INSERT INTO flow_progress (user_id, flow_id, revision, snapshot, updated_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (user_id, flow_id) DO UPDATE SET revision = excluded.revision, snapshot = excluded.snapshot,
                updated_at = excluded.updated_at
            """,
            [
                .text(progress.userID.key), .text(progress.flowID), .integer(progress.revision),
                .text(String(decoding: progress.snapshot, as: UTF8.self)), .time(progress.updatedAt),
            ])
    }

    public func insertSubmission(_ submission: SubmissionRecord) async throws {
        let answers = String(decoding: try JSONEncoder().encode(submission.answers), as: UTF8.self)
        _ = try await rows(
            "INSERT INTO submissions (id, user_id, flow_id, flow_version, answers, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            [
                .text(submission.id.key), .text(submission.userID.key), .text(submission.flowID),
                .integer(submission.flowVersion), .text(answers), .time(submission.createdAt),
            ])
    }

    public func submissions(userID: UUID, flowID: String) async throws -> [SubmissionRecord] {
        try await rows(
            "SELECT * FROM submissions WHERE user_id = ? AND flow_id = ? ORDER BY created_at, rowid",
            [.text(userID.key), .text(flowID)]
        ).compactMap { row in
            guard let id = row.uuid("id"), let text = row.string("answers"),
                let answers = try? JSONDecoder().decode([String: Value].self, from: Data(text.utf8)),
                let createdAt = row.date("created_at")
            else { return nil }
            return SubmissionRecord(
                id: id, userID: userID, flowID: flowID,
                flowVersion: Int(row.integer("flow_version") ?? 0), answers: answers,
                createdAt: createdAt)
        }
    }
}

extension SQLTransaction {
    public func moduleState(userID: UUID, module: String) async throws -> Data? {
        try await rows(
            "SELECT state FROM module_states WHERE user_id = ? AND module = ?", [.text(userID.key), .text(module)]
        )
        .first?.document("state")
    }

    public func saveModuleState(userID: UUID, module: String, state: Data, at date: Date) async throws {
        _ = try await rows(
            """
            INSERT INTO module_states (user_id, module, state, updated_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (user_id, module) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at
            """, [.text(userID.key), .text(module), .text(String(decoding: state, as: UTF8.self)), .time(date)])
    }
}
