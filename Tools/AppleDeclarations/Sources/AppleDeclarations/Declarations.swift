import SwiftSyntax

/// Rewrites an interface's declaration as a declaration only: no function, initializer or accessor
/// bodies (and so none of the attributes that exist to publish a body), no comments, and each member
/// `#if` reduced to its first branch.
final class DeclarationOnly: SyntaxRewriter {
    /// Attributes that only say a body is published; with the body gone they would be errors.
    static let bodyAttributes: Set<String> = [
        "inlinable", "_alwaysEmitIntoClient", "_transparent", "usableFromInline", "backDeployed",
    ]

    override func visit(_ node: FunctionDeclSyntax) -> DeclSyntax {
        var node = Self.withoutBodyAttributes(of: node)
        node.body = nil
        return super.visit(node)
    }

    override func visit(_ node: InitializerDeclSyntax) -> DeclSyntax {
        var node = Self.withoutBodyAttributes(of: node)
        node.body = nil
        return super.visit(node)
    }

    override func visit(_ node: DeinitializerDeclSyntax) -> DeclSyntax {
        var node = node
        node.body = nil
        return super.visit(node)
    }

    override func visit(_ node: VariableDeclSyntax) -> DeclSyntax {
        super.visit(Self.withoutBodyAttributes(of: node))
    }

    override func visit(_ node: SubscriptDeclSyntax) -> DeclSyntax {
        super.visit(Self.withoutBodyAttributes(of: node))
    }

    /// `node` without the attributes that publish a body, keeping its leading trivia (which the first
    /// attribute may have carried).
    static func withoutBodyAttributes<Node: WithAttributesSyntax>(of node: Node) -> Node {
        let leading = node.leadingTrivia
        var node = node
        node.attributes = withoutBodyAttributes(node.attributes)
        node.leadingTrivia = leading
        return node
    }

    override func visit(_ node: AccessorBlockSyntax) -> AccessorBlockSyntax {
        var node = node
        switch node.accessors {
        case .getter:
            // A computed property written with its getter's body: declare the getter alone.
            let getter = AccessorDeclSyntax(accessorSpecifier: .keyword(.get, leadingTrivia: .space))
            node.accessors = .accessors(AccessorDeclListSyntax([getter]))
            node.rightBrace = node.rightBrace.with(\.leadingTrivia, .space)
        case .accessors(let list):
            node.accessors = .accessors(
                AccessorDeclListSyntax(
                    list.map { accessor in
                        var accessor = accessor
                        accessor.body = nil
                        accessor.attributes = Self.withoutBodyAttributes(accessor.attributes)
                        return accessor.with(\.leadingTrivia, .space).with(\.trailingTrivia, [])
                    }))
            node.rightBrace = node.rightBrace.with(\.leadingTrivia, .space)
        }
        node.leftBrace = node.leftBrace.with(\.trailingTrivia, [])
        return node
    }

    override func visit(_ node: MemberBlockItemListSyntax) -> MemberBlockItemListSyntax {
        super.visit(MemberBlockItemListSyntax(Self.flattened(node).filter { Self.isPublished($0.decl) }))
    }

    /// Whether a member is part of the module's interface, not an `@usableFromInline internal` helper
    /// that is there only for the bodies this rewriter drops.
    static func isPublished(_ decl: DeclSyntax) -> Bool {
        guard let modifiers = decl.asProtocol(WithModifiersSyntax.self)?.modifiers else { return true }
        // `public private(set) var` is public: a modifier with a detail restricts only the setter.
        return !modifiers.contains {
            $0.detail == nil && ["internal", "private", "fileprivate"].contains($0.name.text)
        }
    }

    override func visit(_ token: TokenSyntax) -> TokenSyntax {
        token.with(\.leadingTrivia, Self.withoutComments(token.leadingTrivia))
            .with(\.trailingTrivia, Self.withoutComments(token.trailingTrivia))
    }

    /// Members with every `#if` replaced by its first branch's members.
    static func flattened(_ members: MemberBlockItemListSyntax) -> [MemberBlockItemSyntax] {
        members.flatMap { member -> [MemberBlockItemSyntax] in
            guard let ifConfig = member.decl.as(IfConfigDeclSyntax.self) else { return [member] }
            guard case .decls(let inner) = ifConfig.clauses.first?.elements else { return [] }
            return flattened(inner)
        }
    }

    /// The attributes without those that publish a body; the last one kept is followed by a space, as
    /// the removed one may have carried it.
    static func withoutBodyAttributes(_ attributes: AttributeListSyntax) -> AttributeListSyntax {
        var kept = Array(attributes).filter { element in
            guard case .attribute(let attribute) = element else { return true }
            return !bodyAttributes.contains(attribute.attributeName.trimmedDescription)
        }
        guard kept.count < attributes.count, let last = kept.last, last.trailingTrivia.isEmpty else {
            return AttributeListSyntax(kept)
        }
        kept[kept.count - 1] = last.with(\.trailingTrivia, .space)
        return AttributeListSyntax(kept)
    }

    static func withoutComments(_ trivia: Trivia) -> Trivia {
        Trivia(pieces: trivia.pieces.filter { !$0.isComment })
    }
}

/// The text of `decl` as a declaration only, its lines without trailing spaces and with no blank lines.
func declarationText(_ decl: DeclSyntax) -> String {
    DeclarationOnly(viewMode: .sourceAccurate).rewrite(decl).description
        .split(separator: "\n", omittingEmptySubsequences: false)
        .map { line in String(line.reversed().drop { $0 == " " || $0 == "\t" }.reversed()) }
        .filter { !$0.isEmpty }
        .joined(separator: "\n")
}

/// `decl` (a type or an extension) keeping only the members `keep` accepts; a nested type that is kept
/// has its own members filtered the same way. An `@_opaqueReturnTypeOf` alias names its opaque type by
/// a mangled name that changes with the module a type lives in, so it goes: the conformance infers it.
func keepingMembers(of decl: DeclSyntax, _ keep: (DeclSyntax) -> Bool) -> DeclSyntax {
    guard var group = decl.asProtocol(DeclGroupSyntax.self) else { return decl }
    let members = DeclarationOnly.flattened(group.memberBlock.members)
        .filter { !isOpaqueReturnTypeAlias($0.decl) && keep($0.decl) }
        .map { member -> MemberBlockItemSyntax in
            guard member.decl.asProtocol(DeclGroupSyntax.self) != nil else { return member }
            return member.with(\.decl, keepingMembers(of: member.decl, keep))
        }
    group.memberBlock.members = MemberBlockItemListSyntax(members)
    return DeclSyntax(group)
}

/// Whether `decl` is `typealias X = @_opaqueReturnTypeOf("…", 0) __`.
func isOpaqueReturnTypeAlias(_ decl: DeclSyntax) -> Bool {
    guard let alias = decl.as(TypeAliasDeclSyntax.self) else { return false }
    return alias.initializer.value.description.contains("@_opaqueReturnTypeOf")
}
