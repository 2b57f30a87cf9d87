import DoorstepServerCore

/// The gate of the protected actions: the configured policy, and App Attest for the listed apps.
func humanProofGate(core: ServerCore, configuration: ServerConfiguration, dependencies: ServerDependencies) throws
    -> HumanProofGate
{
    let audit = SecurityAudit(logger: dependencies.logger, trail: core.auditTrail)
    let appAttest = try configuration.appAttest.verifier(appIDs: configuration.appleAppIDs).map {
        AppAttestService(
            storage: core.storage, verifier: $0, clock: dependencies.clock, random: dependencies.random, audit: audit)
    }
    return HumanProofGate(
        policy: configuration.appAttest.policy, appAttest: appAttest, metrics: dependencies.metrics.core,
        audit: audit)
}
