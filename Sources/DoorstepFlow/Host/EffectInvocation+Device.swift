import Foundation

/// The effects that ask the device or browser: permissions, Face ID, passkeys.
extension EffectInvocation {
    func requestPermission() async throws -> [String: Value] {
        let permission = arguments.text("permission")
        guard try await performer.requestPermission(permission) else {
            throw EffectFailure.cancelled("Permission was not granted.")
        }
        return ["permission.\(permission)": true]
    }

    func enableBiometrics() async throws -> [String: Value] {
        guard try await performer.enableBiometrics() else { throw EffectFailure.cancelled() }
        return ["biometrics.enabled": true]
    }

    func checkPasskeys() async -> [String: Value] {
        ["passkey.available": .bool(await performer.canAddPasskey())]
    }

    func checkBiometrics() async -> [String: Value] {
        ["biometrics.available": .bool(await performer.canEnableBiometrics())]
    }
}
