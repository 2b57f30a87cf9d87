import DoorstepHTTP
import DoorstepServerCore

extension FunnelEffects {
    /// Each effect the funnel runs is a span (`flow.effect signUp`), so what it causes — the
    /// transaction, the hash, the mail — is seen as its own.
    func around<Result>(effect name: String, _ work: () async -> Result) async -> Result {
        await services.spans.within("flow.effect \(name)", attributes: ["flow.effect": .string(name)]) { _ in
            await work()
        }
    }
}
