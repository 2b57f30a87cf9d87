/// One piece of a screen. A block is plain data; renderers decide how each ``Kind`` looks, using the
/// theme's tokens.
public struct Block: Codable, Sendable, Hashable {
    /// What a block is.
    public enum Kind: String, Codable, Sendable, Hashable, CaseIterable {
        // Content
        case heading, text, symbol, orb, narration, divider, markdown, features, stats, progress, avatar
        // Inputs bound to a field
        case textField, codeEntry, password, checkbox, stepper, choiceList, pills, voiceAnswer, datePicker
        case timePicker, planCards, listBuilder
        /// Plan cards that sell: App Store products, their terms, and "Restore purchases".
        case paywall
        // Interactive content bound to an action
        case card, socialButton, resendTimer
    }

    /// What the block is.
    public var kind: Kind
    /// The text shown: a heading, a paragraph, markdown; may contain `{field}` placeholders.
    public var text: String?
    /// A typography token, such as `display` or `heading`.
    public var style: String?
    /// A colour role, such as `textSecondary`.
    public var color: String?
    /// A symbol name (SF Symbols on Apple platforms).
    public var symbol: String?
    /// The field an input block reads and writes.
    public var field: String?
    /// A second field, such as a password's confirmation.
    public var confirmField: String?
    /// An input's label.
    public var label: String?
    /// A second label, such as the confirmation's.
    public var confirmLabel: String?
    /// Text shown in an empty input.
    public var placeholder: String?
    /// Small text under an input.
    public var helper: String?
    /// Linked words inside a checkbox label or text.
    public var linkText: String?
    /// Where the link goes.
    public var link: String?
    /// Lines a narrator emits word by word.
    public var lines: [String]?
    /// Sub-prompts of a guided question.
    public var prompts: [String]?
    /// Quick answers a person can tap.
    public var pills: [String]?
    /// Rows of a features list or figures of a stats card.
    public var items: [BlockItem]?
    /// A size in points, such as an orb's diameter.
    public var size: Double?
    /// A result key whose value the block shows (a program's markdown, for instance).
    public var source: String?
    /// Which strength rules a password meter uses.
    public var strength: PasswordStrength.Rules?
    /// How a stepper shows its value.
    public var display: StepperDisplay?
    /// The sign-in provider of a social button.
    public var provider: String?
    /// The action a card, a social button or a resend timer triggers.
    public var action: String?
    /// A small capsule on a card, such as `Recommended`.
    public var badge: String?
    /// Shows the block only while the condition holds.
    public var visibleWhen: Condition?
    /// For an input: it takes focus when its screen shows, so the keyboard opens at once.
    public var autofocus: Bool?
    /// For a progress block: how many skeleton cards stand in, while the work runs, for the cards it
    /// will bring (the Trainer's goal options); without it, a spinner.
    public var placeholders: Int?
    /// For a paywall: its auto-renewal terms, links and recommended plan.
    public var paywall: PaywallTerms?

    /// Creates a block.
    public init(_ kind: Kind, text: String? = nil, field: String? = nil) {
        self.kind = kind
        self.text = text
        self.field = field
    }

    /// Whether this block collects an answer.
    public var isInput: Bool {
        switch kind {
        case .textField, .codeEntry, .password, .checkbox, .stepper, .choiceList, .pills, .voiceAnswer,
            .datePicker, .timePicker, .planCards, .listBuilder, .avatar, .paywall:
            return field != nil
        default:
            return false
        }
    }
}

/// A row of a features list, or a figure of a stats card.
public struct BlockItem: Codable, Sendable, Hashable {
    /// A symbol drawn with the row.
    public var symbol: String?
    /// The main text.
    public var title: String
    /// Secondary text.
    public var detail: String?

    /// Creates an item.
    public init(symbol: String? = nil, title: String, detail: String? = nil) {
        self.symbol = symbol
        self.title = title
        self.detail = detail
    }
}

/// How a stepper shows its integer value.
public enum StepperDisplay: String, Codable, Sendable, Hashable {
    /// The number as it is.
    case plain
    /// Inches shown as feet and inches, such as `5'8"`.
    case feetInches
}
