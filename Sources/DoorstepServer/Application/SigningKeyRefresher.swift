import DoorstepHTTP
import DoorstepServerCore
import DoorstepWeb
import Logging
import ServiceLifecycle

/// Keeps this instance's signing keys in step with the store: a key `doorstep keys rotate` or
/// another instance added is known here within a minute — long before it starts signing, which waits
/// for ``KeyRotationPolicy/publicationDelay`` — and keys no token can need any more are retired.
struct SigningKeyRefresher: Service {
    let keys: ServerKeyStore
    let tokens: AccessTokens
    let policy: KeyRotationPolicy
    let clock: any WallClock
    let logger: Logger
    var interval: Duration = .seconds(60)

    func run() async throws {
        await repeatUntilShutdown(every: interval) { [self] _ in await refresh() }
    }

    func refresh() async {
        do {
            let retired = try await keys.retire(at: clock.now, policy: policy)
            for key in retired { logger.info("a signing key was retired", metadata: ["kid": "\(key.id)"]) }
            await tokens.install(try await keys.signingKeys())
        } catch {
            logger.warning("the signing keys could not be refreshed", metadata: ["reason": "\(error)"])
        }
    }
}
