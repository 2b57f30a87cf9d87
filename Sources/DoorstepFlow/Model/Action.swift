/// Something a person (or a timer) can do on a screen.
public struct Action: Codable, Sendable, Hashable {
    /// The part an action plays, which decides where and how it is drawn.
    public enum Role: String, Codable, Sendable, Hashable {
        case primary, secondary, tertiary, link, skip, back, close
        /// The whole screen is the button.
        case tapAnywhere
        /// Fires by itself after ``Action/after`` seconds.
        case timer
        /// A swipe to the next or previous page of a carousel.
        case swipeNext, swipeBack
    }

    /// Where a renderer places an action.
    public enum Placement: String, Codable, Sendable, Hashable {
        case dock, navLeading, navTrailing, inline, content
    }

    /// A stable identifier, used in transitions.
    public var id: String
    /// The button's text.
    public var title: String?
    /// The part the action plays.
    public var role: Role
    /// Where it is drawn; renderers choose by role when absent.
    public var placement: Placement?
    /// A symbol drawn with the title.
    public var symbol: String?
    /// The text shown while the action's effects run, such as `Checking...`.
    public var loadingTitle: String?
    /// For timers: seconds after entering the screen.
    public var after: Double?
    /// Whether the screen's answers must be valid first; defaults to `true` for primary actions.
    public var validates: Bool?
    /// Fields that must be answered and valid for this action, on top of ``validates``.
    public var requires: [String]?
    /// The action may fire only once this many seconds have passed since an effect last succeeded.
    public var cooldown: Cooldown?
    /// Shows the action only while the condition holds.
    public var visibleWhen: Condition?
    /// The sign-in provider (`passkey`, `apple`, `google`) the action leads to without running its
    /// effect itself (Kordant's "Sign up with a passkey" mails a code first): shown only where the
    /// host offers it, as an action that runs the provider's effect is.
    public var leadsTo: String?

    /// Creates an action.
    public init(id: String, title: String? = nil, role: Role) {
        self.id = id
        self.title = title
        self.role = role
    }

    /// Whether tapping this checks the screen's answers first.
    public var checksAnswers: Bool { validates ?? (role == .primary) }

    /// Roles that move a person on, in the order a walk that answers every screen prefers them.
    public static let forwardRoles: [Role] = [
        .primary, .timer, .tapAnywhere, .swipeNext, .secondary, .tertiary, .skip, .link,
    ]

    /// Whether this action only navigates backwards.
    public var isBackward: Bool { role == .back || role == .swipeBack }
}

/// A wait imposed between two successes of an effect, such as a 60-second resend.
public struct Cooldown: Codable, Sendable, Hashable {
    /// The effect whose last success starts the wait.
    public var effect: String
    /// How long the wait lasts.
    public var seconds: Int

    /// Creates a cooldown.
    public init(effect: String, seconds: Int) {
        self.effect = effect
        self.seconds = seconds
    }
}
