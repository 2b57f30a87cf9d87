import Foundation
import Testing

@Suite("doorstep flows")
struct FlowsCommandTests {
    let doorstep: CommandRunner

    init() throws {
        doorstep = try CommandRunner()
    }

    @Test("validate with no argument checks the whole catalog and exits 0")
    func validateCatalog() async throws {
        let output = try await doorstep.run("flows", "validate")
        #expect(output.status == 0)
        #expect(
            output.lines == [
                "tanda.json: valid", "trainer.json: valid", "familysync.json: valid",
                "destiny.json: valid", "kordant.json: valid",
            ])
    }

    @Test("validate reports malformed JSON with a line and column and exits 1")
    func validateMalformed() async throws {
        let path = try CommandRunner.temporaryFile("{\n  \"id\": \"app\",\n  \"version\": 1\n  \"title\": \"x\"\n}")
        let output = try await doorstep.run("flows", "validate", path)
        #expect(output.status == 1)
        #expect(output.lines == ["\(path): line 4, column 3: invalid JSON: expected ',' or '}' in an object"])
    }

    @Test("validate prints one readable line per problem, naming the screen and field")
    func validateProblems() async throws {
        let show = try await doorstep.run("flows", "show", "familysync")
        let broken = show.standardOutput
            .replacingOccurrences(of: "\"to\" : \"householdSetup\"", with: "\"to\" : \"nowhere\"")
            .replacingOccurrences(of: "\"field\" : \"inviteCode\"", with: "\"field\" : \"inviteKode\"")
        let path = try CommandRunner.temporaryFile(broken)
        let output = try await doorstep.run("flows", "validate", path, "tanda")
        #expect(output.status == 1)
        #expect(
            output.lines.contains(
                "\(path): screen \"syncChoice\": the transition on \"apple\" goes to unknown screen \"nowhere\""))
        #expect(
            output.lines.contains(
                "\(path): screen \"joinHousehold\", field \"inviteKode\": a textField block is bound to a missing field"
            ))
        #expect(output.lines.last == "tanda.json: valid")
    }

    @Test("validate of a missing file says so without crashing")
    func validateMissing() async throws {
        let output = try await doorstep.run("flows", "validate", "/no/such/flow.json")
        #expect(output.status == 1)
        #expect(output.standardOutput.hasPrefix("/no/such/flow.json: no such file"))
    }

    @Test("show prints the definition as JSON that reads back as the same flow")
    func show() async throws {
        let output = try await doorstep.run("flows", "show", "destiny")
        #expect(output.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any]
        #expect(object?["id"] as? String == "destiny")
        #expect((object?["screens"] as? [Any])?.isEmpty == false)
    }

    @Test("graph prints a Mermaid flowchart")
    func graph() async throws {
        let output = try await doorstep.run("flows", "graph", "kordant")
        #expect(output.status == 0)
        #expect(output.lines.first == "flowchart TD")
        #expect(output.standardOutput.contains("s_login -->|signUp| s_signup"))
    }

    @Test("simulate prints one JSON line per screen and follows --set into a branch")
    func simulate() async throws {
        let output = try await doorstep.run("flows", "simulate", "tanda", "--set", "account.exists=true")
        #expect(output.status == 0)
        #expect(
            output.lines == [
                #"{"screen": "slide1", "section": "welcome1", "progress": 0.0}"#,
                #"{"screen": "createAccount", "section": null, "progress": 0.167}"#,
                #"{"screen": "passwordLogin", "section": null, "progress": 0.333}"#,
                #"{"screen": "home", "section": null, "progress": 1.0}"#,
            ])
    }

    @Test("simulate exits non-zero and says where it got stuck")
    func simulateStuck() async throws {
        let output = try await doorstep.run("flows", "simulate", "familysync", "--set", "householdName=")
        #expect(output.status != 0)
        #expect(output.standardError.contains("stuck at screen \"householdSetup\""))
        let malformed = try await doorstep.run("flows", "simulate", "tanda", "--set", "oops")
        #expect(malformed.status != 0)
        #expect(malformed.standardError.contains("--set needs NAME=VALUE"))
    }
}

@Suite("doorstep flows strings")
struct FlowStringsCommandTests {
    let doorstep: CommandRunner

    init() throws {
        doorstep = try CommandRunner()
    }

    /// A copy of a catalog flow and its String Catalog in a folder of their own, the catalog edited.
    static func copy(_ id: String, editing edit: (inout [String: Any]) -> Void) throws -> String {
        let flows = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/DoorstepFlow/Catalog/Flows")
        let flow = try String(contentsOf: flows.appendingPathComponent("\(id).json"), encoding: .utf8)
        let path = try CommandRunner.temporaryFile(flow, name: "\(id).json")
        let data = try Data(contentsOf: flows.appendingPathComponent("\(id).xcstrings"))
        var catalog = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        edit(&catalog)
        try JSONSerialization.data(withJSONObject: catalog).write(
            to: URL(fileURLWithPath: path).deletingPathExtension().appendingPathExtension("xcstrings"))
        return path
    }

    /// Sets one translation of a string in a String Catalog's JSON.
    static func set(_ catalog: inout [String: Any], _ source: String, _ language: String, to value: String?) {
        var strings = catalog["strings"] as? [String: Any] ?? [:]
        var entry = strings[source] as? [String: Any] ?? [:]
        var localizations = entry["localizations"] as? [String: Any] ?? [:]
        localizations[language] = value.map { ["stringUnit": ["state": "translated", "value": $0]] }
        entry["localizations"] = localizations
        strings[source] = entry
        catalog["strings"] = strings
    }

    @Test("validate fails, a line each, on a missing translation and on a placeholder the translation lost")
    func validateRefusesBrokenTranslations() async throws {
        let path = try Self.copy("kordant") { catalog in
            Self.set(&catalog, "Create Account", "ar", to: nil)
            Self.set(
                &catalog, "If {email} has an account, we sent it a 6-digit code. Enter it to choose a new password.",
                "es", to: "Si tienes una cuenta, te enviamos un código.")
        }
        let output = try await doorstep.run("flows", "validate", path)
        #expect(output.status == 1)
        #expect(output.lines.contains("kordant.xcstrings: ar: \"Create Account\" has no translation"))
        #expect(
            output.lines.contains {
                $0.hasPrefix("kordant.xcstrings: es: the translation of \"If {email} has an account")
            },
            "\(output.lines)")
        #expect(output.lines.count == 2, "\(output.lines)")
    }

    @Test("export then import round-trips a flow's catalog; a translator's file that lost a placeholder is refused")
    func exportImport() async throws {
        let exported = try CommandRunner.temporaryFile("", name: "tanda.xcstrings")
        #expect(try await doorstep.run("flows", "strings", "export", "tanda", "--output", exported).status == 0)
        let target = try CommandRunner.temporaryFile("", name: "catalog.xcstrings")
        try FileManager.default.removeItem(atPath: target)
        let imported = try await doorstep.run(
            "flows", "strings", "import", exported, "--flow", "tanda", "--catalog", target)
        #expect(imported.status == 0, "\(imported.standardError)")
        let before = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: exported)))
        let after = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: target)))
        #expect((before as? NSDictionary) == (after as? NSDictionary), "the same catalog back")

        var broken = try #require(before as? [String: Any])
        Self.set(
            &broken, "If {email} has an account, we sent it a 6-digit code. Enter it to choose a new password.",
            "es", to: "Te enviamos un código.")
        let translator = try CommandRunner.temporaryFile("", name: "from-translator.xcstrings")
        try JSONSerialization.data(withJSONObject: broken).write(to: URL(fileURLWithPath: translator))
        let refused = try await doorstep.run(
            "flows", "strings", "import", translator, "--flow", "tanda", "--catalog", target)
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("has placeholders"), "\(refused.standardError)")
        let kept = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: target)))
        #expect((kept as? NSDictionary) == (after as? NSDictionary), "nothing already saved is lost")
    }

    @Test("requirements prints what an app must declare, with why; a flow without a voice answer needs no microphone")
    func requirements() async throws {
        let output = try await doorstep.run(
            "flows", "requirements", "kordant", "familysync", "--passkey-rp-id", "a.example")
        #expect(output.status == 0)
        #expect(output.lines.contains("  NSFaceIDUsageDescription: Sign in with Face ID instead of your password."))
        #expect(output.lines.contains("  com.apple.developer.associated-domains: webcredentials:a.example"))
        #expect(output.lines.contains("    - familysync: Sign in with Apple"))
        #expect(!output.standardOutput.contains("NSMicrophoneUsageDescription"))
        let unknown = try await doorstep.run("flows", "requirements", "nope")
        #expect(unknown.status != 0)
        #expect(unknown.standardError.contains("nope: no such file, and not a catalog flow"))
    }
}
