import DoorstepFlow
import Foundation

/// Everything a renderer needs to draw the current screen of a flow, resolved and in order. It knows
/// neither HTML nor SwiftUI: the web funnel and `DoorstepUI` both draw from it, so what one shows
/// the other shows.
public struct ScreenPresentation: Sendable, Hashable, Codable {
    /// The flow's id.
    public var flowID: String
    /// The flow's version.
    public var flowVersion: Int
    /// The screen's id.
    public var screenID: String
    /// The title of the page, for a browser tab or VoiceOver's screen change: the screen's title or
    /// first heading, then the app's name.
    public var title: String
    /// The screen's layout hint, such as `introHero`.
    public var template: String?
    /// How it is presented over the previous screen.
    public var presentation: Screen.Presentation
    /// How it arrives.
    public var transition: ScreenTransition
    /// The flow's theme, resolved.
    public var theme: ThemePresentation
    /// A background drawn behind everything.
    public var background: BackgroundPresentation?
    /// A message about the whole screen, such as a failed sign-in.
    public var banner: String?
    /// The bar at the top: back and close on the leading side, skip on the trailing side, progress
    /// in the middle.
    public var navigation: NavigationPresentation?
    /// The blocks, top to bottom, with buttons placed among them.
    public var blocks: [BlockPresentation]
    /// The buttons at the bottom, most important first.
    public var dock: [ActionPresentation]
    /// A carousel's page controls.
    public var carousel: CarouselPresentation?
    /// Actions with no button of their own: the whole screen as a button, or a timer.
    public var overlays: [ActionPresentation]
    /// The action Return presses from the last field: the dock's primary button.
    public var defaultAction: String?
    /// The field that has focus as the screen shows.
    public var focusedField: String?
    /// Whether effects are running (buttons show their loading titles, inputs wait).
    public var isBusy: Bool
    /// Whether the person may go back from here.
    public var allowsBack: Bool
    /// A haptic to play as the screen shows: an error when an answer or a request was refused.
    public var haptic: HapticIntent?
    /// Where the blocks sit when not from the top: centred, or anchored to the bottom.
    public var arrangement: ScreenArrangement? = nil
    /// The language of its words (a BCP 47 tag), as the flow was translated; `nil` for English, the
    /// flow as written.
    public var language: String? = nil

    /// The renderers' own words in the screen's language: Previous, Next, what VoiceOver reads.
    public var words: PresentationWords { PresentationWords(language: language) }
    /// Whether the screen reads right to left (Arabic): the layout, progress, carousels and back
    /// buttons mirror.
    public var isRightToLeft: Bool { words.isRightToLeft }

    /// Every action drawn anywhere on the screen.
    public var allActions: [ActionPresentation] {
        var actions = (navigation?.leading ?? []) + (navigation?.trailing ?? []) + dock + overlays
        actions += [carousel?.back, carousel?.next].compactMap { $0 }
        for block in blocks {
            switch block.content {
            case .text(let text): actions += text.trailingActions
            case .card(let card): actions.append(card.action)
            case .socialButton(let action): actions.append(action)
            case .resendTimer(let resend): actions.append(resend.action)
            case .actions(let row): actions += row.actions
            default: break
            }
        }
        return actions
    }

    /// The passkey sign-in the keyboard's AutoFill may complete from the screen's email field, which
    /// then names itself the account's `username`; pressed once the person picks a passkey there.
    public var passkeyAutoFillAction: ActionPresentation? {
        let offersUsername = blocks.contains { block in
            if case .textField(let content) = block.content { return content.field.contentType == .username }
            return false
        }
        return offersUsername ? allActions.first { $0.passkey == .get } : nil
    }

    /// When the screen must be presented again because a countdown ends and its action turns enabled.
    public var nextCountdownEnd: Date? {
        allActions.compactMap(\.availableAt).min()
    }

    /// Whether a block asks for a file (the web form then uploads).
    public var uploadsFile: Bool {
        blocks.contains { $0.kind == .avatar }
    }
}

/// The navigation bar.
public struct NavigationPresentation: Sendable, Hashable, Codable {
    /// Back or close.
    public var leading: [ActionPresentation]
    /// Skip.
    public var trailing: [ActionPresentation]
    /// A progress bar between them.
    public var progress: ProgressPresentation?
}

/// A progress indicator: segments in the top bar, or dots under a carousel.
public struct ProgressPresentation: Sendable, Hashable, Codable {
    /// One segment or dot.
    public struct Segment: Sendable, Hashable, Codable {
        /// How full, from 0 to 1.
        public var fill: Double
        /// Whether the current screen is in it.
        public var isCurrent: Bool
    }

    /// Segments, sections with labels, or dots.
    public var style: ProgressTrack.Style
    /// The segments in order.
    public var segments: [Segment]
    /// The current section's label, shown above a sectioned bar.
    public var sectionLabel: String?
    /// The current segment, counted from 1.
    public var current: Int
    /// How far through the flow, in whole percent.
    public var percent: Int
    /// The filled colour.
    public var fill: ColorPair
    /// The empty colour.
    public var track: ColorPair
    /// What VoiceOver reads: `Step 2 of 4: About you`.
    public var accessibilityLabel: String
    /// Fills move; section labels cross-fade.
    public var animation: AnimationIntent
}

/// A carousel's controls: previous, dots, next.
public struct CarouselPresentation: Sendable, Hashable, Codable {
    /// Swipe back.
    public var back: ActionPresentation?
    /// Swipe on.
    public var next: ActionPresentation?
    /// The page dots.
    public var dots: ProgressPresentation?
}

/// A background drawn behind a screen.
public struct BackgroundPresentation: Sendable, Hashable, Codable {
    /// One blurred orb of an Aurora background.
    public struct OrbLayer: Sendable, Hashable, Codable {
        /// Its colour by appearance.
        public var color: ColorPair
        /// Where it sits: `topLeading`, `center`, `bottomTrailing`…
        public var position: String
        /// How strongly it shows, from 0 to 1.
        public var opacity: Double
    }

    /// The theme's name for it.
    public var name: String
    /// Solid, gradient or Aurora.
    public var kind: Background.Kind
    /// A solid colour, or a gradient's stops from top leading to bottom trailing.
    public var colors: [ColorPair]
    /// Aurora orbs.
    public var orbs: [OrbLayer]
    /// The orbs' blur in points.
    public var blur: Double
    /// The unifying overlay's opacity.
    public var overlayOpacity: Double
    /// Aurora orbs drift and breathe.
    public var animation: AnimationIntent?
}
