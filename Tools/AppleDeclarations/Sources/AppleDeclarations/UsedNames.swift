import SwiftParser
import SwiftSyntax

/// Every identifier a set of Swift sources spells: the names whose declarations the checked code may
/// reach. Keywords, operators and literals are not names.
public struct UsedNames: Sendable {
    public private(set) var names: Set<String> = []

    /// Collects the identifiers of `sources` (file contents).
    public init(sources: [String]) {
        for source in sources {
            let collector = Collector(viewMode: .sourceAccurate)
            collector.walk(Parser.parse(source: source))
            names.formUnion(collector.names)
        }
    }

    /// Whether `name` is spelt anywhere.
    public func contains(_ name: String) -> Bool { names.contains(name) }

    private final class Collector: SyntaxVisitor {
        var names: Set<String> = []

        override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
            if case .identifier(let text) = token.tokenKind { names.insert(text.trimmingCharacters(in: ["`"])) }
            return .skipChildren
        }
    }
}

extension String {
    fileprivate func trimmingCharacters(in characters: Set<Character>) -> String {
        String(drop { characters.contains($0) }.reversed().drop { characters.contains($0) }.reversed())
    }
}
