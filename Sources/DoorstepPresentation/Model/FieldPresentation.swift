import DoorstepFlow

/// The keyboard an input opens, as UIKit's `UIKeyboardType` names it.
public enum KeyboardKind: String, Sendable, Hashable, Codable {
    case `default`, emailAddress, numberPad, asciiCapable
}

/// What the system may fill in, as UIKit's `UITextContentType` names it (and HTML's `autocomplete`).
public enum ContentKind: String, Sendable, Hashable, Codable {
    case emailAddress, oneTimeCode, newPassword, password, givenName, familyName, name, none
    /// An account's identifier where a passkey may sign in instead: iOS offers passkeys in AutoFill.
    case username

    /// The HTML `autocomplete` value.
    public var autocomplete: String {
        switch self {
        case .emailAddress: return "email"
        case .oneTimeCode: return "one-time-code"
        case .newPassword: return "new-password"
        case .password: return "current-password"
        case .givenName: return "given-name"
        case .familyName: return "family-name"
        case .name: return "name"
        case .none: return "off"
        case .username: return "username webauthn"
        }
    }
}

/// How typed letters are capitalised.
public enum Capitalization: String, Sendable, Hashable, Codable {
    case none, words, sentences, characters
}

/// The Return key's title, as SwiftUI's `SubmitLabel` names it.
public enum ReturnKey: String, Sendable, Hashable, Codable {
    case next, done, go, `continue`
}

/// One answer slot of an input as drawn: its words, value, problem and keyboard.
public struct FieldPresentation: Sendable, Hashable, Codable {
    /// The field's id, the key its answer is sent under.
    public var id: String
    /// The label.
    public var label: String
    /// Whether the label shows; when the screen's heading asks the question it is for VoiceOver only.
    public var showsLabel: Bool
    /// The current answer as text.
    public var value: String
    /// Text shown while empty.
    public var placeholder: String?
    /// Small text under the input.
    public var helper: String?
    /// The problem with the answer, shown under it and announced.
    public var error: String?
    /// The keyboard.
    public var keyboard: KeyboardKind
    /// What the system may fill in.
    public var contentType: ContentKind?
    /// How letters are capitalised.
    public var capitalization: Capitalization
    /// Whether autocorrection helps.
    public var autocorrects: Bool
    /// Whether the characters are hidden.
    public var isSecure: Bool
    /// Shortest and longest answers allowed.
    public var minLength: Int?
    /// Longest answer allowed.
    public var maxLength: Int?
    /// Whether it has focus when the screen shows.
    public var isFocused: Bool
    /// The Return key's title.
    public var returnKey: ReturnKey
    /// Where Return goes: the next field's id, or `nil` to press the screen's main button.
    public var returnFocuses: String?
    /// How its text and label look.
    public var inputLook: TextLook
    /// How its label looks.
    public var labelLook: TextLook
    /// For a secret (a password, a code): how many times the engine has forgotten what was typed while
    /// the screen stayed (a refused password, a wrong code, a resend); the input empties whenever it
    /// grows. Absent until it first does.
    public var resets: Int? = nil

    /// What VoiceOver says on the control after its label and value: the problem with the answer while
    /// there is one — read on the control itself, not only in the line drawn under it — else the helper.
    public var accessibilityHint: String? { error ?? helper }
    /// A regular expression the whole answer must match, from the field's rule (the engine checks the
    /// same rule): what a browser checks before sending. Absent where the rule has none.
    public var pattern: String? = nil
    /// The field's words for the problems a renderer can see before the answer is sent, shown when a
    /// filled answer is left (or typing pauses) in the wrong form — so a button disabled for it is
    /// never a riddle. The engine says the same through ``FlowEvent/fieldLeft(_:)``. Absent where
    /// the field can show none of them.
    public var checkMessages: FieldCheckMessages? = nil

    /// How long typing must pause before a wrong answer says why, as if the field had been left.
    public static let typingPause: Duration = .milliseconds(1_500)
}

/// The words for the problems with an answer a renderer can see on its own: its form, its length, a
/// confirmation that differs. Each is the message the engine shows for the same problem.
public struct FieldCheckMessages: Sendable, Hashable, Codable {
    /// Not of the field's form (an email address, an invite code, the rule's pattern).
    public var wrongForm: String?
    /// Shorter than the field's minimum.
    public var tooShort: String?
    /// A confirmation that differs from what it confirms.
    public var mismatch: String?
    /// A date after the latest the field takes (a birth date in the future).
    public var tooLate: String?
    /// A date before the earliest the field takes.
    public var tooEarly: String?

    /// Creates the messages.
    public init(
        wrongForm: String? = nil, tooShort: String? = nil, mismatch: String? = nil, tooLate: String? = nil,
        tooEarly: String? = nil
    ) {
        self.wrongForm = wrongForm
        self.tooShort = tooShort
        self.mismatch = mismatch
        self.tooLate = tooLate
        self.tooEarly = tooEarly
    }
}
