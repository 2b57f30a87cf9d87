import DoorstepServerCore
import Foundation

extension SQLTransaction {
    public func insertGroup(_ group: GroupRecord) async throws {
        _ = try await rows(
            "INSERT INTO groups (id, name, kind, invite_code, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            [
                .text(group.id.key), .text(group.name), .text(group.kind), .text(group.inviteCode),
                .text(group.createdBy.key), .time(group.createdAt),
            ])
    }

    public func updateGroup(_ group: GroupRecord) async throws {
        _ = try await rows(
            "UPDATE groups SET name = ?, invite_code = ? WHERE id = ?",
            [.text(group.name), .text(group.inviteCode), .text(group.id.key)])
    }

    public func deleteGroup(id: UUID) async throws {
        _ = try await rows("DELETE FROM groups WHERE id = ?", [.text(id.key)])
    }

    public func group(id: UUID) async throws -> GroupRecord? {
        try await rows("SELECT * FROM groups WHERE id = ?", [.text(id.key)]).first.flatMap(Self.group)
    }

    public func group(inviteCode: String) async throws -> GroupRecord? {
        try await rows("SELECT * FROM groups WHERE invite_code = ?", [.text(inviteCode)]).first.flatMap(Self.group)
    }

    public func groupOfRetiredCode(_ code: String) async throws -> UUID? {
        try await rows("SELECT group_id FROM retired_invite_codes WHERE code = ?", [.text(code)]).first?.uuid(
            "group_id")
    }

    public func retireInviteCode(_ code: String, groupID: UUID, at date: Date) async throws {
        _ = try await rows(
            "INSERT INTO retired_invite_codes (code, group_id, retired_at) VALUES (?, ?, ?) ON CONFLICT (code) DO NOTHING",
            [.text(code), .text(groupID.key), .time(date)])
    }

    public func insertMember(_ member: MemberRecord) async throws {
        _ = try await rows(
            "INSERT INTO group_members (group_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)",
            [.text(member.groupID.key), .text(member.userID.key), .text(member.role), .time(member.joinedAt)])
    }

    public func deleteMember(groupID: UUID, userID: UUID) async throws {
        _ = try await rows(
            "DELETE FROM group_members WHERE group_id = ? AND user_id = ?",
            [.text(groupID.key), .text(userID.key)])
    }

    public func members(groupID: UUID) async throws -> [MemberRecord] {
        try await rows("SELECT * FROM group_members WHERE group_id = ? ORDER BY joined_at, rowid", [.text(groupID.key)])
            .compactMap(Self.member)
    }

    public func groups(userID: UUID) async throws -> [GroupRecord] {
        try await rows(
            """
            SELECT groups.* FROM groups JOIN group_members ON group_members.group_id = groups.id
            WHERE group_members.user_id = ? ORDER BY group_members.joined_at, group_members.rowid
            """, [.text(userID.key)]
        ).compactMap(Self.group)
    }

    static func group(_ row: SQLRow) -> GroupRecord? {
        guard let id = row.uuid("id"), let name = row.string("name"), let kind = row.string("kind"),
            let code = row.string("invite_code"), let createdBy = row.uuid("created_by"),
            let createdAt = row.date("created_at")
        else { return nil }
        return GroupRecord(id: id, name: name, kind: kind, inviteCode: code, createdBy: createdBy, createdAt: createdAt)
    }

    static func member(_ row: SQLRow) -> MemberRecord? {
        guard let groupID = row.uuid("group_id"), let userID = row.uuid("user_id"),
            let role = row.string("role"),
            let joinedAt = row.date("joined_at")
        else { return nil }
        return MemberRecord(groupID: groupID, userID: userID, role: role, joinedAt: joinedAt)
    }
}
