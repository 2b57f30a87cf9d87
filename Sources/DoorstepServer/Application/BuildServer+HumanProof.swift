import DoorstepHTTP
import DoorstepServerCore
import DoorstepWeb

/// The gate of the protected actions: the configured policy, App Attest for the listed apps, and the
/// web funnel's puzzles.
func humanProofGate(core: ServerCore, configuration: ServerConfiguration, dependencies: ServerDependencies) throws
    -> HumanProofGate
{
    let appAttest = try configuration.appAttest.verifier(appIDs: configuration.appleAppIDs).map {
        AppAttestService(storage: core.storage, verifier: $0, context: core.context)
    }
    let puzzles = PuzzleService(
        book: PuzzleBook(codeKey: dependencies.keys.codeKey), difficulty: PuzzleDifficulty(), storage: core.storage,
        context: core.context)
    return HumanProofGate(
        policy: configuration.appAttest.policy, appAttest: appAttest, puzzles: puzzles,
        metrics: dependencies.metrics.core, audit: core.context.audit)
}
