import DoorstepFlow
import DoorstepPresentation
import Foundation

/// The presentation of every screen of a catalog flow, as the golden files keep it: the theme once,
/// then each screen as it first shows (no answers yet) at a fixed time, without its theme, and one
/// screen in another language.
enum GoldenPresentations {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// Set this variable to write the golden files instead of comparing with them:
    /// `DOORSTEP_UPDATE_GOLDEN=1 swift test --filter DoorstepPresentationTests`.
    static var isUpdating: Bool { ProcessInfo.processInfo.environment["DOORSTEP_UPDATE_GOLDEN"] == "1" }

    /// One screen of each flow in another language, right to left for Arabic: its words, its
    /// progress and button labels, and which way it reads.
    static let localizedScreens: [String: (language: String, screen: String)] = [
        "tanda": ("ar", "createPassword"), "kordant": ("es", "signup"), "trainer": ("es", "height"),
        "destiny": ("es", "auth"), "familysync": ("ar", "slide1"),
    ]

    /// The flow's screens presented, by screen id.
    static func presentations(of flow: FlowDefinition) throws -> [(String, ScreenPresentation)] {
        try flow.screens.map { screen in (screen.id, try presentation(of: screen.id, in: flow)) }
    }

    /// A screen as it first shows.
    static func presentation(of screen: String, in flow: FlowDefinition) throws -> ScreenPresentation {
        let snapshot = FlowSnapshot(flowID: flow.id, flowVersion: flow.version, screen: screen)
        let engine = try FlowEngine(flow: flow, restoring: snapshot)
        return ScreenPresenter(engine: engine, now: now).present()
    }

    /// The flow's localized screen, translated with its String Catalog.
    static func localized(_ flow: FlowDefinition) throws -> Any? {
        guard let (language, screen) = localizedScreens[flow.id] else { return nil }
        let translated = flow.localized(with: try FlowCatalog.strings(flow.id), preferredLanguages: [language])
        return try object(of: presentation(of: screen, in: translated.definition))
    }

    /// A presentation as the golden file keeps it: without its theme, looks compacted.
    private static func object(of presentation: ScreenPresentation) throws -> Any {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var object = try JSONSerialization.jsonObject(with: encoder.encode(presentation)) as? [String: Any] ?? [:]
        object["theme"] = nil
        return compact(object)
    }

    /// The golden file's text for a flow: stable JSON with sorted keys.
    static func document(for flow: FlowDefinition) throws -> String {
        var screens: [String: Any] = [:]
        for (id, presentation) in try presentations(of: flow) { screens[id] = try object(of: presentation) }
        let theme = try JSONSerialization.jsonObject(
            with: JSONEncoder().encode(ThemeResolver(theme: flow.theme).presentation))
        var document: [String: Any] = ["flow": flow.id, "theme": theme, "screens": screens]
        if let (language, screen) = localizedScreens[flow.id], let localized = try localized(flow) {
            document["localized"] = ["language": language, "screen": screen, "presentation": localized]
        }
        let data = try JSONSerialization.data(
            withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The golden text of a look: `title heading.l 22 bold #FFFFFFFF` (role, style, colour role when
    /// named, size, weight, colour), so a file reads like a spec and stays short.
    static func compact(_ value: Any) -> Any {
        if let array = value as? [Any] { return array.map(compact) }
        guard var object = value as? [String: Any] else { return value }
        if let role = object["role"] as? String, let font = object["font"] as? [String: Any],
            let color = object["color"] as? String
        {
            let size = (font["size"] as? NSNumber).map { "\($0)" } ?? "?"
            let words = [
                role, object["style"] as? String, object["colorRole"] as? String, size, font["weight"] as? String,
                color,
            ]
            return words.compactMap { $0 }.joined(separator: " ")
        }
        for (key, nested) in object { object[key] = compact(nested) }
        return object
    }

    /// Where the golden file of a flow lives in the source tree.
    static func sourceURL(of flowID: String, file: String = #filePath) -> URL {
        URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("Golden/\(flowID).json")
    }
}
