/// Fills `{key}` placeholders in a flow's texts with answers and results, such as `Got it, {name}.`
public enum TextTemplate {
    /// The text with every `{key}` replaced by the value's display text (empty when unknown).
    public static func render(_ template: String, _ lookup: (String) -> Value?) -> String {
        guard template.contains("{") else { return template }
        var output = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            output += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                output += rest[open...]
                return output
            }
            let key = String(rest[rest.index(after: open)..<close])
            output += lookup(key)?.displayText ?? ""
            rest = rest[rest.index(after: close)...]
        }
        return output + rest
    }

    /// The keys a template reads.
    public static func keys(in template: String) -> [String] {
        var keys: [String] = []
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            keys.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return keys
    }
}
