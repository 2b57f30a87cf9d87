import Foundation

/// One account read from another service's export, before it is written: what Doorstep keeps of it.
public struct ImportedUser: Sendable, Hashable {
    /// An Apple or Google account linked to it, by the provider's stable subject.
    public struct Identity: Sendable, Hashable {
        /// `apple` or `google`.
        public var provider: String
        public var subject: String

        /// Creates an identity.
        public init(provider: String, subject: String) {
            self.provider = provider
            self.subject = subject
        }
    }

    /// Where the row is in its file (a line, or a position in a JSON list), for what the import says.
    public var place: String
    public var email: String?
    public var emailVerified: Bool
    public var name: String?
    public var passwordHash: ImportedPasswordHash?
    public var identities: [Identity]
    public var createdAt: Date?
    public var disabled: Bool

    /// Creates a user.
    public init(
        place: String, email: String?, emailVerified: Bool, name: String? = nil,
        passwordHash: ImportedPasswordHash? = nil, identities: [Identity] = [], createdAt: Date? = nil,
        disabled: Bool = false
    ) {
        self.place = place
        self.email = email
        self.emailVerified = emailVerified
        self.name = name
        self.passwordHash = passwordHash
        self.identities = identities
        self.createdAt = createdAt
        self.disabled = disabled
    }
}

/// A row of an export that cannot be imported, and why, in words for the operator.
public struct ImportRowProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public var place: String
    public var reason: String

    /// Creates the problem.
    public init(place: String, reason: String) {
        self.place = place
        self.reason = reason
    }

    public var description: String { "\(place): \(reason)" }
}

/// Reads the times exports write: milliseconds since 1970 (Firebase), ISO 8601 (Auth0) and
/// PostgreSQL's text form (Supabase, `2024-01-31 09:30:00.123456+00`).
enum ExportTime {
    static func date(_ text: String?) -> Date? {
        guard let text, !text.isEmpty else { return nil }
        if let milliseconds = Double(text), text.allSatisfy(\.isNumber) {
            return Date(timeIntervalSince1970: milliseconds / 1000)
        }
        var iso = text.replacingOccurrences(of: " ", with: "T")
        if let zone = iso.range(of: #"[+-]\d\d$"#, options: .regularExpression) {
            iso.replaceSubrange(zone, with: iso[zone] + ":00")
        }
        if let fraction = iso.range(of: #"\.\d+"#, options: .regularExpression) {
            iso.replaceSubrange(fraction, with: String(iso[fraction].prefix(4)))
        }
        return
            (try? Date(
                iso,
                strategy: .iso8601.year().month().day().time(includingFractionalSeconds: true)
                    .timeZone(separator: .colon)))
            ?? (try? Date(iso, strategy: .iso8601))
    }
}

/// A value exports write as text or as a number (a time in milliseconds, say), read as text.
struct LenientText: Decodable, Hashable {
    var text: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self.text = text
        } else if let number = try? container.decode(Int64.self) {
            self.text = String(number)
        } else {
            self.text = String(try container.decode(Double.self))
        }
    }
}
