import DoorstepClient
import Foundation

/// A test device that declines everything a test does not ask of it: conform, and implement only the
/// effects the test plays.
protocol DecliningDevice: DeviceEffects {}

extension DecliningDevice {
    func pickImage() async -> (data: Data, isPNG: Bool)? { nil }
    func requestPermission(_ permission: String) async -> Bool { false }
    func enableBiometrics() async -> Bool { false }
    func canEnableBiometrics() async -> Bool { false }
    func forgetBiometrics() async {}
    func appleCredential() async -> AppleCredential? { nil }
    func googleCredential() async -> (idToken: String, rawNonce: String?)? { nil }
}
