import DoorstepFlow
import Foundation
import Testing

@Suite("What an app must declare to run its flows")
struct AppRequirementsTests {
    @Test("Kordant needs Face ID's usage string, Sign in with Apple, Google's URL type and the passkey domain")
    func kordant() throws {
        let requirements = AppRequirements.of([try Catalog.flow("kordant")], relyingParty: "kordant.example")
        #expect(
            requirements.map(\.key) == [
                "CFBundleURLTypes", "NSFaceIDUsageDescription", "com.apple.developer.applesignin",
                "com.apple.developer.associated-domains",
            ])
        #expect(requirements.last?.value == "webcredentials:kordant.example")
        #expect(requirements[1].reasons == ["kordant: Face ID sign-in"])
    }

    @Test("Only a flow with a voice answer needs the microphone and Speech")
    func voice() throws {
        let trainer = AppRequirements.of([try Catalog.flow("trainer")])
        #expect(trainer.map(\.key).contains("NSMicrophoneUsageDescription"))
        #expect(trainer.map(\.key).contains("NSSpeechRecognitionUsageDescription"))
        for id in ["tanda", "familysync", "destiny", "kordant"] {
            let keys = AppRequirements.of([try Catalog.flow(id)]).map(\.key)
            #expect(!keys.contains("NSMicrophoneUsageDescription"), "\(id)")
            #expect(!keys.contains("NSSpeechRecognitionUsageDescription"), "\(id)")
        }
    }

    @Test("The demo app declares every usage string and capability the catalog needs, and no other usage string")
    func demoProject() throws {
        let project = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../../Examples/DoorstepDemo/project.yml").standardized, encoding: .utf8)
        let catalog = try FlowCatalog.referenceIDs.map(Catalog.flow)
        // The demo offers Apple's sign-in only (Google's needs its SDK), so it has no Google URL type.
        let needed = Set(AppRequirements.of(catalog).map(\.key)).subtracting(["CFBundleURLTypes"])
        for key in needed.sorted() { #expect(project.contains("\(key):"), "project.yml lacks \(key)") }
        let declaredUsage = Set(
            project.split(separator: "\n").compactMap { line -> String? in
                let key = line.trimmingCharacters(in: .whitespaces).split(separator: ":").first.map(String.init)
                return key.flatMap { $0.hasPrefix("NS") && $0.hasSuffix("UsageDescription") ? $0 : nil }
            })
        #expect(declaredUsage == needed.filter { $0.hasSuffix("UsageDescription") })
    }
}
