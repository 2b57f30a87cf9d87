/// The password rules every flow and the server share: 8 to 128 characters.
public enum PasswordPolicy {
    /// Fewest characters.
    public static let minimumLength = 8
    /// Most characters.
    public static let maximumLength = 128

    /// A password's length as every rule counts it — sign-up, log-in, a change — and as the API's
    /// schema counts a `minLength`/`maxLength`: in Unicode code points (an accented letter typed as a
    /// letter and a mark is two).
    public static func length(of password: String) -> Int { password.unicodeScalars.count }
}

/// How strong a password looks, for the meters under password inputs.
///
/// TANDA draws three segments: one for each of length ≥ 8, an uppercase letter, and a number or symbol.
/// Kordant checks length, uppercase, number and special character separately.
public enum PasswordStrength {
    /// Which checks a meter uses.
    public enum Rules: String, Codable, Sendable, Hashable {
        case tanda, kordant
    }

    /// The meter's level.
    public enum Level: Int, Codable, Sendable, Hashable, Comparable {
        case none, weak, medium, strong

        /// The word shown under the meter.
        public var label: String {
            switch self {
            case .none: return ""
            case .weak: return "Weak"
            case .medium: return "Medium"
            case .strong: return "Strong"
            }
        }

        /// How many of the three segments are filled.
        public var filledSegments: Int { rawValue }

        /// The theme colour role the meter is drawn in.
        public var colorRole: String {
            switch self {
            case .none: return "border"
            case .weak: return "danger"
            case .medium: return "warning"
            case .strong: return "success"
            }
        }

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// One check and whether the password passes it.
    public struct Check: Sendable, Hashable {
        /// A stable identifier such as `length`.
        public var id: String
        /// What the check asks for, in words.
        public var label: String
        /// Whether the password passes.
        public var isMet: Bool
    }

    /// The result of measuring a password.
    public struct Evaluation: Sendable, Hashable {
        /// The level the meter shows.
        public var level: Level
        /// Each check, in display order.
        public var checks: [Check]
    }

    /// Measures `password` with the given rules.
    public static func evaluate(_ password: String, rules: Rules = .tanda) -> Evaluation {
        let hasUppercase = password.contains { $0.isUppercase }
        let hasNumber = password.contains { $0.isNumber }
        let hasSymbol = password.contains { !$0.isLetter && !$0.isNumber && !$0.isWhitespace }
        let isLongEnough = password.count >= PasswordPolicy.minimumLength
        let checks: [Check]
        switch rules {
        case .tanda:
            checks = [
                Check(id: "length", label: "At least 8 characters", isMet: isLongEnough),
                Check(id: "uppercase", label: "An uppercase letter", isMet: hasUppercase),
                Check(id: "numberOrSymbol", label: "A number or symbol", isMet: hasNumber || hasSymbol),
            ]
        case .kordant:
            checks = [
                Check(id: "length", label: "At least 8 characters", isMet: isLongEnough),
                Check(id: "uppercase", label: "An uppercase letter", isMet: hasUppercase),
                Check(id: "number", label: "A number", isMet: hasNumber),
                Check(id: "special", label: "A special character", isMet: hasSymbol),
            ]
        }
        return Evaluation(
            level: level(met: checks.filter(\.isMet).count, of: checks.count, empty: password.isEmpty),
            checks: checks)
    }

    private static func level(met: Int, of total: Int, empty: Bool) -> Level {
        if empty { return .none }
        if met == total { return .strong }
        return met >= 2 ? .medium : .weak
    }
}
