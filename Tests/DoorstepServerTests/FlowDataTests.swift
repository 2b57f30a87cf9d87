import DoorstepFlow
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Flows, progress and answers")
struct FlowDataTests {
    @Test("The catalog is served as remote configuration")
    func catalog() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let list = try await client.get("/v1/flows")
            #expect(list.jsonArray.compactMap { $0["id"] as? String } == FlowCatalog.referenceIDs)
            let tanda = try await client.get("/v1/flows/tanda")
            let flow = try JSONDecoder().decode(FlowDefinition.self, from: tanda.body)
            #expect(flow == (try FlowCatalog.bundled().flow("tanda")))
            #expect(try await client.get("/v1/flows/nope").status == 404)
        }
    }

    @Test("Progress is saved with a revision; a stale base revision is 409 and changes nothing")
    func progress() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let session = try await client.signUpWithCode("sam@example.com", server: server)
            let flow = try #require(try FlowCatalog.bundled().flow("trainer"))
            var snapshot = FlowSnapshot(startOf: flow)
            snapshot.screen = "age"
            snapshot.answers["name"] = "Alex"
            let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(snapshot))
            #expect(try await client.get("/v1/me/flows/trainer/progress", bearer: session.accessToken).status == 404)
            let first = try await client.put(
                "/v1/me/flows/trainer/progress", ["snapshot": json], bearer: session.accessToken)
            #expect(first.json["revision"] as? Int == 1)
            let second = try await client.put(
                "/v1/me/flows/trainer/progress", ["baseRevision": 1, "snapshot": json],
                bearer: session.accessToken)
            #expect(second.json["revision"] as? Int == 2)
            let stale = try await client.put(
                "/v1/me/flows/trainer/progress", ["baseRevision": 1, "snapshot": json],
                bearer: session.accessToken)
            #expect(stale.status == 409)
            #expect(stale.code == "revision_conflict")
            let loaded = try await client.get("/v1/me/flows/trainer/progress", bearer: session.accessToken)
            #expect(loaded.json["revision"] as? Int == 2)
            let restored = try JSONDecoder().decode(
                FlowSnapshot.self, from: JSONSerialization.data(withJSONObject: try #require(loaded.json["snapshot"])))
            #expect(restored.screen == "age")
            #expect(restored.answers["name"] == "Alex")
            let foreign = try await client.put(
                "/v1/me/flows/tanda/progress", ["snapshot": json], bearer: session.accessToken)
            #expect(foreign.status == 422, "a trainer snapshot is not TANDA progress")
            let junk = try await client.put(
                "/v1/me/flows/trainer/progress", ["snapshot": ["hello": "world"]],
                bearer: session.accessToken)
            #expect(junk.status == 422)
        }
    }

    @Test("Progress holding a password or a code is refused with 422 secret_in_snapshot and stores nothing")
    func secretsInProgress() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let session = try await client.signUpWithCode("sam@example.com", server: server)
            let flow = try #require(try FlowCatalog.bundled().flow("kordant"))
            var snapshot = FlowSnapshot(startOf: flow)
            snapshot.answers["email"] = "sam@example.com"
            let clean = try JSONSerialization.jsonObject(with: JSONEncoder().encode(snapshot))
            let saved = try await client.put(
                "/v1/me/flows/kordant/progress", ["snapshot": clean], bearer: session.accessToken)
            #expect(saved.json["revision"] as? Int == 1)

            snapshot.answers["loginPassword"] = "Harbor-Lights-2049!"
            snapshot.answers["resetCode"] = "739182"
            let leaky = try JSONSerialization.jsonObject(with: JSONEncoder().encode(snapshot))
            let refused = try await client.put(
                "/v1/me/flows/kordant/progress", ["baseRevision": 1, "snapshot": leaky], bearer: session.accessToken)
            #expect(refused.status == 422)
            #expect(refused.code == "secret_in_snapshot")
            #expect(
                (refused.json["errors"] as? [[String: Any]])?.compactMap { $0["field"] as? String }.sorted()
                    == ["loginPassword", "resetCode"])
            #expect(!String(decoding: refused.body, as: UTF8.self).contains("Harbor-Lights-2049!"))
            let kept = try await client.get("/v1/me/flows/kordant/progress", bearer: session.accessToken)
            #expect(kept.json["revision"] as? Int == 1, "what was saved before stays")
            #expect(!String(decoding: kept.body, as: UTF8.self).contains("Harbor-Lights-2049!"))
        }
    }

    @Test("Answers are checked with the flow's own field rules; 422 lists each bad field")
    func answers() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let session = try await client.signUpWithCode("luna@example.com", server: server)
            let bad = try await client.post(
                "/v1/me/flows/destiny/answers",
                [
                    "flowVersion": 1,
                    "answers": [
                        "dateOfBirth": "2099-01-01", "timeOfBirth": "25:61", "cityOfBirth": "12345", "gender": "dragon",
                        "nonsense": "x",
                    ],
                ], bearer: session.accessToken)
            #expect(bad.status == 422)
            let errors = try #require(bad.json["errors"] as? [[String: Any]])
            #expect(
                Set(errors.compactMap { $0["field"] as? String })
                    == ["dateOfBirth", "timeOfBirth", "cityOfBirth", "gender", "nonsense"])
            #expect(errors.first { $0["field"] as? String == "dateOfBirth" }?["code"] as? String == "date_in_future")

            let good = try await client.post(
                "/v1/me/flows/destiny/answers",
                [
                    "flowVersion": 1,
                    "answers": [
                        "dateOfBirth": "1996-04-20", "timeOfBirth": "04:45", "cityOfBirth": "Los Angeles", "gender": "",
                    ],
                ], bearer: session.accessToken)
            #expect(good.status == 200)
            #expect(good.json["submissionId"] is String)
            _ = try await client.post(
                "/v1/me/flows/destiny/answers", ["flowVersion": 1, "answers": ["cityOfBirth": "Paris"]],
                bearer: session.accessToken)
            let merged = try await client.get("/v1/me/flows/destiny/answers", bearer: session.accessToken)
            #expect(merged.json["cityOfBirth"] as? String == "Paris")
            #expect(merged.json["timeOfBirth"] as? String == "04:45")

            let password = try await client.post(
                "/v1/me/flows/tanda/answers",
                [
                    "flowVersion": 1,
                    "answers": [
                        "password": "Sunny-Days-2026"
                    ],
                ], bearer: session.accessToken)
            #expect(password.status == 422, "passwords are never stored as answers")
            let oldVersion = try await client.post(
                "/v1/me/flows/destiny/answers", ["flowVersion": 7, "answers": ["gender": "male"]],
                bearer: session.accessToken)
            #expect(oldVersion.status == 422)
        }
    }

    @Test("The trainer's whole intake lands as structured answers, with height in inches and weight in pounds")
    func trainerIntake() async throws {
        let server = try await TestServer.make()
        let flow = try #require(try FlowCatalog.bundled().flow("trainer"))
        var intake: [String: Value] = [:]
        for screen in flow.screens where screen.section != nil {
            intake[screen.id] = try #require(flow.field(screen.id)?.example)
        }
        #expect(intake.count == 25)
        let body = String(
            decoding: try JSONEncoder().encode(["flowVersion": Value.int(2), "answers": .object(intake)]),
            as: UTF8.self)
        try await server.test { client in
            let session = try await client.signUpWithCode("alex@example.com", server: server)
            let stored = try await client.send(
                .post, "/v1/me/flows/trainer/answers", body: body, bearer: session.accessToken)
            #expect(stored.status == 200, "\(stored.text)")
            let answers = try await client.get("/v1/me/flows/trainer/answers", bearer: session.accessToken).json
            #expect(answers["height"] as? Int == 66)
            #expect(answers["weight"] as? Int == 150)
            #expect(answers["bodyComp"] as? String == "Average")
        }
    }

    @Test("A user never reads another user's answers or progress")
    func isolation() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let sam = try await client.signUpWithCode("sam@example.com", server: server)
            let kim = try await client.signUpWithCode("kim@example.com", server: server)
            _ = try await client.post(
                "/v1/me/flows/destiny/answers", ["flowVersion": 1, "answers": ["cityOfBirth": "Paris"]],
                bearer: sam.accessToken)
            #expect(try await client.get("/v1/me/flows/destiny/answers", bearer: kim.accessToken).status == 404)
            #expect(try await client.get("/v1/me/flows/destiny/answers").status == 401)
        }
    }
}
