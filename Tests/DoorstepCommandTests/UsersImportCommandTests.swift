import DoorstepTestSupport
import Foundation
import SQLiteNIO
import Testing

/// `doorstep users import` on a database a real server then serves: imported passwords sign in through
/// `POST /v1/auth/login`, are replaced by Doorstep's hash at the first sign-in, and sign in again.
@Suite("doorstep users import")
struct UsersImportCommandTests {
    let doorstep: CommandRunner
    let directory: URL

    /// The project parameters of the example `firebase/scrypt` publishes.
    static let firebase = [
        "--hash-key", "jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==",
        "--salt-separator", "Bw==", "--rounds", "8", "--mem-cost", "14",
    ]

    init() throws {
        doorstep = try CommandRunner()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func file(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func login(_ email: String, _ password: String, on http: HTTP) async throws -> (status: Int, code: String?) {
        let answer = try await http.send("POST", "v1/auth/login", json: ["email": email, "password": password])
        return (answer.status, (answer.json as? [String: Any])?["code"] as? String)
    }

    static func passwordHash(of email: String, in database: String) async throws -> String? {
        let connection = try await SQLiteConnection.open(storage: .file(path: database))
        defer { Task { try? await connection.close() } }
        let rows = try await connection.query("SELECT password_hash FROM users WHERE email = ?", [.text(email)])
        return rows.first?.column("password_hash")?.string
    }

    /// Firebase's published example user, one made with the `firebase-scrypt` package who signed in with
    /// Apple, one disabled, and one whose hash is not base64.
    func firebaseExport() async throws -> String {
        let graceHash = try await ReferenceImplementations.firebaseScrypt(
            "Analytical-Engine-1843", salt: "c2FsdC1vZi1ncmFjZQ==", signerKey: Self.firebase[1],
            saltSeparator: "Bw==", rounds: 8, memoryCost: 14)
        return try file(
            "firebase.json",
            """
            {"users": [
              {"localId": "a1", "email": "ada@example.com", "emailVerified": true, "displayName": "Ada Lovelace",
               "passwordHash": "lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==",
               "salt": "42xEC+ixf3L2lw==", "createdAt": "1566406044000"},
              {"localId": "g1", "email": "Grace@Example.com", "emailVerified": false, "passwordHash": "\(graceHash)",
               "salt": "c2FsdC1vZi1ncmFjZQ==", "createdAt": "1600000000000",
               "providerUserInfo": [{"providerId": "apple.com", "rawId": "001234.grace"},
                                    {"providerId": "password", "rawId": "grace@example.com"}]},
              {"localId": "h1", "email": "hal@example.com", "emailVerified": true, "disabled": true,
               "passwordHash": "\(graceHash)", "salt": "c2FsdC1vZi1ncmFjZQ=="},
              {"localId": "x1", "email": "bad@example.com", "passwordHash": "!!", "salt": "AA=="}
            ]}
            """)
    }

    @Test("A Firebase export signs in with its passwords, re-hashed at the first sign-in; twice imports once")
    func firebase() async throws {
        let export = try await firebaseExport()
        let database = directory.appendingPathComponent("doorstep.sqlite").path
        let command = ["users", "import", "firebase", export, "--database", database] + Self.firebase

        let dry = try await doorstep.run(command + ["--dry-run"])
        #expect(dry.status == 0, "\(dry.standardError)")
        #expect(
            dry.lines == ["would import 3 of 4 accounts; skipped:", "  user 4: its passwordHash or salt is not base64"])
        let first = try await doorstep.run(command)
        #expect(first.lines.first == "imported 3 of 4 accounts; skipped:", "\(first.standardError)")
        let again = try await doorstep.run(command)
        #expect(again.lines.first == "imported 0 of 4 accounts; skipped:")
        #expect(again.lines.contains("  user 1: an account with ada@example.com is already here"))

        let found = try await doorstep.run("users", "find", "grace@example.com", "--json", "--database", database)
        let grace = try #require(
            try JSONSerialization.jsonObject(with: Data(found.standardOutput.utf8)) as? [String: Any])
        #expect(grace["providers"] as? [String] == ["apple"] && grace["emailVerified"] as? Bool == false)

        let server = try ServerProcess(runner: doorstep, database: database)
        defer { server.terminate() }
        let http = HTTP(base: try await server.waitUntilListening())
        #expect(try await Self.passwordHash(of: "ada@example.com", in: database)?.hasPrefix("imported:") == true)
        #expect(try await login("ada@example.com", "user1password", on: http).status == 200)
        let rehashed = try #require(try await Self.passwordHash(of: "ada@example.com", in: database))
        #expect(rehashed.hasPrefix("$2"), "Doorstep's own hash replaced Firebase's")
        #expect(!rehashed.contains("lSrfV15cpx95"))
        #expect(try await login("ada@example.com", "user1password", on: http).status == 200)
        #expect(try await login("ada@example.com", "user1Password", on: http).status == 401)
        #expect(try await login("grace@example.com", "Analytical-Engine-1843", on: http).status == 200)
        let disabled = try await login("hal@example.com", "Analytical-Engine-1843", on: http)
        #expect(disabled.status == 403 && disabled.code == "account_disabled")
    }

    @Test("Supabase's CSV and Auth0's lines sign in with their bcrypt passwords, whatever the cost")
    func bcryptExports() async throws {
        let supabaseHash = try await ReferenceImplementations.bcrypt("Blue-Whale-Song-9", cost: 10, prefix: "2a")
        let auth0Hash = try await ReferenceImplementations.bcrypt("Green-Field-Morning-4", cost: 6)
        let supabase = try file(
            "users.csv",
            """
            id,email,encrypted_password,email_confirmed_at,raw_user_meta_data,created_at,banned_until,identities
            7c1e,mia@example.com,\(supabaseHash),2024-01-31 09:30:00.123456+00,"{""full_name"": ""Mia Wong""}",2024-01-30 08:00:00+00,,"[{""provider"": ""google"", ""identity_data"": {""sub"": ""1098""}}]"
            8d2f,mia@example.com,\(supabaseHash),,,2024-02-01 08:00:00+00,,

            """)
        let auth0 = try file(
            "users.ndjson",
            """
            {"user_id": "auth0|1", "email": "noor@example.com", "email_verified": true, "passwordHash": "\(auth0Hash)"}
            {"user_id": "apple|2", "email": "sami@example.com", "identities": [{"provider": "apple", "user_id": "000777.sami"}]}
            not json
            """)
        let database = directory.appendingPathComponent("doorstep.sqlite").path
        let fromSupabase = try await doorstep.run("users", "import", "supabase", supabase, "--database", database)
        #expect(
            fromSupabase.lines == [
                "imported 1 of 2 accounts; skipped:", "  line 3: an account with mia@example.com is already here",
            ], "\(fromSupabase.standardError)")
        let fromAuth0 = try await doorstep.run("users", "import", "auth0", auth0, "--database", database)
        #expect(fromAuth0.lines == ["imported 2 of 3 accounts; skipped:", "  line 3: it is not a JSON object"])

        let server = try ServerProcess(runner: doorstep, database: database)
        defer { server.terminate() }
        let http = HTTP(base: try await server.waitUntilListening())
        #expect(try await login("mia@example.com", "Blue-Whale-Song-9", on: http).status == 200)
        #expect(try await login("noor@example.com", "Green-Field-Morning-4", on: http).status == 200)
        #expect(try await Self.passwordHash(of: "noor@example.com", in: database)?.hasPrefix("imported:") == false)
        #expect(try await login("noor@example.com", "Green-Field-Morning-4", on: http).status == 200)
    }

    @Test("A malformed file and another project's hash key are one line each, and write nothing")
    func refusals() async throws {
        let database = directory.appendingPathComponent("doorstep.sqlite").path
        let malformed = try await doorstep.run(
            ["users", "import", "firebase", try file("broken.json", "{\"users\": [ {"), "--database", database]
                + Self.firebase)
        #expect(malformed.status == 2 && malformed.standardError.split(separator: "\n").count == 1)
        #expect(malformed.standardError.contains("not the JSON of `firebase auth:export`"))

        let export = try await firebaseExport()
        _ = try await doorstep.run(["users", "import", "firebase", export, "--database", database] + Self.firebase)
        var otherProject = Self.firebase
        otherProject[1] = Data(repeating: 9, count: 64).base64EncodedString()
        let other = try await doorstep.run(
            ["users", "import", "firebase", try file("more.json", "{\"users\": []}"), "--database", database]
                + otherProject)
        #expect(
            other.status == 2 && other.standardError.contains("differ from those kept by an earlier Firebase import"))

        let server = try ServerProcess(runner: doorstep, database: database)
        defer { server.terminate() }
        let http = HTTP(base: try await server.waitUntilListening())
        #expect(try await login("ada@example.com", "user1password", on: http).status == 200, "the kept key still works")
    }
}
