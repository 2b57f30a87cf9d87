/// A haptic a renderer plays, named as UIKit's feedback generators and SwiftUI's `sensoryFeedback`
/// name them. The web has no haptics and ignores them.
public enum HapticIntent: String, Sendable, Hashable, Codable {
    /// A light tick as a selection changes, such as a carousel page.
    case selection
    /// Something worked, such as creating a household.
    case success
    /// Something was refused, such as a wrong code.
    case error
    /// A light tap, such as a step of a stepper.
    case impactLight
}

/// A motion the specs ask for, named so a renderer can draw it and so reduced motion can replace it.
public enum AnimationIntent: String, Sendable, Hashable, Codable {
    /// The trainer's orb grows and shrinks slowly (scale 1.0 ↔ 1.06, 4 s).
    case orbBreathe
    /// The trainer's orb shrinks to a narrator beside the first line (0.6 s spring).
    case orbToNarrator
    /// The trainer's orb grows back to the centre and settles (scale 1.04 → 1.0), then floats.
    case orbSettle
    /// Narration appears word by word.
    case wordByWord
    /// A symbol floats gently up and down, like TANDA's envelope.
    case float
    /// A symbol scales up as it appears, like TANDA's celebration check.
    case scaleIn
    /// FamilySync's Aurora orbs drift and breathe.
    case auroraDrift
    /// A progress bar's fill moves to its new width (0.4 s ease-in-out).
    case progressFill
    /// The top bar's section label cross-fades when the section changes.
    case crossfadeLabel
    /// A field with a refused answer shakes once.
    case shake

    /// Seconds one cycle or move lasts.
    public var duration: Double {
        switch self {
        case .orbBreathe: return 4
        case .orbToNarrator, .orbSettle: return 0.6
        case .wordByWord: return 0.12
        case .float: return 3
        case .scaleIn: return 0.5
        case .auroraDrift: return 8
        case .progressFill: return 0.4
        case .crossfadeLabel: return 0.3
        case .shake: return 0.4
        }
    }

    /// Whether it repeats for as long as it shows.
    public var repeats: Bool {
        switch self {
        case .orbBreathe, .float, .auroraDrift: return true
        default: return false
        }
    }

    /// What to draw when the person asked for reduced motion: moving things hold still, a fill or a
    /// label still changes but without sliding, and words appear at once.
    public func underReducedMotion() -> AnimationIntent? {
        switch self {
        case .progressFill, .crossfadeLabel: return .crossfadeLabel
        default: return nil
        }
    }
}

/// How a screen arrives over the one before it.
public enum ScreenTransition: String, Sendable, Hashable, Codable {
    /// Pushed in from the trailing edge, as in a navigation stack.
    case push
    /// Raised as a sheet.
    case sheet
    /// Covers the whole screen.
    case fullScreenCover
    /// Pages of a carousel slide sideways.
    case page
    /// Fades in, for splash screens and celebrations.
    case fade
}
