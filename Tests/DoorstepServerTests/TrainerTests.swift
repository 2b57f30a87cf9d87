import DoorstepFlow
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Trainer module")
struct TrainerTests {
    static let intake: [String: Value] = [
        "name": "Alex", "goals": "Run a 10K", "timeline": "3 months", "frequency": "3 days",
        "experienceLevel": "Brand new", "injuries": "Left knee gets sore", "environment": "Home with dumbbells",
    ]

    func submitIntake(_ client: TestHTTPClient, _ token: String) async throws {
        let body = String(
            decoding: try JSONEncoder().encode(["flowVersion": Value.int(2), "answers": .object(Self.intake)]),
            as: UTF8.self)
        let response = try await client.send(.post, "/v1/me/flows/trainer/answers", body: body, bearer: token)
        #expect(response.status == 200, "\(response.text)")
    }

    @Test(
        "Options reflect the intake; an instruction changes them; one is confirmed; a program is drafted, edited, activated"
    )
    func wholeModule() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let session = try await client.signUpWithCode("alex@example.com", server: server)
            let early = try await client.post("/v1/trainer/goals/options", bearer: session.accessToken)
            #expect(early.status == 409)
            #expect(early.code == "intake_missing")
            try await submitIntake(client, session.accessToken)

            let options = try #require(
                try await client.post("/v1/trainer/goals/options", bearer: session.accessToken)
                    .json["options"] as? [[String: Any]])
            #expect((3...4).contains(options.count))
            let summaries = options.compactMap { $0["summary"] as? String }
            #expect(summaries.first == "Run a 10K in 3 months")
            #expect(summaries.contains { $0.contains("3×") })
            #expect(options.contains { ($0["detail"] as? String)?.contains("Left knee") == true })
            let again = try await client.post("/v1/trainer/goals/options", bearer: session.accessToken)
            #expect(again.json["options"] as? [[String: String]] == options as? [[String: String]], "deterministic")

            let edited = try await client.post(
                "/v1/trainer/goals/options/edit", ["instruction": "swim a mile"],
                bearer: session.accessToken)
            let editedOptions = try #require(edited.json["options"] as? [[String: Any]])
            #expect(editedOptions.first?["summary"] as? String == "Swim a mile in 3 months")
            let stale = try await client.post(
                "/v1/trainer/goals/options/\(options[0]["id"]!)/confirm", bearer: session.accessToken)
            #expect(stale.status == 404, "only the current options can be confirmed")
            let chosen = try #require(editedOptions.first?["id"] as? String)
            let confirmed = try await client.post(
                "/v1/trainer/goals/options/\(chosen)/confirm", bearer: session.accessToken)
            #expect((confirmed.json["goal"] as? [String: Any])?["summary"] as? String == "Swim a mile in 3 months")

            let draft = try await client.post("/v1/trainer/programs/draft", bearer: session.accessToken).json
            let markdown = try #require(draft["programMarkdown"] as? String)
            #expect(draft["status"] as? String == "draft")
            #expect(draft["version"] as? Int == 1)
            for heading in [
                "# Your Training Program", "## Overview", "## Weekly Schedule", "## Sessions", "## Progression",
                "## Notes",
            ] {
                #expect(markdown.contains(heading))
            }
            #expect(markdown.components(separatedBy: "\n- **").count - 1 == 3, "three sessions a week, as asked")
            #expect(
                markdown.contains("Goblet squat") == false && markdown.contains("Reverse lunge") == false,
                "knee-friendly choices for a sore knee")
            #expect(markdown.contains("dumbbells"))
            let programID = try #require(draft["id"] as? String)

            let changed = try await client.post(
                "/v1/trainer/programs/\(programID)/edit",
                ["instruction": "Swap Friday for Saturday"], bearer: session.accessToken
            ).json
            #expect(changed["version"] as? Int == 2)
            let changedMarkdown = try #require(changed["programMarkdown"] as? String)
            #expect(changedMarkdown.contains("**Saturday:**"))
            #expect(!changedMarkdown.contains("**Friday:**"))
            #expect(changedMarkdown.contains("Changed as you asked: Saturday instead of Friday."))

            let active = try await client.post(
                "/v1/trainer/programs/\(programID)/activate", bearer: session.accessToken
            ).json
            #expect(active["status"] as? String == "active")
            #expect(active["version"] as? Int == 2)
        }
    }

    @Test("A program needs a confirmed goal; another user's program is not found; instructions are checked")
    func rules() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let alex = try await client.signUpWithCode("alex@example.com", server: server)
            try await submitIntake(client, alex.accessToken)
            let noGoal = try await client.post("/v1/trainer/programs/draft", bearer: alex.accessToken)
            #expect(noGoal.code == "goal_missing")
            let options = try #require(
                try await client.post("/v1/trainer/goals/options", bearer: alex.accessToken)
                    .json["options"] as? [[String: Any]])
            _ = try await client.post(
                "/v1/trainer/goals/options/\(options[0]["id"]!)/confirm", bearer: alex.accessToken)
            let programID = try #require(
                try await client.post("/v1/trainer/programs/draft", bearer: alex.accessToken)
                    .json["id"] as? String)

            let kim = try await client.signUpWithCode("kim@example.com", server: server)
            try await submitIntake(client, kim.accessToken)
            #expect(
                try await client.post("/v1/trainer/programs/\(programID)/activate", bearer: kim.accessToken).status
                    == 404)
            #expect(
                try await client.post(
                    "/v1/trainer/programs/\(programID)/edit", ["instruction": "x"],
                    bearer: kim.accessToken
                ).status == 404)
            let blank = try await client.post(
                "/v1/trainer/goals/options/edit", ["instruction": "   "], bearer: alex.accessToken)
            #expect(blank.status == 422)
            #expect(try await client.post("/v1/trainer/goals/options").status == 401)
        }
    }
}
