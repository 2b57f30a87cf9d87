import DoorstepStrings
import Foundation
import Mustache

/// The app a mail speaks for: its name and accent colour, from a flow's theme or configuration.
public struct MailBrand: Sendable, Hashable {
    public var appName: String
    /// `#RRGGBB`.
    public var accent: String
    /// The colour of text on the accent, `#RRGGBB`.
    public var onAccent: String

    /// A brand; colours that are not `#RRGGBB` fall back to the defaults, so nothing but a colour
    /// ever lands in a style attribute.
    public init(appName: String, accent: String = "#4F46E5", onAccent: String = "#FFFFFF") {
        self.appName = appName
        self.accent = Self.isHexColour(accent) ? accent : "#4F46E5"
        self.onAccent = Self.isHexColour(onAccent) ? onAccent : "#FFFFFF"
    }

    static func isHexColour(_ text: String) -> Bool {
        text.count == 7 && text.hasPrefix("#") && text.dropFirst().allSatisfy(\.isHexDigit)
    }
}

/// The words of every mail, as Mustache templates a team can edit: for each kind,
/// `<kind>.subject.mustache`, `<kind>.txt.mustache` and `<kind>.html.mustache` (the HTML ones fill
/// the blocks of `layout.mustache`). The bundled templates are the defaults; files of the same name
/// in an overrides folder replace them. Values are HTML-escaped in HTML and left as they are in text.
///
/// Sentences between `{{#t}}` and `{{/t}}` are translated: the text between them, placeholders and
/// all, is a key of `Mail.xcstrings`, the String Catalog beside the templates (an overrides folder may
/// bring its own), and a mail is written in the best language of the person it goes to.
public struct MailTemplateLibrary: Sendable {
    let library: MustacheLibrary
    let strings: StringCatalog
    /// The finished translations, by language and English sentence.
    let tables: [String: [String: String]]
    /// Every sentence the templates translate (between `{{#t}}` and `{{/t}}`), as the catalog's keys.
    public let sentences: [String]

    /// Loads the bundled templates and, when given, the overrides in `directory`; checks that every
    /// kind in `kinds` has a subject and a text template.
    public init(overrides directory: String? = nil, kinds: [String]) throws {
        MustacheContentTypes.register(ScalarHTMLContentType(), named: ScalarHTMLContentType.name)
        var (templates, texts) = try Self.templates(in: Bundle.module.resourceURL!.appendingPathComponent("Templates"))
        if let directory {
            let url = URL(fileURLWithPath: directory)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                throw TemplateError("the mail templates folder \(directory) does not exist")
            }
            let overrides = try Self.templates(in: url)
            templates.merge(overrides.templates) { _, override in override }
            texts.merge(overrides.texts) { _, override in override }
        }
        for kind in kinds where templates["\(kind).subject"] == nil || templates["\(kind).txt"] == nil {
            throw TemplateError("the mail templates have no \(kind).subject or \(kind).txt")
        }
        library = MustacheLibrary(templates: templates)
        sentences = Self.sentences(in: texts.values)
        let bundled = Bundle.module.resourceURL!.appendingPathComponent("Templates/Mail.xcstrings")
        let own = directory.map { URL(fileURLWithPath: $0).appendingPathComponent("Mail.xcstrings") }
        let catalogURL = own.flatMap { FileManager.default.fileExists(atPath: $0.path) ? $0 : nil } ?? bundled
        do {
            strings = try StringCatalog.decode(from: try Data(contentsOf: catalogURL))
        } catch {
            throw TemplateError("the mail strings \(catalogURL.lastPathComponent) cannot be read: \(error)")
        }
        let catalog = strings
        tables = Dictionary(uniqueKeysWithValues: catalog.languages.map { ($0, catalog.table(for: $0)) })
    }

    /// The languages mail is written in, English first.
    public var languages: [String] { [strings.sourceLanguage] + strings.languages }

    /// The language to write to a person who prefers `preferred` (most wanted first).
    public func language(for preferred: [String]) -> String {
        strings.language(for: preferred)
    }

    /// The subject (one line), text and HTML of a mail of `kind`.
    public func render(_ kind: String, values: [String: String], brand: MailBrand, language: String = "en") throws -> (
        subject: String, text: String, html: String?
    ) {
        var context: [String: Any] = values
        context["appName"] = brand.appName
        context["accent"] = brand.accent
        context["onAccent"] = brand.onAccent
        context["lang"] = language
        context["dir"] = StringCatalog.isRightToLeft(language) ? "rtl" : "ltr"
        let table = tables[language] ?? [:]
        // The section's text comes back translated and is then rendered, so its values are escaped
        // as the template's own are.
        context["t"] = MustacheLambda { (sentence: String) in table[sentence] ?? sentence }
        guard let subject = library.render(context, withTemplate: "\(kind).subject"),
            let text = library.render(context, withTemplate: "\(kind).txt")
        else { throw TemplateError("the mail templates have no \(kind).subject or \(kind).txt") }
        let oneLine = subject.split(whereSeparator: \.isNewline).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
        return (oneLine, text, library.render(context, withTemplate: "\(kind).html"))
    }

    /// Why the strings cannot ship with the templates: a sentence without a translation in a language
    /// the catalog offers, a translation whose `{{placeholders}}` differ from its sentence's, or a
    /// translated sentence the templates no longer have.
    public var translationProblems: [String] {
        strings.problems(sources: sentences, of: "the mail templates", placeholders: Self.placeholders(in:))
    }

    /// The names of the `{{name}}` values a sentence uses.
    static func placeholders(in sentence: String) -> [String] {
        var names: [String] = []
        var rest = sentence[...]
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            names.append(String(rest[open.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        return names
    }

    /// The sentences between `{{#t}}` and `{{/t}}` in `texts`, each once, sorted.
    static func sentences(in texts: some Sequence<String>) -> [String] {
        var found: Set<String> = []
        for text in texts {
            var rest = text[...]
            while let open = rest.range(of: "{{#t}}"), let close = rest[open.upperBound...].range(of: "{{/t}}") {
                found.insert(String(rest[open.upperBound..<close.lowerBound]))
                rest = rest[close.upperBound...]
            }
        }
        return found.sorted()
    }

    private static func templates(in folder: URL) throws -> (
        templates: [String: MustacheTemplate], texts: [String: String]
    ) {
        var templates: [String: MustacheTemplate] = [:]
        var texts: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".mustache") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            do {
                templates[String(name.dropLast(".mustache".count))] = try MustacheTemplate(
                    string: ScalarHTMLContentType.declared(in: text, named: name))
                texts[name] = text
            } catch {
                throw TemplateError("the mail template \(name) cannot be read: \(error)")
            }
        }
        return (templates, texts)
    }

    /// Why templates cannot be used, in one line.
    public struct TemplateError: Error, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }
}

/// HTML escaped by Unicode scalar (``HTMLText/escape(_:)``), where Mustache's own escape goes by
/// character and lets `"` followed by a combining mark end an attribute. Every HTML template is read
/// in it: those that name no content type, and those that name `HTML`.
struct ScalarHTMLContentType: MustacheContentType {
    static let name = "DOORSTEP_HTML"

    func escapeText(_ text: String) -> String {
        HTMLText.escape(text)
    }

    /// `text` of the template file `file`, made to use this content type unless it is a text template
    /// (`.txt`, `.subject`) or names another.
    static func declared(in text: String, named file: String) -> String {
        let pragma = "{{% CONTENT_TYPE: "
        if file.hasSuffix(".txt.mustache") || file.hasSuffix(".subject.mustache") { return text }
        if text.hasPrefix(pragma + "HTML}}") { return pragma + name + "}}" + text.dropFirst(pragma.count + 6) }
        if text.hasPrefix(pragma) { return text }
        return pragma + name + "}}" + text
    }
}
