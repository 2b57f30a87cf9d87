/// What an iOS app must declare to run flows: the usage descriptions its Info.plist needs, the
/// capabilities (entitlements) it must be signed with, and what the associated domains must list —
/// each with the flows and steps that need it, so nothing is declared that no flow uses.
public struct AppRequirement: Sendable, Hashable {
    /// Where the declaration goes.
    public enum Place: String, Sendable, Hashable, CaseIterable {
        case infoPlist = "Info.plist"
        case entitlements = "Entitlements"
    }

    public var place: Place
    /// The key, such as `NSFaceIDUsageDescription` or `com.apple.developer.applesignin`.
    public var key: String
    /// A value to start from: a usage sentence to adapt, or the entitlement's value.
    public var value: String
    /// Why, one entry per flow: "kordant: Face ID sign-in (enableBiometrics)".
    public var reasons: [String]

    /// Creates a requirement.
    public init(place: Place, key: String, value: String, reasons: [String]) {
        self.place = place
        self.key = key
        self.value = value
        self.reasons = reasons
    }
}

/// Finds the ``AppRequirement``s of flows from what their screens show and their effects do.
public enum AppRequirements {
    /// The requirements of `flows`, Info.plist first, each key once; `relyingParty` is the server's
    /// passkey RP ID (`--passkey-rp-id`), which associated domains must list for passkeys.
    public static func of(_ flows: [FlowDefinition], relyingParty: String? = nil) -> [AppRequirement] {
        var found: [String: AppRequirement] = [:]
        for flow in flows {
            for need in needs(of: flow, relyingParty: relyingParty) {
                let reason = "\(flow.id): \(need.why)"
                if var known = found[need.key] {
                    if !known.reasons.contains(reason) { known.reasons.append(reason) }
                    found[need.key] = known
                } else {
                    found[need.key] = AppRequirement(
                        place: need.place, key: need.key, value: need.value, reasons: [reason])
                }
            }
        }
        return found.values.sorted {
            ($0.place == .infoPlist ? 0 : 1, $0.key) < ($1.place == .infoPlist ? 0 : 1, $1.key)
        }
    }

    private struct Need {
        var place: AppRequirement.Place
        var key: String
        var value: String
        var why: String
    }

    private static func needs(of flow: FlowDefinition, relyingParty: String?) -> [Need] {
        var needs: [Need] = []
        let spoken = flow.screens.filter { $0.blocks.contains { $0.kind == .voiceAnswer } }.map(\.id)
        if let first = spoken.first {
            let why =
                spoken.count == 1
                ? "a voice answer (screen \(first))" : "voice answers (\(spoken.count) screens, from \(first))"
            needs.append(Need(place: .infoPlist, key: "NSMicrophoneUsageDescription", value: microphone, why: why))
            needs.append(Need(place: .infoPlist, key: "NSSpeechRecognitionUsageDescription", value: speech, why: why))
        }
        let effects = Set(flow.transitions.flatMap { ($0.effects ?? []).map(\.name) })
        if effects.contains(FlowEffect.enableBiometrics.rawValue) {
            needs.append(
                Need(place: .infoPlist, key: "NSFaceIDUsageDescription", value: faceID, why: "Face ID sign-in"))
        }
        if effects.contains(FlowEffect.signInWithGoogle.rawValue) {
            needs.append(
                Need(
                    place: .infoPlist, key: "CFBundleURLTypes", value: "your Google client's reversed client ID",
                    why: "Sign in with Google"))
        }
        if effects.contains(FlowEffect.signInWithApple.rawValue) {
            needs.append(
                Need(
                    place: .entitlements, key: "com.apple.developer.applesignin", value: "[Default]",
                    why: "Sign in with Apple"))
        }
        let passkeys: [FlowEffect] = [.signInWithPasskey, .addPasskey]
        if passkeys.contains(where: { effects.contains($0.rawValue) }) {
            needs.append(
                Need(
                    place: .entitlements, key: "com.apple.developer.associated-domains",
                    value: "webcredentials:\(relyingParty ?? "<your --passkey-rp-id>")", why: "passkeys"))
        }
        return needs
    }

    static let microphone = "Answer questions by voice."
    static let speech = "Turn your spoken answers into text, on this device."
    static let faceID = "Sign in with Face ID instead of your password."
}
