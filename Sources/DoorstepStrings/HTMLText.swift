/// Text made safe for HTML, the one escape every page, mail and picture the product writes uses.
public enum HTMLText {
    /// `text` safe in element content and in quoted attribute values: `&`, `<`, `>`, `"` and `'` become
    /// character references. It walks Unicode scalars, not characters: `"` followed by a combining
    /// mark is one `Character` that compares unequal to `"`, yet an HTML parser still ends the
    /// attribute at its first scalar.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
