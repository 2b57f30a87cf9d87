import Foundation

/// Reads a flow file and reports everything wrong with it: JSON syntax (with line and column), shapes
/// that do not decode (with the path to them), keys the format does not know, and every problem
/// ``FlowLinter`` finds.
public enum FlowDocument {
    /// The outcome of reading one file.
    public struct Report: Sendable {
        /// The decoded flow, when it decoded.
        public var flow: FlowDefinition?
        /// Every problem found; empty when the file is a valid flow.
        public var problems: [FlowProblem]
    }

    /// Reads and checks a flow file's bytes.
    public static func check(_ data: Data) -> Report {
        let raw: Any
        do {
            raw = try JSONSerialization.jsonObject(with: data)
        } catch {
            return Report(flow: nil, problems: [syntaxProblem(in: data)])
        }
        let flow: FlowDefinition
        do {
            flow = try FlowDefinition.decode(from: data)
        } catch let error as DecodingError {
            return Report(flow: nil, problems: [decodingProblem(error)])
        } catch {
            return Report(flow: nil, problems: [FlowProblem("the file could not be read as a flow")])
        }
        var problems = unknownKeyProblems(raw: raw, flow: flow)
        problems += FlowLinter.problems(in: flow)
        return Report(flow: flow, problems: problems)
    }

    private static func syntaxProblem(in data: Data) -> FlowProblem {
        guard let text = String(data: data, encoding: .utf8) else {
            return FlowProblem(location: "line 1, column 1", "the file is not UTF-8 text")
        }
        let error = JSONSyntax.firstError(in: text)
        return FlowProblem(location: "line \(error.line), column \(error.column)", "invalid JSON: \(error.message)")
    }

    private static func decodingProblem(_ error: DecodingError) -> FlowProblem {
        switch error {
        case .keyNotFound(let key, let context):
            return FlowProblem(location: path(context.codingPath), "the required key \"\(key.stringValue)\" is missing")
        case .typeMismatch(let type, let context):
            return FlowProblem(
                location: path(context.codingPath), "expected \(describe(type)); \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            return FlowProblem(location: path(context.codingPath), "expected \(describe(type)), found null")
        case .dataCorrupted(let context):
            let words = context.debugDescription
            if let range = words.range(of: "invalid String value ") {
                return FlowProblem(
                    location: path(context.codingPath), "\"\(words[range.upperBound...])\" is not an allowed value here"
                )
            }
            return FlowProblem(location: path(context.codingPath), words)
        @unknown default:
            return FlowProblem("the file could not be read as a flow")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        let name = String(describing: type)
        switch name {
        case "String": return "a string"
        case "Int", "Double": return "a number"
        case "Bool": return "true or false"
        default: return name.hasPrefix("Array") ? "a list" : name.hasPrefix("Dictionary") ? "an object" : name
        }
    }

    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text.isEmpty ? "the top level" : text
    }

    /// Keys in the file that the format does not have: decoding ignores them silently, so a typo such
    /// as `"requird"` would otherwise go unnoticed.
    private static func unknownKeyProblems(raw: Any, flow: FlowDefinition) -> [FlowProblem] {
        guard let encoded = try? JSONSerialization.jsonObject(with: JSONEncoder().encode(flow)) else { return [] }
        var problems: [FlowProblem] = []
        compare(raw, encoded, path: "", into: &problems)
        return problems
    }

    private static func compare(_ raw: Any, _ known: Any, path: String, into problems: inout [FlowProblem]) {
        if let raw = raw as? [String: Any], let known = known as? [String: Any] {
            let keysTakingAnyName = path.hasSuffix("answers") || path.hasSuffix("args") || path.hasSuffix("defaults")
            for key in raw.keys.sorted() {
                let child = path.isEmpty ? key : "\(path).\(key)"
                guard let knownValue = known[key] else {
                    if !keysTakingAnyName && !(raw[key] is NSNull) {
                        problems.append(
                            FlowProblem(
                                location: path.isEmpty ? "the top level" : path,
                                "unknown key \"\(key)\""))
                    }
                    continue
                }
                compare(raw[key]!, knownValue, path: child, into: &problems)
            }
        } else if let raw = raw as? [Any], let known = known as? [Any], raw.count == known.count {
            for (offset, element) in raw.enumerated() {
                compare(element, known[offset], path: "\(path)[\(offset)]", into: &problems)
            }
        }
    }
}
