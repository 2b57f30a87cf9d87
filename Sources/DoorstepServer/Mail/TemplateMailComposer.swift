import DoorstepHTTP
import DoorstepMail
import DoorstepServerCore
import DoorstepWeb

/// Writes mail from the Mustache templates, in the app's name and colours: the server's, or those of
/// the app the request speaks for (``AppBrand``).
struct TemplateMailComposer: MailComposer {
    let library: MailTemplateLibrary
    let brand: MailBrand

    /// Loads the templates (and overrides from `directory`), checking every kind can be written.
    init(overrides directory: String?, brand: MailBrand) throws {
        library = try MailTemplateLibrary(overrides: directory, kinds: MailKind.allCases.map(\.rawValue))
        self.brand = brand
    }

    func compose(_ kind: MailKind, values: [String: String], language: String?) throws -> ComposedMail {
        var values = values
        var brand = brand
        if let app = AppBrand.current {
            brand = MailBrand(
                appName: app.name, accent: app.accent ?? brand.accent, onAccent: app.onAccent ?? brand.onAccent)
            values["webAddress"] = app.webAddress
        }
        let rendered = try library.render(
            kind.rawValue, values: values, brand: brand, language: library.language(for: language.map { [$0] } ?? []))
        return ComposedMail(subject: rendered.subject, text: rendered.text, html: rendered.html)
    }
}
