import DoorstepHTTP

/// The names of the controls the funnel's own pages put in their forms, beside a flow's fields: each
/// written by a page and read by a handler from this one list. They start with an underscore, which
/// no field id may.
enum FormControl: String, CaseIterable, Sendable {
    /// The form's anti-forgery token.
    case csrf = "_csrf"
    /// The action a button taps, or what an account or confirmation form asks for.
    case action = "_action"
    /// The screen the page showed, so a form from an older page is not applied to a newer screen.
    case screen = "_screen"
    /// A timer's action, for a browser without script.
    case timer = "_timer"
    /// A stepper's step: `field:±1`.
    case step = "_step"
    /// A quick answer: `field:index`.
    case pill = "_pill"
    /// A list row removed: `field:index`.
    case remove = "_remove"
    /// A list row added: the field.
    case add = "_add"
    /// The browser's time zone, set by the page's script.
    case timeZone = "_tz"
    /// The credential a passkey ceremony made (WebAuthn JSON).
    case passkey = "_passkey"
    /// The page's solved puzzle: its token and the number found, set by the page's script.
    case proof = "_proof"
}

/// What the page confirming who someone is asks for: a code by email, or the check of what they typed.
enum ConfirmationRequest: String, Sendable {
    case send
    case confirm
}

extension FunnelForm {
    /// The first value sent under a control of the funnel's own.
    func value(_ control: FormControl) -> String? { value(control.rawValue) }

    /// A control's value when it holds one; nil when missing or empty.
    func filled(_ control: FormControl) -> String? { filled(control.rawValue) }
}

extension HTML {
    /// A hidden input carrying one of the funnel's controls.
    static func hidden(_ control: FormControl, _ value: String) -> String {
        "<input type=\"hidden\" name=\"\(control.rawValue)\" value=\"\(escape(value))\">"
    }

    /// The `name` attribute of a button or input that sends one of the funnel's controls.
    static func name(_ control: FormControl) -> String {
        "name=\"\(control.rawValue)\""
    }
}
