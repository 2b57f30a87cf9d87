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
    case paywall(PaywallContent)
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
