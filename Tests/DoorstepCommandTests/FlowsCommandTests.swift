import Foundation
import Testing

@Suite("doorstep flows")
struct FlowsCommandTests {
    let doorstep: CommandRunner

    init() throws {
        doorstep = try CommandRunner()
    }

    @Test("validate with no argument checks the whole catalog and exits 0")
    func validateCatalog() throws {
        let output = try doorstep.run("flows", "validate")
        #expect(output.status == 0)
        #expect(
            output.lines == [
                "tanda.json: valid", "trainer.json: valid", "familysync.json: valid",
                "destiny.json: valid", "kordant.json: valid",
            ])
    }

    @Test("validate reports malformed JSON with a line and column and exits 1")
    func validateMalformed() throws {
        let path = try CommandRunner.temporaryFile("{\n  \"id\": \"app\",\n  \"version\": 1\n  \"title\": \"x\"\n}")
        let output = try doorstep.run("flows", "validate", path)
        #expect(output.status == 1)
        #expect(output.lines == ["\(path): line 4, column 3: invalid JSON: expected ',' or '}' in an object"])
    }

    @Test("validate prints one readable line per problem, naming the screen and field")
    func validateProblems() throws {
        let show = try doorstep.run("flows", "show", "familysync")
        let broken = show.standardOutput
            .replacingOccurrences(of: "\"to\" : \"householdSetup\"", with: "\"to\" : \"nowhere\"")
            .replacingOccurrences(of: "\"field\" : \"inviteCode\"", with: "\"field\" : \"inviteKode\"")
        let path = try CommandRunner.temporaryFile(broken)
        let output = try doorstep.run("flows", "validate", path, "tanda")
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
    func validateMissing() throws {
        let output = try doorstep.run("flows", "validate", "/no/such/flow.json")
        #expect(output.status == 1)
        #expect(output.standardOutput.hasPrefix("/no/such/flow.json: no such file"))
    }

    @Test("show prints the definition as JSON that reads back as the same flow")
    func show() throws {
        let output = try doorstep.run("flows", "show", "destiny")
        #expect(output.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any]
        #expect(object?["id"] as? String == "destiny")
        #expect((object?["screens"] as? [Any])?.isEmpty == false)
    }

    @Test("graph prints a Mermaid flowchart")
    func graph() throws {
        let output = try doorstep.run("flows", "graph", "kordant")
        #expect(output.status == 0)
        #expect(output.lines.first == "flowchart TD")
        #expect(output.standardOutput.contains("s_login -->|signUp| s_signup"))
    }

    @Test("simulate prints one JSON line per screen and follows --set into a branch")
    func simulate() throws {
        let output = try doorstep.run("flows", "simulate", "tanda", "--set", "account.exists=true")
        #expect(output.status == 0)
        #expect(
            output.lines == [
                #"{"screen": "slide1", "section": "welcome1", "progress": 0.0}"#,
                #"{"screen": "createAccount", "section": null, "progress": 0.333}"#,
                #"{"screen": "passwordLogin", "section": null, "progress": 0.667}"#,
                #"{"screen": "home", "section": null, "progress": 1.0}"#,
            ])
    }

    @Test("simulate exits non-zero and says where it got stuck")
    func simulateStuck() throws {
        let output = try doorstep.run("flows", "simulate", "familysync", "--set", "householdName=")
        #expect(output.status != 0)
        #expect(output.standardError.contains("stuck at screen \"householdSetup\""))
        let malformed = try doorstep.run("flows", "simulate", "tanda", "--set", "oops")
        #expect(malformed.status != 0)
        #expect(malformed.standardError.contains("--set needs NAME=VALUE"))
    }
}
