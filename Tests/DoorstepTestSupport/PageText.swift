import Foundation

/// Reading a served page as a test does.
public enum PageText {
    /// The first capture group of `pattern` in `text`, such as a form's CSRF token; nil when it does not
    /// match.
    public static func capture(_ pattern: String, in text: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range(at: 1), in: text)
        else { return nil }
        return String(text[range])
    }
}
