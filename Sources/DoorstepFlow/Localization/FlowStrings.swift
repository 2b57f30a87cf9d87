import Foundation

/// The strings a person reads in a flow — titles, texts, labels, placeholders, options, messages —
/// found by where they sit in the flow's JSON. Each is keyed by its source text, as Xcode keys a
/// String Catalog, so a translation follows its text wherever the flow uses it.
public enum FlowStrings {
    /// Where visible strings sit: keys, `#` for any array index, `*` for any key.
    static let screenPaths = [
        "title", "actions.#.title", "actions.#.loadingTitle", "actions.#.accessibilityLabel", "blocks.#.text",
        "blocks.#.label", "blocks.#.placeholder", "blocks.#.badge", "blocks.#.confirmLabel", "blocks.#.helper",
        "blocks.#.linkText", "blocks.#.accessibilityLabel", "blocks.#.items.#.title", "blocks.#.items.#.detail",
        "blocks.#.lines.#", "blocks.#.pills.#", "blocks.#.prompts.#", "blocks.#.paywall.renewal",
        "blocks.#.paywall.elsewhere",
    ]
    static let flowPaths =
        ["title", "sections.#.label", "transitions.#.effects.#.errors.*.message"]
        + fieldPaths.map { "fields.#." + $0 } + screenPaths.map { "screens.#." + $0 }
        + screenPaths.map { "experiment.variants.#.changes.screens.#." + $0 }
    /// ``flowPaths`` as the tree a walk through a flow's JSON follows.
    static let flowPatterns = PathPatternTree(flowPaths)
    static let fieldPaths = [
        "label", "unit", "messages.*", "options.#", "options.#.title", "options.#.detail", "options.#.badge",
        "options.#.price", "options.#.features.#",
    ]

    /// Every visible string of the flow, once, with the first place it is used: screens, fields and
    /// their options in the flow's order, an object's keys alphabetically, so every export of the same
    /// flow names the same places.
    public static func sources(of flow: FlowDefinition) throws -> [(text: String, location: String)] {
        var found: [(String, String)] = []
        var seen = Set<String>()
        _ = try transform(flow) { text, location in
            if !text.isEmpty, seen.insert(text).inserted { found.append((text, location)) }
            return nil
        }
        for (text, location) in defaultMessages(of: flow) + defaultWords(of: flow) where seen.insert(text).inserted {
            found.append((text, location))
        }
        return found
    }

    /// The flow with each visible string that `translations` has replaced by its translation. A
    /// choice written as a bare value keeps the value and shows the translation as its title.
    public static func translated(_ flow: FlowDefinition, _ translations: [String: String]) throws
        -> FlowDefinition
    {
        guard !translations.isEmpty else { return flow }
        let translated = try transform(flow) { text, _ in translations[text] }
        return translatingDefaultWords(
            of: translatingDefaultMessages(of: flow, into: translated, translations), translations)
    }

    private static func transform(_ flow: FlowDefinition, _ replace: (String, String) -> String?) throws
        -> FlowDefinition
    {
        let tree = try JSONSerialization.jsonObject(with: JSONEncoder().encode(flow))
        // The options of a field no screen shows (state kept by the flow) are values, not words.
        let shown = Set(flow.screens.flatMap { $0.blocks.compactMap(\.field) })
        let hidden = Set(flow.fields.indices.filter { !shown.contains(flow.fields[$0].id) }.map { "\($0)" })
        let changed = visit(tree, path: [], named: [], reached: [flowPatterns]) { text, path, location in
            if path.count >= 4, path[0] == "fields", hidden.contains(path[1]), path[2] == "options" { return nil }
            // A symbol's badge is its style (`glass`), not words.
            if path.count == 5, path[0] == "screens", path[2] == "blocks", path[4] == "badge",
                let screen = Int(path[1]).map({ flow.screens[$0] }), let block = Int(path[3]),
                screen.blocks.indices.contains(block), screen.blocks[block].kind == .symbol
            {
                return nil
            }
            return replace(text, location)
        }
        return try FlowDefinition.decode(from: JSONSerialization.data(withJSONObject: changed))
    }

    /// Walks the tree; `path` leads through `reached`, the branches of ``flowPatterns`` it has
    /// reached, and a subtree it leaves none of is returned as it is. `named` (array items by their
    /// id where they have one) tells translators where a string is.
    private static func visit(
        _ node: Any, path: [String], named: [String], reached: [PathPatternTree],
        _ replace: (String, [String], String) -> String?
    ) -> Any {
        guard !reached.isEmpty else { return node }
        switch node {
        case let object as [String: Any]:
            var result = object
            // Keys in a fixed order: a dictionary's own order changes from process to process.
            for (key, child) in object.sorted(by: { $0.key < $1.key }) {
                result[key] = visit(
                    child, path: path + [key], named: named + [key], reached: reached.following(key), replace)
            }
            // A choice without a title shows its value: translate that as its title, keep the value.
            if object["title"] == nil, let value = object["value"] as? String,
                reached.following("title").endAPattern,
                let translation = replace(value, path + ["title"], (named + ["value"]).joined(separator: "."))
            {
                result["title"] = translation
            }
            return result
        case let array as [Any]:
            return array.enumerated().map { index, item in
                let name = (item as? [String: Any])?["id"] as? String ?? "\(index)"
                return visit(
                    item, path: path + ["\(index)"], named: named + [name], reached: reached.following("\(index)"),
                    replace)
            }
        case let text as String where reached.endAPattern:
            let location = named.joined(separator: ".")
            guard let translation = replace(text, path, location) else { return text }
            // A bare choice is its stored value too: keep the value, show the translation.
            return path.dropLast().last == "options" ? ["value": text, "title": translation] : translation
        default:
            return node
        }
    }
}
