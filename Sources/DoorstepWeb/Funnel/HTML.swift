import DoorstepFlow
import DoorstepHTTP
import DoorstepStrings

/// Text made safe for HTML, and the small helpers the funnel's pages are written with. Every piece
/// of text that did not come from this file passes through ``escape(_:)``.
package enum HTML {
    /// Text safe in element content and in quoted attribute values, escaped by Unicode scalar.
    static func escape(_ text: String) -> String {
        HTMLText.escape(text)
    }

    /// Attributes in order, escaped; `nil` values are left out, empty ones written bare (`checked`).
    static func attributes(_ pairs: KeyValuePairs<String, String?>) -> String {
        pairs.compactMap { name, value in
            guard let value else { return nil }
            return value.isEmpty ? " \(name)" : " \(name)=\"\(escape(value))\""
        }.joined()
    }

    /// A token (a style, colour or background name such as `display.m`) as a CSS class fragment.
    static func token(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }
}
