/// One thing wrong with a flow file, located as precisely as the problem allows.
public struct FlowProblem: Sendable, Hashable, CustomStringConvertible {
    /// The screen it concerns, if any.
    public var screen: String?
    /// The field it concerns, if any.
    public var field: String?
    /// Where in the file, when it is not about a screen or field (`theme.colors`, `line 3, column 7`).
    public var location: String?
    /// What is wrong, in words.
    public var message: String

    /// Creates a problem.
    public init(screen: String? = nil, field: String? = nil, location: String? = nil, _ message: String) {
        self.screen = screen
        self.field = field
        self.location = location
        self.message = message
    }

    /// `screen "verify", field "code": message`.
    public var description: String {
        var parts: [String] = []
        if let location { parts.append(location) }
        if let screen { parts.append("screen \"\(screen)\"") }
        if let field { parts.append("field \"\(field)\"") }
        return parts.isEmpty ? message : parts.joined(separator: ", ") + ": " + message
    }

    /// The problem as one line of a report about `file`.
    public func line(file: String) -> String { "\(file): \(description)" }
}
