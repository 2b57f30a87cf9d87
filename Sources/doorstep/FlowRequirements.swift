import ArgumentParser
import DoorstepFlow

struct Requirements: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print what an iOS app must declare to run flows: usage strings, capabilities, domains.",
        discussion: """
            Each key is listed once, with the flows and steps that need it; a key no flow needs is not listed \
            (a flow without a voice answer never asks for the microphone or Speech).
            """)

    @Argument(help: "Catalog ids or paths to flow JSON files; with none, the whole catalog.")
    var flows: [String] = []

    @Option(help: "The server's passkey RP ID, which the associated domains must list for passkeys.")
    var passkeyRpId: String?

    func run() throws {
        let definitions = try (flows.isEmpty ? FlowCatalog.referenceIDs : flows).map(FlowSource.load)
        let requirements = AppRequirements.of(definitions, relyingParty: passkeyRpId)
        guard !requirements.isEmpty else {
            print("These flows need nothing declared.")
            return
        }
        for place in AppRequirement.Place.allCases {
            let declared = requirements.filter { $0.place == place }
            guard !declared.isEmpty else { continue }
            print(place.rawValue)
            for requirement in declared {
                print("  \(requirement.key): \(requirement.value)")
                for reason in requirement.reasons { print("    - \(reason)") }
            }
        }
    }
}
