import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Groups")
struct GroupTests {
    @Test("Create a household, and a second user joins it with the code typed in lowercase")
    func createAndJoin() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let owner = try await client.signUpWithCode("owner@example.com", server: server)
            let created = try await client.post(
                "/v1/groups", ["name": "Smith Family", "kind": "household"], bearer: owner.accessToken)
            #expect(created.status == 201)
            let code = try #require(created.json["inviteCode"] as? String)
            #expect(InviteCodeShape.matches(code))
            let friend = try await client.signUpWithCode("friend@example.com", server: server)
            let joined = try await client.post(
                "/v1/groups/join", ["inviteCode": code.lowercased()], bearer: friend.accessToken)
            #expect(joined.status == 200)
            #expect((joined.json["members"] as? [[String: Any]])?.map { $0["role"] as? String } == ["owner", "member"])
            let twice = try await client.post("/v1/groups/join", ["inviteCode": code], bearer: friend.accessToken)
            #expect(twice.status == 409)
            #expect(twice.code == "already_member")
            let mine = try await client.get("/v1/me/groups", bearer: friend.accessToken)
            #expect(mine.jsonArray.first?["name"] as? String == "Smith Family")
        }
    }

    @Test("Unknown, malformed and rotated codes each get their own error")
    func codeErrors() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let owner = try await client.signUpWithCode("owner@example.com", server: server)
            let group = try await client.post(
                "/v1/groups", ["name": "Home", "kind": "family"], bearer: owner.accessToken
            ).json
            let oldCode = try #require(group["inviteCode"] as? String)
            let groupID = try #require(group["id"] as? String)
            let rotated = try await client.post("/v1/groups/\(groupID)/invite-code", bearer: owner.accessToken)
            let newCode = try #require(rotated.json["inviteCode"] as? String)
            #expect(newCode != oldCode)
            let friend = try await client.signUpWithCode("friend@example.com", server: server)
            let stale = try await client.post("/v1/groups/join", ["inviteCode": oldCode], bearer: friend.accessToken)
            #expect(stale.status == 422)
            #expect(stale.code == "invite_code_rotated")
            let unknown = try await client.post(
                "/v1/groups/join", ["inviteCode": "ZZZZZZZZ"], bearer: friend.accessToken)
            #expect(unknown.code == "invalid_invite_code")
            let malformed = try await client.post("/v1/groups/join", ["inviteCode": "0O1I"], bearer: friend.accessToken)
            #expect(malformed.code == "invalid_invite_code")
            #expect(
                try await client.post("/v1/groups/join", ["inviteCode": newCode], bearer: friend.accessToken).status
                    == 200)
            let notOwner = try await client.post("/v1/groups/\(groupID)/invite-code", bearer: friend.accessToken)
            #expect(notOwner.status == 403)
        }
    }

    @Test("Guessing codes is rate-limited per user")
    func joinRateLimit() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let guesser = try await client.signUpWithCode("guess@example.com", server: server)
            var statuses: [Int] = []
            for _ in 0..<11 {
                statuses.append(
                    try await client.post("/v1/groups/join", ["inviteCode": "ZZZZZZZZ"], bearer: guesser.accessToken)
                        .status)
            }
            #expect(statuses.prefix(10).allSatisfy { $0 == 422 })
            #expect(statuses.last == 429)
        }
    }

    @Test("Invitations mail the code to each valid address and report the rest")
    func invitations() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let owner = try await client.signUpWithCode("owner@example.com", server: server)
            let group = try await client.post(
                "/v1/groups", ["name": "Reyes", "kind": "family"], bearer: owner.accessToken
            ).json
            let groupID = try #require(group["id"] as? String)
            let sent = try await client.post(
                "/v1/groups/\(groupID)/invitations",
                ["emails": ["sam@example.com", "not-an-email", "SAM@example.com"]],
                bearer: owner.accessToken)
            #expect(sent.status == 202)
            #expect(sent.json["invited"] as? [String] == ["sam@example.com"])
            #expect((sent.json["rejected"] as? [[String: Any]])?.first?["code"] as? String == "invalid_email")
            let mail = try #require(await server.mail(to: "sam@example.com").first)
            #expect(mail.code == group["inviteCode"] as? String)
            // The subject carries no name someone chose; the words inside do.
            #expect(mail.subject == "You have an invitation on Doorstep")
            #expect(mail.text.contains("invited you to join Reyes on Doorstep"))
            #expect(mail.text.contains("choose to join with an invite code, and enter: \(mail.code ?? "?")"))
            let tooLong = String(repeating: "a", count: 310) + "@example.com"
            let refused = try await client.post(
                "/v1/groups/\(groupID)/invitations", ["emails": ["kim@example.com", tooLong]],
                bearer: owner.accessToken)
            #expect(refused.status == 422, "an address longer than the contract allows refuses the whole request")
            #expect(await server.mail(to: "kim@example.com").isEmpty)
        }
    }

    @Test("Another user's group cannot be rotated, invited to or left; leaving the last member ends the group")
    func otherUsersGroups() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let owner = try await client.signUpWithCode("owner@example.com", server: server)
            let stranger = try await client.signUpWithCode("stranger@example.com", server: server)
            let group = try await client.post(
                "/v1/groups", ["name": "Home", "kind": "household"], bearer: owner.accessToken
            ).json
            let groupID = try #require(group["id"] as? String)
            #expect(
                try await client.post("/v1/groups/\(groupID)/invite-code", bearer: stranger.accessToken).status == 404)
            #expect(
                try await client.post(
                    "/v1/groups/\(groupID)/invitations", ["emails": ["x@example.com"]],
                    bearer: stranger.accessToken
                ).status == 404)
            #expect(
                try await client.send(.delete, "/v1/groups/\(groupID)/members/me", bearer: stranger.accessToken).status
                    == 404)
            #expect(
                try await client.send(.delete, "/v1/groups/\(groupID)/members/me", bearer: owner.accessToken).status
                    == 204)
            #expect(try await client.get("/v1/me/groups", bearer: owner.accessToken).jsonArray.isEmpty)
            let code = try #require(group["inviteCode"] as? String)
            #expect(
                try await client.post("/v1/groups/join", ["inviteCode": code], bearer: stranger.accessToken).status
                    == 422)
            let badKind = try await client.post(
                "/v1/groups", ["name": "Home", "kind": "castle"], bearer: owner.accessToken)
            #expect(badKind.status == 400, "the contract lists the kinds; another is a malformed request")
            let noName = try await client.post(
                "/v1/groups", ["name": "   ", "kind": "family"], bearer: owner.accessToken)
            #expect(noName.status == 422)
        }
    }
}

enum InviteCodeShape {
    static func matches(_ code: String) -> Bool {
        code.count == 8 && code.allSatisfy { "23456789ABCDEFGHJKLMNPQRSTUVWXYZ".contains($0) }
    }
}
