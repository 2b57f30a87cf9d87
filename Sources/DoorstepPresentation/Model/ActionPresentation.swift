import DoorstepFlow
import Foundation

/// A button, link or gesture as it must be drawn now.
public struct ActionPresentation: Sendable, Hashable, Codable, Identifiable {
    /// Where a symbol sits beside the title.
    public enum SymbolPlacement: String, Sendable, Hashable, Codable {
        /// Before the title.
        case leading
        /// After the title, like a chevron.
        case trailing
        /// Instead of the title, which becomes the accessibility label (a back arrow).
        case only
    }

    /// The action's id, sent back to the engine when tapped.
    public var id: String
    /// The title as drawn, with a running countdown (`Resend code in 42s`).
    public var title: String
    /// The title without a countdown.
    public var baseTitle: String
    /// The part it plays, which decides its style.
    public var role: Action.Role
    /// A symbol (SF Symbols name) and where it sits.
    public var symbol: String?
    /// Where the symbol sits.
    public var symbolPlacement: SymbolPlacement?
    /// Whether it can be tapped now: nothing runs, its answers are valid and no cooldown waits.
    public var isEnabled: Bool
    /// Whether its effects are running now (draw a spinner or the loading title).
    public var isLoading: Bool
    /// The title to show while its effects run.
    public var loadingTitle: String?
    /// Seconds left before it may fire again, when the screen was presented.
    public var countdown: Int?
    /// When its countdown ends: renderers count down to this moment (``title(at:)``) and present the
    /// screen again then, when the action turns enabled.
    public var availableAt: Date?
    /// The fields that must be answered before a primary button lights up (the web's script reads it).
    public var requiredFields: [String]
    /// For a timer: seconds after the screen shows.
    public var firesAfter: Double?
    /// The sign-in provider it starts, such as `apple` (drawn with that provider's own button).
    public var provider: String?
    /// The passkey ceremony the platform must run before the action is sent: `create` to add one,
    /// `get` to sign in with one. Hosts without passkeys do not show the action.
    public var passkey: PasskeyCeremony?
    /// Whether it starts by picking a photo (TANDA's "Add Photo"): a host opens its picker first, and
    /// sends the action with the photo chosen.
    public var picksImage: Bool = false
    /// How its title looks.
    public var look: TextLook
    /// A haptic to play when it is tapped.
    public var haptic: HapticIntent?
    /// What assistive technology is told.
    public var accessibility: AccessibilityPresentation
    /// While a countdown runs, the title with `{seconds}` where the seconds left go, in the flow's
    /// language (`Resend code in {seconds}s`).
    public var waitingTitle: String? = nil
}

extension ActionPresentation {
    /// The title as drawn at `date`, counting down to ``availableAt``: `Resend code in 42s`, then the
    /// title alone once the wait is over.
    public func title(at date: Date) -> String {
        guard let availableAt else { return title }
        let left = availableAt.timeIntervalSince(date)
        guard left > 0, let waitingTitle else { return baseTitle }
        return Self.title(waitingTitle, seconds: Int(left.rounded(.up)))
    }

    /// A waiting title with the seconds left in its place: `Resend code in 42s`.
    static func title(_ waitingTitle: String, seconds: Int) -> String {
        waitingTitle.replacingOccurrences(of: "{seconds}", with: "\(seconds)")
    }
}

/// A WebAuthn ceremony an action needs.
public enum PasskeyCeremony: String, Sendable, Hashable, Codable {
    /// `navigator.credentials.create`, `ASAuthorizationPlatformPublicKeyCredentialProvider`'s registration.
    case create
    /// `navigator.credentials.get`, an assertion request.
    case get
}
