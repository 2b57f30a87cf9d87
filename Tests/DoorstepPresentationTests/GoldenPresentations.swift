import DoorstepFlow
import DoorstepPresentation
import Foundation

/// The presentation of every screen of a catalog flow, as the golden files keep it: the theme once,
/// then each screen as it first shows (no answers yet) at a fixed time, without its theme.
enum GoldenPresentations {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// Set this variable to write the golden files instead of comparing with them:
    /// `DOORSTEP_UPDATE_GOLDEN=1 swift test --filter DoorstepPresentationTests`.
    static var isUpdating: Bool { ProcessInfo.processInfo.environment["DOORSTEP_UPDATE_GOLDEN"] == "1" }

    /// The flow's screens presented, by screen id.
    static func presentations(of flow: FlowDefinition) throws -> [(String, ScreenPresentation)] {
        try flow.screens.map { screen in
            let snapshot = FlowSnapshot(flowID: flow.id, flowVersion: flow.version, screen: screen.id)
            let engine = try FlowEngine(flow: flow, restoring: snapshot)
            return (screen.id, ScreenPresenter(engine: engine, now: now).present())
        }
    }

    /// The golden file's text for a flow: stable JSON with sorted keys.
    static func document(for flow: FlowDefinition) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var screens: [String: Any] = [:]
        for (id, presentation) in try presentations(of: flow) {
            var object = try JSONSerialization.jsonObject(with: encoder.encode(presentation)) as? [String: Any] ?? [:]
            object["theme"] = nil
            screens[id] = compact(object)
        }
        let theme = try JSONSerialization.jsonObject(
            with: encoder.encode(ThemeResolver(theme: flow.theme).presentation))
        let data = try JSONSerialization.data(
            withJSONObject: ["flow": flow.id, "theme": theme, "screens": screens],
            options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
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
