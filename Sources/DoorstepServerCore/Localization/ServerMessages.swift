import DoorstepFlow
import DoorstepStrings
import Foundation

/// The server's own words — problem details and field messages — in every language it ships, from
/// `Resources/Messages.xcstrings`, a String Catalog translators edit in Xcode. English is the source:
/// the words in the code are the catalog's keys.
public enum ServerMessages {
    /// The shipped catalog as translators edit it; empty without one (a broken build).
    public static let strings: StringCatalog = {
        guard let url = Bundle.module.url(forResource: "Messages", withExtension: "xcstrings"),
            let data = try? Data(contentsOf: url), let strings = try? StringCatalog.decode(from: data)
        else { return StringCatalog() }
        return strings
    }()

    /// The shipped catalog, ready to translate; without one every sentence stays English.
    public static let catalog = MessageCatalog(strings)

    /// The language for a person who prefers `preferred`, among those the server speaks.
    public static func language(for preferred: [String]) -> String {
        catalog.language(for: preferred)
    }

    /// `error` with its detail and field messages in `language`.
    public static func localized(_ error: ServiceError, into language: String) -> ServiceError {
        var localized = error
        localized.detail = catalog.translate(error.detail, into: language)
        localized.fieldProblems = error.fieldProblems.map {
            FieldIssue(field: $0.field, code: $0.code, message: catalog.translate($0.message, into: language))
        }
        return localized
    }
}
