import DoorstepFlow
import Foundation
import Testing

@Suite("Reading flow files")
struct FlowDocumentTests {
    func lines(_ text: String) -> [String] {
        FlowDocument.check(Data(text.utf8)).problems.map { $0.line(file: "app.json") }
    }

    @Test(
        "Malformed JSON is reported with its line and column",
        arguments: [
            (
                "{\n  \"id\": \"x\",\n  \"version\": 1,,\n}",
                "app.json: line 3, column 16: invalid JSON: expected a key in quotes"
            ),
            ("{\"id\": \"x\"", "app.json: line 1, column 11: invalid JSON: the document ends inside an object"),
            ("{\"id\": tru}", "app.json: line 1, column 8: invalid JSON: expected 'true'"),
            ("", "app.json: line 1, column 1: invalid JSON: the document ends where a value was expected"),
            (
                "{\"a\": 1} x",
                "app.json: line 1, column 10: invalid JSON: unexpected text after the end of the document"
            ),
            ("{\"a\": \"é\nb\"}", "app.json: line 1, column 9: invalid JSON: a control character inside a string"),
        ])
    func syntax(_ text: String, _ expected: String) {
        #expect(lines(text) == [expected])
    }

    @Test("Non-UTF-8 bytes do not crash the reader")
    func binary() {
        let problems = FlowDocument.check(Data([0xFF, 0xFE, 0x00, 0x7B])).problems
        #expect(problems.count == 1)
    }

    @Test("A missing key and a wrong type name the path to them")
    func shapes() throws {
        let flow = try String(decoding: Catalog.flow("tanda").encodedJSON(), as: UTF8.self)
        let missing = flow.replacingOccurrences(of: "\"start\" : \"slide1\",", with: "")
        #expect(lines(missing) == ["app.json: the top level: the required key \"start\" is missing"])
        let wrongKind = flow.replacingOccurrences(of: "\"kind\" : \"codeEntry\"", with: "\"kind\" : \"codeBoxes\"")
        #expect(lines(wrongKind) == ["app.json: screens[6].blocks[2].kind: \"codeBoxes\" is not an allowed value here"])
    }

    @Test("Keys the format does not know are reported, so typos do not pass silently")
    func unknownKeys() throws {
        let flow = try String(decoding: Catalog.flow("tanda").encodedJSON(), as: UTF8.self)
        let typo = flow.replacingOccurrences(of: "\"mustBeTrue\" : true", with: "\"mustBeTru\" : true")
        let found = lines(typo)
        #expect(found.contains("app.json: fields[10]: unknown key \"mustBeTru\""))
    }

    @Test("A valid file has no problems and decodes")
    func valid() throws {
        let data = try Data(contentsOf: FlowCatalog.bundledURL("kordant"))
        let report = FlowDocument.check(data)
        #expect(report.problems.isEmpty)
        #expect(report.flow?.id == "kordant")
    }
}
