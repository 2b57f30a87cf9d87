import Foundation

/// A typed answer slot. Its constraints live here, so the app, the web funnel and the server check an
/// answer with the very same rules.
public struct FieldDefinition: Codable, Sendable, Hashable {
    /// What kind of answer a field holds.
    public enum Kind: String, Codable, Sendable, Hashable, CaseIterable {
        case text, email, password, int, date, time, singleChoice, multiChoice, stringList, bool, image
    }

    /// Extra rules for free text.
    public enum TextRule: String, Codable, Sendable, Hashable {
        /// A person's name: letters, spaces, hyphens, apostrophes and periods.
        case name
        /// A place name: letters, spaces and common punctuation.
        case city
        /// A six-digit one-time code.
        case code
        /// An international phone number.
        case phone
        /// An email address (for the items of a list of invitees).
        case email
        /// An email address or a phone number.
        case emailOrPhone
        /// A group invite code: letters and digits from an unambiguous alphabet.
        case inviteCode
    }

    /// A stable identifier; also the key of the answer in submissions.
    public var id: String
    /// What kind of answer the field holds.
    public var kind: Kind
    /// A human-readable name, used in error messages and listings.
    public var label: String?
    /// Whether an answer is needed before the screen can move on; defaults to `true`.
    public var required: Bool?
    /// Smallest and largest number for `int`.
    public var min: Int?
    public var max: Int?
    /// Number of characters for text, or of items for lists and multiple choice.
    public var minLength: Int?
    public var maxLength: Int?
    /// The unit of an `int`, such as `in` or `lb`.
    public var unit: String?
    /// The value a control starts at, such as a stepper's initial value. For `date` and `time`, the
    /// string `now` starts the picker at the day or time of day the screen is shown (see
    /// ``FieldDefinition/nowInitial``).
    public var initial: Value?
    /// Whether an answer left at ``initial`` is asked about once before it is accepted (a birth date
    /// that starts at today): the first press that would send it says so, the next accepts it.
    public var confirmsInitial: Bool?
    /// The choices of `singleChoice` and `multiChoice`.
    public var options: [ChoiceOption]?
    /// A result key whose options replace ``options`` at run time (for example goal options from a server).
    public var optionsFrom: String?
    /// Extra rules for text, or for each item of a `stringList`.
    public var rule: TextRule?
    /// Another field this one must equal, such as a password confirmation.
    public var matches: String?
    /// For `bool`: the box must be ticked (legal consents).
    public var mustBeTrue: Bool?
    /// For `date`: the earliest allowed date (`YYYY-MM-DD`), and whether dates after today are refused.
    public var earliest: String?
    public var notInFuture: Bool?
    /// An answer a person might give; flow simulations and examples use it.
    public var example: Value?
    /// Messages that replace the default ones, keyed by issue code.
    public var messages: [String: String]?

    /// Creates a field definition.
    public init(id: String, kind: Kind, label: String? = nil, required: Bool? = nil) {
        self.id = id
        self.kind = kind
        self.label = label
        self.required = required
    }

    /// Whether an answer is needed before moving on.
    public var isRequired: Bool { required ?? true }

    /// The `initial` that starts a date or time picker at the moment its screen shows.
    public static let nowInitial: Value = "now"

    /// The value a control starts at when its screen is shown at `now`: ``initial``, with
    /// ``nowInitial`` turned into that day or time of day in the person's time zone.
    public func initialValue(at now: Date?, in timeZone: TimeZone = CalendarDate.utc) -> Value? {
        guard initial == Self.nowInitial else { return initial }
        guard let now else { return nil }
        switch kind {
        case .date: return .string(CalendarDate(now, in: timeZone).description)
        case .time: return .string(ClockTime(now, in: timeZone).description)
        default: return initial
        }
    }

    /// The field's rule as a regular expression the whole answer must match, where the rule has one
    /// (invite codes, email addresses, names): what a browser checks as the person leaves the field,
    /// before sending, in step with the rule the engine and the server apply.
    public var inputPattern: String? {
        if kind == .email || rule == .email { return EmailAddress.inputPattern }
        switch rule {
        case .inviteCode: return InviteCode.inputPattern
        case .name: return TextRules.nameInputPattern
        default: return nil
        }
    }

    /// Whether the answer is a secret — a password or a one-time code. Secrets live only in memory,
    /// for the screen that asks for them: never in a snapshot, a submission, saved progress or a log.
    public var isSecret: Bool { kind == .password || rule == .code }
}

/// One choice of a choice field, or one plan card.
public struct ChoiceOption: Codable, Sendable, Hashable {
    /// The stored answer.
    public var value: String
    /// The visible text; defaults to the value.
    public var title: String?
    /// A longer description under the title.
    public var detail: String?
    /// A small capsule such as `Recommended`.
    public var badge: String?
    /// A symbol drawn with the option.
    public var symbol: String?
    /// A price or other short figure, such as `$4.99/mo`.
    public var price: String?
    /// Bullet points, such as a plan's features.
    public var features: [String]?
    /// For a paywall's plan: the App Store product it sells (its price comes from the store, never the
    /// flow); a plan without one is free.
    public var productId: String?

    /// Creates an option.
    public init(value: String, title: String? = nil, detail: String? = nil) {
        self.value = value
        self.title = title
        self.detail = detail
    }

    /// The text a person sees.
    public var displayTitle: String { title ?? value }

    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let value = try? single.decode(String.self) {
            self.value = value
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        value = try container.decode(String.self, forKey: .value)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        detail = try container.decodeIfPresent(String.self, forKey: .detail)
        badge = try container.decodeIfPresent(String.self, forKey: .badge)
        symbol = try container.decodeIfPresent(String.self, forKey: .symbol)
        price = try container.decodeIfPresent(String.self, forKey: .price)
        features = try container.decodeIfPresent([String].self, forKey: .features)
        productId = try container.decodeIfPresent(String.self, forKey: .productId)
    }

    private enum CodingKeys: String, CodingKey {
        case value, title, detail, badge, symbol, price, features, productId
    }
}
