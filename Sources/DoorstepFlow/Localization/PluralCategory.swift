/// The CLDR plural category a whole count takes in a language (`zero`, `one`, `two`, `few`, `many`
/// or `other`), which picks a String Catalog's plural form: the rules of the languages Doorstep ships
/// (English, Spanish, Arabic); any other language counts as English does.
public enum PluralCategory {
    /// The category of `count` in `language` (a BCP 47 tag).
    public static func of(_ count: Int, in language: String) -> String {
        let base = language.split(separator: "-").first.map { $0.lowercased() } ?? language
        let n = count.magnitude
        switch base {
        case "ar":
            switch n {
            case 0: return "zero"
            case 1: return "one"
            case 2: return "two"
            default:
                if (3...10).contains(n % 100) { return "few" }
                if (11...99).contains(n % 100) { return "many" }
                return "other"
            }
        case "es":
            if n == 1 { return "one" }
            return n != 0 && n % 1_000_000 == 0 ? "many" : "other"
        default:
            return n == 1 ? "one" : "other"
        }
    }
}
