import Foundation

/// What each protected action asks of a request's proof: nothing (`off`), only a count of what would
/// have been refused (`monitor`), or a valid proof (`enforce`). Written `sign-up=enforce,code-send=monitor`
/// (or `all=monitor`); actions not named are off.
public struct HumanProofPolicy: Sendable, Hashable, CustomStringConvertible {
    /// How one action is guarded.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        case off, monitor, enforce
    }

    /// The mode of each action that is not off.
    public var modes: [ProtectedAction: Mode]

    /// Every action off: today's flows run as they always have.
    public init(modes: [ProtectedAction: Mode] = [:]) {
        self.modes = modes.filter { $0.value != .off }
    }

    /// Reads `sign-up=enforce,code-send=monitor`; `all=` sets every action, later entries win.
    public init(parsing text: String) throws(HumanProofPolicyError) {
        var modes: [ProtectedAction: Mode] = [:]
        for entry in text.split(separator: ",") {
            let pair = entry.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
            guard pair.count == 2, let mode = Mode(rawValue: pair[1]) else { throw HumanProofPolicyError(text) }
            if pair[0] == "all" {
                for action in ProtectedAction.allCases { modes[action] = mode }
            } else if let action = ProtectedAction(rawValue: pair[0]) {
                modes[action] = mode
            } else {
                throw HumanProofPolicyError(text)
            }
        }
        self.init(modes: modes)
    }

    /// The mode of `action`.
    public func mode(for action: ProtectedAction) -> Mode {
        modes[action] ?? .off
    }

    /// Whether every action is off.
    public var isOff: Bool { modes.isEmpty }

    /// The policy as it is written, actions in a fixed order.
    public var description: String {
        let named = ProtectedAction.allCases.compactMap { action in
            modes[action].map { "\(action.rawValue)=\($0.rawValue)" }
        }
        return named.isEmpty ? "off" : named.joined(separator: ",")
    }
}

/// A policy that cannot be read, with the words to fix it.
public struct HumanProofPolicyError: Error, Sendable, CustomStringConvertible {
    public let description: String

    init(_ text: String) {
        let actions = (ProtectedAction.allCases.map(\.rawValue) + ["all"]).joined(separator: ", ")
        description =
            "The App Attest policy is action=mode pairs such as sign-up=enforce,code-send=monitor "
            + "(actions: \(actions); modes: off, monitor, enforce), not \"\(text)\"."
    }
}
