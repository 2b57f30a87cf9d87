import DoorstepFlow

/// One block of a screen resolved to what must be drawn.
public struct BlockPresentation: Sendable, Hashable, Codable, Identifiable {
    /// Stable within the screen: the field's id for inputs, else the block's place.
    public var id: String
    /// The flow block it comes from, or `nil` for a row of buttons the presenter placed among blocks.
    public var kind: Block.Kind?
    /// What to draw.
    public var content: BlockContent
    /// What assistive technology is told about the block as a whole.
    public var accessibility: AccessibilityPresentation
    /// A motion the spec asks for.
    public var animation: AnimationIntent?
}

/// What a block draws, by kind.
public enum BlockContent: Sendable, Hashable, Codable {
    case heading(HeadingContent)
    case text(TextContent)
    case symbol(SymbolContent)
    case orb(OrbContent)
    case narration(NarrationContent)
    case divider(DividerContent)
    case markdown(MarkdownContent)
    case features(ItemListContent)
    case stats(ItemListContent)
    case loading
    /// Skeleton cards standing in for cards on their way, with what is happening for VoiceOver.
    case skeleton(SkeletonContent)
    case avatar(AvatarContent)
    case textField(TextFieldContent)
    case codeEntry(CodeEntryContent)
    case password(PasswordContent)
    case checkbox(CheckboxContent)
    case stepper(StepperContent)
    case choices(ChoicesContent)
    case voiceAnswer(VoiceAnswerContent)
    case picker(PickerContent)
    case listBuilder(ListBuilderContent)
    case card(CardContent)
    case socialButton(ActionPresentation)
    case resendTimer(ResendContent)
    /// Buttons the screen places among its blocks (where its sign-in buttons stand, or as links
    /// after the last block).
    case actions(ActionRowContent)
}

/// A heading; level 1 is the screen's first.
public struct HeadingContent: Sendable, Hashable, Codable {
    public var text: StyledText
    public var level: Int
}

/// A paragraph, with links that finish its sentence ("Already have an account? Sign in").
public struct TextContent: Sendable, Hashable, Codable {
    public var text: StyledText
    public var trailingActions: [ActionPresentation]
}

/// A symbol, optionally tinted and on a badge-shaped tile.
public struct SymbolContent: Sendable, Hashable, Codable {
    public var name: String
    public var size: Double?
    public var badge: String?
    public var tintRole: String?
    public var tint: ColorPair
    /// The shape it is drawn on, when not bare.
    public var tile: SymbolTile? = nil
}

/// The trainer's glowing orb.
public struct OrbContent: Sendable, Hashable, Codable {
    /// Diameter in points, or `nil` for the template's own (140 on the hero).
    public var size: Double?
    public var color: ColorPair
    public var glow: ColorPair
}

/// Lines a narrator speaks word by word.
public struct NarrationContent: Sendable, Hashable, Codable {
    public var lines: [String]
    public var look: TextLook
}

/// A rule, with words in it ("or").
public struct DividerContent: Sendable, Hashable, Codable {
    public var label: StyledText?
    public var line: ColorPair
}

/// Markdown text, such as the trainer's program.
public struct MarkdownContent: Sendable, Hashable, Codable {
    public var source: String
    public var look: TextLook
}

/// Skeleton cards: the shape of what is loading, drawn until it arrives.
public struct SkeletonContent: Sendable, Hashable, Codable {
    /// How many cards.
    public var cards: Int
    /// What is happening ("Finding directions that fit you..."), read by VoiceOver and shown beneath.
    public var label: String?
    /// How the label looks.
    public var look: TextLook

    /// Creates skeleton cards.
    public init(cards: Int, label: String?, look: TextLook) {
        self.cards = cards
        self.label = label
        self.look = look
    }
}

/// Rows of a features list or figures of a stats card.
public struct ItemListContent: Sendable, Hashable, Codable {
    public struct Item: Sendable, Hashable, Codable {
        public var symbol: String?
        public var title: String
        public var detail: String?
    }

    public var items: [Item]
    public var titleLook: TextLook
    public var detailLook: TextLook
}

/// The photo picker: the current photo, or initials, and the words of its button.
public struct AvatarContent: Sendable, Hashable, Codable {
    public var field: FieldPresentation
    public var photoURL: String?
    public var initials: String
    public var buttonTitle: String
    /// Image types the server takes.
    public var acceptedTypes: [String]
    /// The symbol of the empty circle, before any photo (`person.fill`).
    public var emptySymbol: String
    /// The symbol of the badge on the circle: `plus` to add a photo, `pencil` to change the one there.
    public var badgeSymbol: String

    /// The badge's symbol with a photo chosen or not.
    public static func badgeSymbol(hasPhoto: Bool) -> String { hasPhoto ? "pencil" : "plus" }
}

/// A one-line text input.
public struct TextFieldContent: Sendable, Hashable, Codable {
    public var field: FieldPresentation
    public var symbol: String?
}

/// Boxes for a one-time code; the hidden input behind them takes paste and AutoFill.
public struct CodeEntryContent: Sendable, Hashable, Codable {
    public var field: FieldPresentation
    public var length: Int
}

/// A password, its strength meter and its confirmation.
public struct PasswordContent: Sendable, Hashable, Codable {
    public var field: FieldPresentation
    public var strength: StrengthContent?
    public var confirmation: FieldPresentation?
    /// The words of the button beside each password input that shows what is typed, and hides it again.
    public var reveal: PasswordReveal
}

/// A password input's Show/Hide button, in the flow's language.
public struct PasswordReveal: Sendable, Hashable, Codable {
    /// The button's title while the password is hidden.
    public var show: String
    /// Its title while the password is shown.
    public var hide: String
    /// What a screen reader says for it while the password is hidden.
    public var showLabel: String
    /// What a screen reader says for it while the password is shown.
    public var hideLabel: String

    /// The button's title: Hide while the password is shown, Show while hidden.
    public func title(isRevealed: Bool) -> String { isRevealed ? hide : show }

    /// The button's accessible name.
    public func label(isRevealed: Bool) -> String { isRevealed ? hideLabel : showLabel }
}

/// A strength meter as the current password fills it.
public struct StrengthContent: Sendable, Hashable, Codable {
    public struct Check: Sendable, Hashable, Codable {
        public var id: String
        public var label: String
        public var isMet: Bool
    }

    /// TANDA's three-level bar or Kordant's checklist.
    public var rules: PasswordStrength.Rules
    /// Segments filled, of three.
    public var filledSegments: Int
    /// The level's word (`Weak`…) in the flow's language, empty while nothing is typed.
    public var label: String
    /// The words of the levels in the flow's language, weakest first, for a renderer that measures
    /// as the person types.
    public var levelWords: [String]
    /// The level's colour.
    public var color: ColorPair
    /// Kordant's checks, each met or not.
    public var checks: [Check]
}

/// A checkbox with a label and maybe a link inside it.
public struct CheckboxContent: Sendable, Hashable, Codable {
    public var field: FieldPresentation
    public var isOn: Bool
    public var linkText: String?
    /// The link, only when it is safe to open (http, https or a path on the server).
    public var link: String?
}

/// A stepper with its value shown large.
public struct StepperContent: Sendable, Hashable, Codable {
    public var field: FieldPresentation
    public var value: Int
    /// The value as shown: `5'8"` for feet and inches.
    public var displayValue: String
    public var minimum: Int
    public var maximum: Int
    public var step: Int
    public var unit: String?
    public var display: StepperDisplay
    public var canDecrement: Bool
    public var canIncrement: Bool
    public var valueLook: TextLook
}

/// Options to pick from: a list, pills or plan cards.
public struct ChoicesContent: Sendable, Hashable, Codable {
    public enum Style: String, Sendable, Hashable, Codable {
        case list, pills, planCards
    }

    public struct Option: Sendable, Hashable, Codable {
        public var value: String
        public var title: String
        public var detail: String?
        public var badge: String?
        public var price: String?
        public var features: [String]
        public var symbol: String?
        public var isSelected: Bool
    }

    public var field: FieldPresentation
    public var style: Style
    public var allowsMany: Bool
    public var options: [Option]
}

/// A question answered by typing or speaking, with sub-prompts and quick answers.
public struct VoiceAnswerContent: Sendable, Hashable, Codable {
    public var field: FieldPresentation
    public var prompts: [String]
    public var quickAnswers: [String]
}

/// A date or time picker.
public struct PickerContent: Sendable, Hashable, Codable {
    public enum Mode: String, Sendable, Hashable, Codable {
        case date, time
    }

    public var field: FieldPresentation
    public var mode: Mode
    public var symbol: String?
    /// The earliest date allowed (`YYYY-MM-DD`).
    public var earliest: String?
    /// The latest date allowed (`YYYY-MM-DD`), today for a birth date.
    public var latest: String?
}

/// A list a person builds one entry at a time.
public struct ListBuilderContent: Sendable, Hashable, Codable {
    public var field: FieldPresentation
    public var items: [String]
    public var addTitle: String
    /// The entry its Add refused, shown again in the entry box beside the field's message.
    public var entry: String = ""
}

/// A tappable card that runs an action.
public struct CardContent: Sendable, Hashable, Codable {
    public var action: ActionPresentation
    public var title: String
    public var detail: String
    public var symbol: String?
    public var badge: String?
    public var titleLook: TextLook
    public var detailLook: TextLook
}

/// "Didn't get it? Resend code in 42s".
public struct ResendContent: Sendable, Hashable, Codable {
    public var prompt: String?
    public var action: ActionPresentation
    public var look: TextLook
}

/// Buttons placed among the blocks.
public struct ActionRowContent: Sendable, Hashable, Codable {
    public enum Style: String, Sendable, Hashable, Codable {
        /// Full-width buttons where the screen's sign-in buttons stand.
        case content
        /// Links in a line of text.
        case inline
    }

    public var style: Style
    public var actions: [ActionPresentation]
}
