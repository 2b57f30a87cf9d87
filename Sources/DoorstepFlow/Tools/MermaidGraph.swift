import Foundation

/// Draws a flow's screens and transitions as a Mermaid flowchart.
public enum MermaidGraph {
    /// The flowchart's source text.
    public static func render(_ flow: FlowDefinition) -> String {
        var lines = ["flowchart TD"]
        for screen in flow.screens {
            let label = escape(screen.id)
            let node =
                screen.isTerminal ? "([\"\(label)\"])" : screen.id == flow.start ? "[[\"\(label)\"]]" : "[\"\(label)\"]"
            lines.append("    \(identifier(screen.id))\(node)")
        }
        for transition in flow.transitions {
            let effects = (transition.effects ?? []).map(\.name)
            let base = ([transition.on] + (effects.isEmpty ? [] : ["(" + effects.joined(separator: ", ") + ")"]))
                .joined(separator: " ")
            if let to = transition.to {
                lines.append("    \(identifier(transition.from)) -->|\(escape(base))| \(identifier(to))")
            }
            for branch in transition.branches ?? [] {
                let condition = branch.when.map { " if " + describe($0) } ?? " otherwise"
                lines.append(
                    "    \(identifier(transition.from)) -->|\(escape(base + condition))| \(identifier(branch.to))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A condition in words, such as `account.exists = true`.
    public static func describe(_ condition: Condition) -> String {
        switch condition {
        case .truthy(let key): return key
        case .equals(let key, let value): return "\(key) = \(literal(value))"
        case .notEquals(let key, let value): return "\(key) ≠ \(literal(value))"
        case .isSet(let key, let isSet): return isSet ? "\(key) set" : "\(key) unset"
        case .all(let conditions): return conditions.map(describe).joined(separator: " and ")
        case .any(let conditions): return "(" + conditions.map(describe).joined(separator: " or ") + ")"
        case .not(let condition): return "not " + describe(condition)
        }
    }

    private static func literal(_ value: Value) -> String {
        if case .string(let text) = value { return "'\(text)'" }
        return value.displayText == "yes" ? "true" : value.displayText == "no" ? "false" : value.displayText
    }

    private static func identifier(_ id: String) -> String {
        "s_" + String(id.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "#quot;").replacingOccurrences(of: "|", with: "#124;")
    }
}
