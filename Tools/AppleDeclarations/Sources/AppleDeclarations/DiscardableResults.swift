import SwiftParser
import SwiftSyntax

/// The importer makes the result of every C function and Objective-C method discardable, without printing
/// `@discardableResult`; declarations read from headers say so.
public enum DiscardableResults {
    /// `text` (declarations printed from headers) with `@discardableResult` on every function that
    /// returns something.
    public static func marked(_ text: String) -> String {
        Marker(viewMode: .sourceAccurate).rewrite(Parser.parse(source: text)).description
    }

    private final class Marker: SyntaxRewriter {
        override func visit(_ node: FunctionDeclSyntax) -> DeclSyntax {
            guard node.signature.returnClause != nil,
                !node.attributes.contains(where: {
                    $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "discardableResult"
                })
            else { return super.visit(node) }
            var node = node
            var attribute = AttributeSyntax(attributeName: IdentifierTypeSyntax(name: .identifier("discardableResult")))
            if node.attributes.isEmpty {
                attribute.leadingTrivia = node.leadingTrivia
                node.leadingTrivia = []
                attribute.trailingTrivia = .space
                node.attributes = [.attribute(attribute)]
            } else {
                attribute.leadingTrivia = .space
                node.attributes.append(.attribute(attribute))
            }
            return super.visit(node)
        }
    }
}
