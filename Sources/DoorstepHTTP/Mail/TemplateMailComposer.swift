import DoorstepMail
import DoorstepServerCore

/// Writes mail from the Mustache templates, in the app's name and colours.
struct TemplateMailComposer: MailComposer {
    let library: MailTemplateLibrary
    let brand: MailBrand

    /// Loads the templates (and overrides from `directory`), checking every kind can be written.
    init(overrides directory: String?, brand: MailBrand) throws {
        library = try MailTemplateLibrary(overrides: directory, kinds: MailKind.allCases.map(\.rawValue))
        self.brand = brand
    }

    func compose(_ kind: MailKind, values: [String: String], language: String?) throws -> ComposedMail {
        let rendered = try library.render(
            kind.rawValue, values: values, brand: brand, language: library.language(for: language.map { [$0] } ?? []))
        return ComposedMail(subject: rendered.subject, text: rendered.text, html: rendered.html)
    }
}
