import SwiftParser
import SwiftSyntax

/// The hand-written stand-in modules the derived ones may mention (a UIKit of the few types the code
/// uses): which type names they declare.
public enum StandIn {
    /// Every type, alias and protocol name declared in `sources`, nested ones included.
    public static func typeNames(in sources: [String]) -> Set<String> {
        var names: Set<String> = []
        for source in sources {
            let collector = Collector(viewMode: .sourceAccurate)
            collector.walk(Parser.parse(source: source))
            names.formUnion(collector.names)
        }
        return names
    }

    private final class Collector: SyntaxVisitor {
        var names: Set<String> = []

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { insert(node.name) }
        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { insert(node.name) }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { insert(node.name) }
        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { insert(node.name) }
        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { insert(node.name) }
        override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind { insert(node.name) }

        private func insert(_ name: TokenSyntax) -> SyntaxVisitorContinueKind {
            names.insert(name.text)
            return .visitChildren
        }
    }
}
