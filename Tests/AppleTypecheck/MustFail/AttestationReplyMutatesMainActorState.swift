// expected: main actor-isolated property 'keyID' can not be mutated from a Sendable closure
// App Attest answers on a queue of the framework's: its completion handler is `@Sendable`, and
// main-actor state set from it is a data race (the async form, awaited, is the right one).
import DeviceCheck

@MainActor
final class InstallKey {
    var keyID: String?

    func make() {
        DCAppAttestService.shared.generateKey { keyID, _ in
            self.keyID = keyID
        }
    }
}
