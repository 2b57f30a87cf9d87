import DoorstepFlow

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
