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
public struct MailTemplateLibrary: Sendable {
    let library: MustacheLibrary

    /// Loads the bundled templates and, when given, the overrides in `directory`; checks that every
    /// kind in `kinds` has a subject and a text template.
    public init(overrides directory: String? = nil, kinds: [String]) throws {
        var templates = try Self.templates(in: Bundle.module.resourceURL!.appendingPathComponent("Templates"))
        if let directory {
            let url = URL(fileURLWithPath: directory)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                throw TemplateError("the mail templates folder \(directory) does not exist")
            }
            templates.merge(try Self.templates(in: url)) { _, override in override }
        }
        for kind in kinds where templates["\(kind).subject"] == nil || templates["\(kind).txt"] == nil {
            throw TemplateError("the mail templates have no \(kind).subject or \(kind).txt")
        }
        library = MustacheLibrary(templates: templates)
    }

    /// The subject (one line), text and HTML of a mail of `kind`.
    public func render(_ kind: String, values: [String: String], brand: MailBrand) throws -> (
        subject: String, text: String, html: String?
    ) {
        var context = values
        context["appName"] = brand.appName
        context["accent"] = brand.accent
        context["onAccent"] = brand.onAccent
        guard let subject = library.render(context, withTemplate: "\(kind).subject"),
            let text = library.render(context, withTemplate: "\(kind).txt")
        else { throw TemplateError("the mail templates have no \(kind).subject or \(kind).txt") }
        let oneLine = subject.split(whereSeparator: \.isNewline).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
        return (oneLine, text, library.render(context, withTemplate: "\(kind).html"))
    }

    private static func templates(in folder: URL) throws -> [String: MustacheTemplate] {
        var templates: [String: MustacheTemplate] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".mustache") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            do {
                templates[String(name.dropLast(".mustache".count))] = try MustacheTemplate(string: text)
            } catch {
                throw TemplateError("the mail template \(name) cannot be read: \(error)")
            }
        }
        return templates
    }

    /// Why templates cannot be used, in one line.
    public struct TemplateError: Error, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }
}
