// expected: main actor-isolated property 'isUnlocked' can not be mutated from a Sendable closure
// Face ID's reply runs on a queue of the framework's: it is `@Sendable`, and main-actor state set from
// it is a data race.
import LocalAuthentication

@MainActor
final class AppLock {
    var isUnlocked = false

    func unlock(with context: LAContext) {
        context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { success, _ in
            self.isUnlocked = success
        }
    }
}
