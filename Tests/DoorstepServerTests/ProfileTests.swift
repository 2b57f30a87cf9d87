import DoorstepClient
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("The signed-in user")
struct ProfileTests {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(repeating: 7, count: 64)
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(repeating: 1, count: 64)

    @Test("PATCH /v1/me changes the names given, keeps the others, and refuses junk")
    func updateProfile() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let session = try await client.signUpWithCode("sam@example.com", server: server)
            let named = try await client.send(
                .patch, "/v1/me", body: #"{"firstName": "Sam", "lastName": "Jones"}"#,
                bearer: session.accessToken)
            #expect(named.json["firstName"] as? String == "Sam")
            let partly = try await client.send(
                .patch, "/v1/me", body: #"{"lastName": "O'Brien"}"#, bearer: session.accessToken)
            #expect(partly.json["firstName"] as? String == "Sam")
            #expect(partly.json["lastName"] as? String == "O'Brien")
            let junk = try await client.send(
                .patch, "/v1/me", body: #"{"firstName": "<script>"}"#, bearer: session.accessToken)
            #expect(junk.status == 422)
            #expect(try await client.get("/v1/me", bearer: session.accessToken).json["firstName"] as? String == "Sam")
            #expect(try await client.send(.patch, "/v1/me", body: "{}").status == 401)
        }
    }

    @Test("Consents keep the document, version and time of acceptance")
    func consents() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let session = try await client.signUpWithCode("sam@example.com", server: server)
            let accepted = try await client.post(
                "/v1/me/consents",
                [
                    "consents": [
                        ["document": "terms", "version": "2026-02"], ["document": "privacy", "version": "2026-02"],
                    ]
                ], bearer: session.accessToken)
            #expect(accepted.status == 200)
            server.clock.advance(by: 10)
            _ = try await client.post(
                "/v1/me/consents", ["consents": [["document": "terms", "version": "2026-06"]]],
                bearer: session.accessToken)
            let listed = try await client.get("/v1/me/consents", bearer: session.accessToken)
            let consents = try #require(listed.json["consents"] as? [[String: Any]])
            #expect(consents.map { "\($0["document"]!)@\($0["version"]!)" } == ["privacy@2026-02", "terms@2026-06"])
            #expect(consents.allSatisfy { $0["acceptedAt"] is String })
            let bad = try await client.post(
                "/v1/me/consents", ["consents": [["document": "<x>", "version": "1"]]],
                bearer: session.accessToken)
            #expect(bad.status == 422)
            let empty = try await client.post("/v1/me/consents", ["consents": []], bearer: session.accessToken)
            #expect(empty.status == 422)
        }
    }

    @Test("Avatars: JPEG and PNG checked by content, 5 MB at most, served back by a random id")
    func avatars() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let session = try await client.signUpWithCode("sam@example.com", server: server)
            let uploaded = try await client.send(
                .put, "/v1/me/avatar", bytes: Self.png, contentType: "image/png",
                bearer: session.accessToken)
            #expect(uploaded.status == 200)
            let url = try #require(uploaded.json["avatarUrl"] as? String)
            #expect(url.hasPrefix("/v1/avatars/"))
            let served = try await client.get(url)
            #expect(served.status == 200)
            #expect(served.body == Self.png)
            #expect(served.headers[.contentType] == "image/png")
            #expect(try await client.get("/v1/me", bearer: session.accessToken).json["avatarUrl"] as? String == url)

            let replaced = try await client.send(
                .put, "/v1/me/avatar", bytes: Self.jpeg, contentType: "image/jpeg",
                bearer: session.accessToken)
            #expect(replaced.status == 200)
            #expect(try await client.get(url).status == 404, "the old photo is removed")
            #expect(server.avatars.count == 1)

            let lying = try await client.send(
                .put, "/v1/me/avatar", bytes: Data("<svg onload=alert(1)>".utf8),
                contentType: "image/png", bearer: session.accessToken)
            #expect(lying.status == 415)
            let wrongType = try await client.send(
                .put, "/v1/me/avatar", bytes: Self.png, contentType: "image/gif",
                bearer: session.accessToken)
            #expect(wrongType.status == 415)
            let huge = try await client.send(
                .put, "/v1/me/avatar", bytes: Self.png + Data(count: 5 * 1024 * 1024),
                contentType: "image/png", bearer: session.accessToken)
            #expect(huge.status == 413)
            let anonymous = try await client.send(.put, "/v1/me/avatar", bytes: Self.png, contentType: "image/png")
            #expect(anonymous.status == 401)
            #expect(try await client.get("/v1/avatars/..%2F..%2Fetc%2Fpasswd").status == 404)
        }
    }

    @Test("The photo the app prepares at its largest is one the server takes; a byte more is refused")
    func preparedPhotoFits() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let session = try await client.signUpWithCode("sam@example.com", server: server)
            let largest = Self.jpeg + Data(count: PhotoUploadPlan.avatar.maximumBytes - Self.jpeg.count)
            let taken = try await client.send(
                .put, "/v1/me/avatar", bytes: largest, contentType: "image/jpeg", bearer: session.accessToken)
            #expect(taken.status == 200, "\(taken.text)")
            let over = try await client.send(
                .put, "/v1/me/avatar", bytes: largest + Data([0]), contentType: "image/jpeg",
                bearer: session.accessToken)
            #expect(over.status == 413)
        }
    }

    @Test("Deleting the account removes its data, photo, memberships and sessions")
    func deleteAccount() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let sam = try await client.signUpWithCode("sam@example.com", server: server)
            let kim = try await client.signUpWithCode("kim@example.com", server: server)
            _ = try await client.send(
                .put, "/v1/me/avatar", bytes: Self.png, contentType: "image/png", bearer: sam.accessToken)
            let group = try await client.post(
                "/v1/groups", ["name": "Home", "kind": "household"], bearer: sam.accessToken)
            let code = try #require(group.json["inviteCode"] as? String)
            _ = try await client.post("/v1/groups/join", ["inviteCode": code], bearer: kim.accessToken)
            _ = try await client.post(
                "/v1/me/flows/destiny/answers", ["flowVersion": 1, "answers": ["cityOfBirth": "Paris"]],
                bearer: sam.accessToken)

            #expect(try await client.send(.delete, "/v1/me", bearer: sam.accessToken).status == 204)
            #expect(try await client.get("/v1/me", bearer: sam.accessToken).status == 401)
            #expect(try await client.post("/v1/auth/token/refresh", ["refreshToken": sam.refreshToken]).status == 401)
            #expect(server.avatars.count == 0)
            let kimsGroups = try await client.get("/v1/me/groups", bearer: kim.accessToken).jsonArray
            #expect(
                (kimsGroups.first?["members"] as? [[String: Any]])?.count == 1, "Kim's household lives on without Sam")
            let identify = try await client.post("/v1/auth/identify", ["email": "sam@example.com"])
            #expect(identify.json["status"] as? String == "new")
        }
    }
}
