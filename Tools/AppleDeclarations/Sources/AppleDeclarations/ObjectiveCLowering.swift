import SwiftParser
import SwiftSyntax

/// Lowers what only a compiler with Objective-C interoperability accepts, in declarations imported from
/// headers, to Swift that type-checks the same way on Linux:
///
/// - an `optional` requirement of an `@objc` protocol becomes a requirement with a default in an
///   extension, so a conformance may still leave it out;
/// - `@objc`, `@NSCopying`, `@NSManaged`, `dynamic` and `@_nonoverride` go: they decide how a member is
///   called at run time, not how code that uses it type-checks; a class's `init()` overrides
///   `NSObject`'s, and a platform named twice in `@available` is named once;
/// - an imported `NS_OPTIONS` struct or `NS_ENUM`, whose `rawValue` the importer synthesizes and does
///   not print, declares it;
/// - an imported `NSObject` subclass with no initializer printed declares the `init()` it
///   inherits, unless its header makes `init` unavailable; one whose `init` may return nil
///   (`init?()`) is a root class, since Swift cannot override `init()` with a failable initializer;
/// - a Core Foundation type (a class the importer makes `Hashable` through the Objective-C runtime)
///   declares `hash(into:)` and `==`; its constants (`class let`) are `static let`, and the functions
///   imported as its initializers are `convenience` ones, as an extension of a class must declare them.
struct ObjectiveCLowering {
    /// The module the declarations belong to.
    var module: String
    /// The classes whose `init` is unavailable; nil for a module not imported from headers.
    var classesWithUnavailableInit: Set<String>?
    /// Every class the derived modules declare, by its module (`CoreGraphics.CGImage`).
    var classes: Set<String>

    /// Whether the declarations were read from headers (the rules about initializers and Core Foundation
    /// types are theirs; a Swift interface prints what it declares).
    private var isFromHeaders: Bool { classesWithUnavailableInit != nil }

    /// The superclass of a class read from headers that is an Objective-C class: `NSObject` or another
    /// imported class; nil for anything else.
    private func objectiveCSuperclass(of classDecl: ClassDeclSyntax) -> String? {
        guard isFromHeaders,
            let superclass = classDecl.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription,
            superclass.hasSuffix(".NSObject") || classes.contains(superclass)
        else { return nil }
        return superclass
    }

    static let runtimeAttributes: Set<String> = [
        "objc", "NSCopying", "NSManaged", "_nonoverride", "IBAction", "IBOutlet", "IBInspectable",
    ]
    static let runtimeModifiers: Set<Keyword> = [.dynamic, .optional]

    /// `decl` lowered, followed by the extension that gives its optional requirements a default.
    func lowered(_ decl: DeclSyntax) -> [DeclSyntax] {
        let optionalRequirements =
            decl.as(ProtocolDeclSyntax.self)?.memberBlock.members.enumerated()
            .filter { _, member in
                member.decl.asProtocol(WithModifiersSyntax.self)?.modifiers
                    .contains { $0.name.tokenKind == .keyword(.optional) } ?? false
            }
            .map(\.offset) ?? []
        let stripped = withConvenienceInits(
            asCoreFoundationType(
                withInheritedInit(asRootClass(Self.withRawValues(Self.parsed(loweredText(of: decl)))))))
        guard let proto = stripped.as(ProtocolDeclSyntax.self) else { return [stripped] }
        guard !optionalRequirements.isEmpty else { return [Self.withoutDefaultArguments(proto)] }
        let members = Array(proto.memberBlock.members)
        let availability = proto.attributes.filter(Self.isAvailability).map { $0.trimmedDescription + "\n" }.joined()
        let defaults = optionalRequirements.map {
            "  " + Self.publicDefault(members[$0].decl).replacing(/\n\s*/, with: "\n  ")
        }
        let source = "\(availability)extension \(module).\(proto.name.text) {\n\(defaults.joined(separator: "\n"))\n}\n"
        return [Self.withoutDefaultArguments(proto), Self.parsed(source)]
    }

    /// A direct `NSObject` subclass declaring a failable `init?()`, as a root class: Objective-C lets
    /// `-init` return nil, but Swift source cannot override `NSObject`'s `init()` with a failable one.
    private func asRootClass(_ decl: DeclSyntax) -> DeclSyntax {
        guard var classDecl = decl.as(ClassDeclSyntax.self),
            objectiveCSuperclass(of: classDecl)?.hasSuffix(".NSObject") == true,
            let inherited = classDecl.inheritanceClause?.inheritedTypes,
            classDecl.memberBlock.members.contains(where: {
                guard let initializer = $0.decl.as(InitializerDeclSyntax.self) else { return false }
                return initializer.optionalMark != nil && initializer.signature.parameterClause.parameters.isEmpty
            })
        else { return decl }
        let rest = inherited.dropFirst().map(\.type.trimmedDescription)
        let clause = rest.isEmpty ? "" : " : " + rest.joined(separator: ", ")
        let text = classDecl.trimmedDescription
        let brace = text.firstIndex(of: "{")!
        let header = String(text[..<brace]).replacing(/\s*:[^{]*$/, with: clause + " ")
        classDecl = Self.parsed(header + String(text[brace...])).cast(ClassDeclSyntax.self)
        return DeclSyntax(classDecl)
    }

    /// A class imported from headers that subclasses `NSObject` (or another imported class), prints no
    /// initializer and may be made with `init()`, declaring it.
    private func withInheritedInit(_ decl: DeclSyntax) -> DeclSyntax {
        guard let unavailable = classesWithUnavailableInit, let classDecl = decl.as(ClassDeclSyntax.self),
            objectiveCSuperclass(of: classDecl) != nil,
            !unavailable.contains(classDecl.name.text),
            !classDecl.memberBlock.members.contains(where: { $0.decl.is(InitializerDeclSyntax.self) })
        else { return decl }
        return Self.inserting("public override init()", into: classDecl)
    }

    /// `member` inserted as the first member of `type`.
    private static func inserting(_ member: String, into type: some DeclGroupSyntax) -> DeclSyntax {
        let text = type.trimmedDescription
        let brace = text.firstIndex(of: "{")!
        return parsed(String(text[...brace]) + "\n    " + member + String(text[text.index(after: brace)...]))
    }

    /// The text of `decl` without the tokens of runtime-only attributes and modifiers (the line break
    /// before a removed token moves to the token after it), with `class let` as `static let` and a
    /// platform named twice in `@available` named once.
    private func loweredText(of decl: DeclSyntax) -> String {
        var text = Self.withoutRuntimeTokens(decl).replacing(/\bclass let\b/, with: "static let")
            // The importer may name a platform twice (`@available(iOS 17.0, iOS 17.0, *)`).
            .replacing(/@available\((iOS [0-9.]+), iOS [0-9.]+,/) { "@available(\($0.output.1)," }
        if let classDecl = decl.as(ClassDeclSyntax.self), objectiveCSuperclass(of: classDecl) != nil {
            // An Objective-C class that declares `init` overrides `NSObject`'s.
            text = text.replacing(/(\n\s*)(public|open) init\(\)/) { "\($0.output.1)\($0.output.2) override init()" }
        }
        return text
    }

    /// The initializers an extension of a class declares, as `convenience` ones.
    private func withConvenienceInits(_ decl: DeclSyntax) -> DeclSyntax {
        guard var extensionDecl = decl.as(ExtensionDeclSyntax.self),
            classes.contains(extendedPath(of: extensionDecl).joined(separator: "."))
        else { return decl }
        extensionDecl.memberBlock.members = MemberBlockItemListSyntax(
            extensionDecl.memberBlock.members.map { member in
                guard let initializer = member.decl.as(InitializerDeclSyntax.self),
                    !initializer.modifiers.contains(where: { $0.name.tokenKind == .keyword(.convenience) })
                else { return member }
                // The importer's `public /*not inherited*/ init` leaves one space, not a comment.
                var modifiers = DeclModifierListSyntax(
                    initializer.modifiers.map { $0.with(\.trailingTrivia, .space) })
                modifiers.append(DeclModifierSyntax(name: .keyword(.convenience, trailingTrivia: .space)))
                return member.with(\.decl, DeclSyntax(initializer.with(\.modifiers, modifiers)))
            })
        return DeclSyntax(extensionDecl)
    }

    /// A protocol's requirements without default arguments, which only the importer may give them (the
    /// defaults extension keeps them).
    private static func withoutDefaultArguments(_ proto: ProtocolDeclSyntax) -> DeclSyntax {
        final class Remover: SyntaxRewriter {
            override func visit(_ node: FunctionParameterSyntax) -> FunctionParameterSyntax {
                guard node.defaultValue != nil else { return node }
                var node = node
                node.type = node.type.with(\.trailingTrivia, [])
                node.defaultValue = nil
                return node
            }
        }
        return Remover(viewMode: .sourceAccurate).rewrite(proto).cast(DeclSyntax.self)
    }

    /// A class imported from headers that is `Hashable` without saying how, declaring it.
    private func asCoreFoundationType(_ decl: DeclSyntax) -> DeclSyntax {
        guard isFromHeaders, let classDecl = decl.as(ClassDeclSyntax.self),
            classDecl.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription == "Swift.Hashable",
            !classDecl.memberBlock.members.contains(where: { declaredNames(of: $0.decl) == ["hash"] })
        else { return decl }
        let type = "\(module).\(classDecl.name.text)"
        let hashable = Self.inserting("public func hash(into hasher: inout Swift.Hasher)", into: classDecl)
        return Self.inserting(
            "public static func == (lhs: \(type), rhs: \(type)) -> Swift.Bool",
            into: hashable.cast(ClassDeclSyntax.self))
    }

    private static func withoutRuntimeTokens(_ decl: DeclSyntax) -> String {
        let dropped = RuntimeTokens(viewMode: .sourceAccurate)
        dropped.walk(decl)
        var text = ""
        var pendingLeading: Trivia?
        for token in decl.tokens(viewMode: .sourceAccurate) {
            if dropped.ids.contains(token.id) {
                pendingLeading = pendingLeading ?? token.leadingTrivia
                continue
            }
            text += (pendingLeading ?? token.leadingTrivia).description + token.text + token.trailingTrivia.description
            pendingLeading = nil
        }
        return text
    }

    private static func parsed(_ source: String) -> DeclSyntax {
        Parser.parse(source: source).statements.first!.item.cast(DeclSyntax.self)
    }

    /// A requirement as the public default an extension declares (`class` requirements as `static`).
    private static func publicDefault(_ requirement: DeclSyntax) -> String {
        var text = requirement.trimmedDescription
        let introducers = /(^|\s)(class |static )?(func|var|subscript|init)\b/
        if let match = text.firstMatch(of: introducers) {
            let isType = match.output.2 != nil
            text.replaceSubrange(
                match.range, with: "\(match.output.1)public \(isType ? "static " : "")\(match.output.3)")
        }
        return text
    }

    /// An `OptionSet` struct with `init(rawValue:)` and no `rawValue`, given `rawValue` of the same type;
    /// an enum with raw values and no `rawValue`, given `RawRepresentable`'s members (which an interface
    /// declares, since the compiler does not synthesize them there).
    private static func withRawValues(_ decl: DeclSyntax) -> DeclSyntax {
        if let enumDecl = decl.as(EnumDeclSyntax.self) { return withRawValues(enumDecl) }
        guard let structDecl = decl.as(StructDeclSyntax.self),
            structDecl.inheritanceClause?.inheritedTypes.contains(where: {
                $0.type.trimmedDescription == "Swift.OptionSet"
            }) == true,
            !structDecl.memberBlock.members.contains(where: { declaredNames(of: $0.decl) == ["rawValue"] }),
            let initializer = structDecl.memberBlock.members.lazy.compactMap({ $0.decl.as(InitializerDeclSyntax.self) })
                .first(where: { $0.signature.parameterClause.parameters.first?.firstName.text == "rawValue" }),
            let rawType = initializer.signature.parameterClause.parameters.first?.type
        else { return decl }
        return inserting("public var rawValue: \(rawType.trimmedDescription) { get }", into: structDecl)
    }

    private static func withRawValues(_ enumDecl: EnumDeclSyntax) -> DeclSyntax {
        guard let rawType = enumDecl.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription,
            rawType.hasPrefix("Swift."),
            enumDecl.memberBlock.members.contains(where: {
                $0.decl.as(EnumCaseDeclSyntax.self)?.elements.contains { $0.rawValue != nil } ?? false
            }),
            !enumDecl.memberBlock.members.contains(where: { declaredNames(of: $0.decl) == ["rawValue"] })
        else { return DeclSyntax(enumDecl) }
        let members = [
            "public init?(rawValue: \(rawType))", "public typealias RawValue = \(rawType)",
            "public var rawValue: \(rawType) { get }",
        ]
        return members.reversed().reduce(DeclSyntax(enumDecl)) { decl, member in
            inserting(member, into: decl.cast(EnumDeclSyntax.self))
        }
    }

    private static func isAvailability(_ element: AttributeListSyntax.Element) -> Bool {
        guard case .attribute(let attribute) = element else { return false }
        return attribute.attributeName.trimmedDescription == "available"
    }

    /// Collects the tokens of runtime-only attributes and modifiers.
    private final class RuntimeTokens: SyntaxVisitor {
        var ids: Set<SyntaxIdentifier> = []

        override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
            if ObjectiveCLowering.runtimeAttributes.contains(node.attributeName.trimmedDescription) {
                ids.formUnion(node.tokens(viewMode: .sourceAccurate).map(\.id))
            }
            return .visitChildren
        }

        override func visit(_ node: DeclModifierSyntax) -> SyntaxVisitorContinueKind {
            if case .keyword(let keyword) = node.name.tokenKind, ObjectiveCLowering.runtimeModifiers.contains(keyword) {
                ids.formUnion(node.tokens(viewMode: .sourceAccurate).map(\.id))
            }
            return .visitChildren
        }
    }
}
