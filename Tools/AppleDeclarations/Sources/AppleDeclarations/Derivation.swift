import SwiftParser
import SwiftSyntax

/// A module's interface as the SDK ships it.
public struct ModuleInterface: Sendable {
    /// The module's name (`SwiftUI`).
    public var name: String
    /// The `.swiftinterface` text.
    public var text: String
    /// Where it came from, for the generated file's first lines (`iPhoneOS18.1.sdk/…/arm64-apple-ios.swiftinterface`).
    public var origin: String
    /// For a module imported from Objective-C headers, the classes whose `init` the headers make
    /// unavailable; every other direct `NSObject` subclass inherits `init()`. Nil for a Swift interface.
    public var classesWithUnavailableInit: Set<String>?

    public init(name: String, text: String, origin: String, classesWithUnavailableInit: Set<String>? = nil) {
        self.name = name
        self.text = text
        self.origin = origin
        self.classesWithUnavailableInit = classesWithUnavailableInit
    }

    /// Whether it was read from C or Objective-C headers rather than a Swift interface.
    var isFromHeaders: Bool { classesWithUnavailableInit != nil }
}

/// Derives, from SDK interfaces, the declarations code names: for each module, every type the code
/// names with all the members its own declaration has, every member of any extension whose name the
/// code spells (every overload), every initializer and operator of the types kept, and — so the result
/// compiles — the declaration (without members) of every type those declarations mention.
///
/// A declaration that mentions a module nobody provides (Combine, say) is left out, and counted.
public struct Derivation {
    /// The interfaces to derive from.
    public var modules: [ModuleInterface]
    /// The names the checked code spells.
    public var used: UsedNames
    /// Modules the derived ones may mention besides each other: nil for a module whose every type
    /// exists (Swift, Foundation), else the type names the stand-in declares.
    public var provided: [String: Set<String>?]

    /// Every module the SDK has: a path starting with one of them names a module, never a generic
    /// parameter, even where no interface imports it.
    public var sdkModules: Set<String>

    public init(
        modules: [ModuleInterface], used: UsedNames, provided: [String: Set<String>?], sdkModules: Set<String> = []
    ) {
        self.modules = modules
        self.used = used
        self.provided = provided
        self.sdkModules = sdkModules
    }

    /// One derived interface.
    public struct Output: Sendable {
        public var module: String
        public var text: String
        /// Declarations left out for naming a module that is not provided.
        public var leftOut: Int
    }

    private struct TypeKey: Hashable {
        var module: String
        var name: String
    }

    /// The derived interface of every module, in the order given.
    public func derive() -> [Output] {
        let parsed = modules.map { InterfaceModule(name: $0.name, interface: $0.text) }
        let moduleNames = Set(modules.map(\.name))
        let classes = Set(
            parsed.flatMap { module in
                module.declarations.compactMap { $0.as(ClassDeclSyntax.self).map { "\(module.name).\($0.name.text)" } }
            })
        var typesOf: [String: Set<String>] = [:]
        for module in parsed {
            typesOf[module.name] = Set(
                module.declarations.compactMap { typeName(of: $0) ?? $0.as(TypeAliasDeclSyntax.self)?.name.text })
        }
        var full: Set<TypeKey> = []
        var shells: Set<TypeKey> = []
        var needed: [String: Set<[String]>] = [:]
        for module in parsed {
            for name in typesOf[module.name] ?? [] where used.contains(name) {
                full.insert(TypeKey(module: module.name, name: name))
            }
        }

        // Apple's interfaces name every outside type by its module; a path that starts with anything else
        // is a generic parameter (the member's own or its type's) or a member type of one.
        let knownModules = moduleNames.union(provided.keys).union(sdkModules).union(
            parsed.flatMap { $0.imports.compactMap { $0.path.first?.name.text } })

        /// Top-level type aliases that name a module nobody provides (a block type taking an AudioToolbox
        /// type, say): they are left out, and so is whatever mentions them.
        var unprovidedAliases: Set<TypeKey> = []

        // The one exception: the constraint of an opaque or existential type may be printed unqualified
        // (StoreKit's `purchase(confirmIn scene: some UIScene)`); it must be a type some module here has.
        let declaredTypes = Set(typesOf.values.joined()).union(provided.values.compactMap { $0 }.joined())

        /// Whether every type `decl` mentions is one the derived modules or the provided ones have.
        func mentionsOnlyProvided(_ decl: some SyntaxProtocol) -> Bool {
            if TypeMentions.unqualifiedConstraints(in: decl).contains(where: { !declaredTypes.contains($0) }) {
                return false
            }
            for path in TypeMentions.paths(in: decl) where path.count >= 2 && knownModules.contains(path[0]) {
                let module = path[0]
                if moduleNames.contains(module) {
                    if unprovidedAliases.contains(TypeKey(module: module, name: path[1])) { return false }
                    continue
                }
                guard let known = provided[module] else { return false }
                if let known, !known.contains(path[1]) { return false }
            }
            return true
        }

        var aliasesChanged = true
        while aliasesChanged {
            aliasesChanged = false
            for module in parsed {
                for alias in module.declarations.compactMap({ $0.as(TypeAliasDeclSyntax.self) })
                where !mentionsOnlyProvided(alias) {
                    aliasesChanged =
                        unprovidedAliases.insert(TypeKey(module: module.name, name: alias.name.text)).inserted
                        || aliasesChanged
                }
            }
        }

        func isKept(_ key: TypeKey) -> Bool { full.contains(key) || shells.contains(key) }

        /// The module and type an extension's path names, if it is one of the derived modules' types.
        func derivedType(of path: [String], in module: String) -> TypeKey? {
            if path.count >= 2, moduleNames.contains(path[0]) { return TypeKey(module: path[0], name: path[1]) }
            if path.count == 1, typesOf[module]?.contains(path[0]) == true {
                return TypeKey(module: module, name: path[0])
            }
            return nil
        }

        var outputs: [Output] = []
        var changed = true
        while changed {
            changed = false
            outputs = []
            for module in parsed {
                var kept: [DeclSyntax] = []
                var leftOut = 0

                /// Whether a nested type at `path` (names within the module) is needed by a mention.
                func isNeeded(_ path: [String]) -> Bool {
                    (needed[module.name] ?? []).contains { $0.starts(with: path) }
                }

                /// `decl`'s members as kept at `path`: `everything` for a type the code names (its own
                /// declaration's members, a conformance's witnesses, a protocol's requirements), else
                /// what the code names, initializers and operators of a named type, type aliases, and
                /// the nested types a mention needs. A member naming a module nobody provides goes.
                func filtered(_ decl: DeclSyntax, at path: [String], everything: Bool, named: Bool) -> DeclSyntax {
                    guard var group = decl.asProtocol(DeclGroupSyntax.self) else { return decl }
                    var members: [MemberBlockItemSyntax] = []
                    for member in DeclarationOnly.flattened(group.memberBlock.members)
                    where !isOpaqueReturnTypeAlias(member.decl) {
                        let names = declaredNames(of: member.decl)
                        var keep: Bool
                        var inner = member.decl
                        if let nestedName = typeName(of: member.decl) {
                            let childPath = path + [nestedName]
                            let childNamed = used.contains(nestedName)
                            keep = everything || childNamed || isNeeded(childPath)
                            if keep {
                                inner = filtered(
                                    member.decl, at: childPath,
                                    everything: childNamed || member.decl.is(ProtocolDeclSyntax.self)
                                        || declaresConformance(member.decl),
                                    named: childNamed)
                            }
                        } else if member.decl.is(TypeAliasDeclSyntax.self)
                            || member.decl.is(AssociatedTypeDeclSyntax.self)
                            || member.decl.is(EnumCaseDeclSyntax.self)
                        {
                            keep = true
                        } else {
                            let special =
                                names == ["init"] || names.contains { !($0.first?.isLetter ?? true) && $0.first != "_" }
                            keep =
                                everything || names.contains(where: used.contains) || named && special
                                || isRawValueInitializer(member.decl)
                        }
                        guard keep else { continue }
                        guard mentionsOnlyProvided(inner) || typeName(of: member.decl) != nil else {
                            leftOut += 1
                            continue
                        }
                        members.append(member.with(\.decl, inner))
                    }
                    group.memberBlock.members = MemberBlockItemListSyntax(members)
                    return DeclSyntax(group)
                }

                for decl in module.declarations {
                    if let name = typeName(of: decl) {
                        let key = TypeKey(module: module.name, name: name)
                        guard isKept(key) else { continue }
                        let whole = full.contains(key) || decl.is(ProtocolDeclSyntax.self) || isResultBuilder(decl)
                        kept.append(filtered(decl, at: [name], everything: whole, named: full.contains(key)))
                    } else if let alias = decl.as(TypeAliasDeclSyntax.self) {
                        let key = TypeKey(module: module.name, name: alias.name.text)
                        if isKept(key) || used.contains(alias.name.text), mentionsOnlyProvided(decl) {
                            kept.append(decl)
                        }
                    } else if let extensionDecl = decl.as(ExtensionDeclSyntax.self) {
                        let path = extendedPath(of: extensionDecl)
                        let owner = derivedType(of: path, in: module.name)
                        let ownerPath =
                            owner.map { path[0] == $0.module && path.count > 1 ? Array(path.dropFirst()) : path }
                            ?? path
                        let reached =
                            owner.map {
                                isKept($0) && (ownerPath.count == 1 || isNeeded(ownerPath) || full.contains($0))
                            } ?? true
                        guard owner != nil || mentionsOnlyProvided(extensionDecl.extendedType) else {
                            leftOut += 1
                            continue
                        }
                        let conformance = extensionDecl.inheritanceClause != nil && reached
                        let result = filtered(
                            decl, at: ownerPath, everything: conformance,
                            named: owner.map { full.contains($0) && ownerPath.count == 1 } ?? false)
                        let hasMembers = !(memberBlock(of: result)?.members.isEmpty ?? true)
                        guard hasMembers || conformance else { continue }
                        if let clause = extensionDecl.inheritanceClause, !mentionsOnlyProvided(clause) {
                            leftOut += 1
                            if hasMembers {
                                kept.append(
                                    DeclSyntax(result.cast(ExtensionDeclSyntax.self).with(\.inheritanceClause, nil)))
                            }
                        } else {
                            kept.append(result)
                        }
                    } else if !declaredNames(of: decl).isEmpty {
                        if declaredNames(of: decl).contains(where: used.contains) {
                            if mentionsOnlyProvided(decl) { kept.append(decl) } else { leftOut += 1 }
                        }
                    }
                }
                // Every type the kept declarations mention must be declared, nested ones at their path.
                for decl in kept {
                    for path in TypeMentions.paths(in: decl) {
                        guard let key = derivedType(of: path, in: module.name) else { continue }
                        let inModule = path[0] == key.module && path.count > 1 ? Array(path.dropFirst()) : path
                        if !full.contains(key), shells.insert(key).inserted { changed = true }
                        if inModule.count > 1, needed[key.module, default: []].insert(inModule).inserted {
                            changed = true
                        }
                    }
                }
                outputs.append(
                    Output(module: module.name, text: render(module, kept, classes: classes), leftOut: leftOut))
            }
        }
        return outputs
    }

    /// Whether `decl` is a struct or class that states a conformance where it is declared (StoreKit's
    /// `Transaction.Transactions : AsyncSequence`): its witnesses — an iterator type, `makeAsyncIterator()`
    /// — are what the conformance needs, whatever the code names.
    private func declaresConformance(_ decl: DeclSyntax) -> Bool {
        let clause =
            decl.as(StructDeclSyntax.self)?.inheritanceClause ?? decl.as(ClassDeclSyntax.self)?.inheritanceClause
        return clause != nil
    }

    /// Whether `decl` is `init(rawValue:)`, a witness of the `RawRepresentable` an option set or an
    /// enum is: kept with its type.
    private func isRawValueInitializer(_ decl: DeclSyntax) -> Bool {
        decl.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters.first?.firstName.text == "rawValue"
    }

    /// Whether `decl` is a result builder (`@resultBuilder`, or `@_functionBuilder` as older interfaces spell it).
    private func isResultBuilder(_ decl: DeclSyntax) -> Bool {
        guard let attributes = decl.asProtocol(WithAttributesSyntax.self)?.attributes else { return false }
        return attributes.contains { element in
            guard case .attribute(let attribute) = element else { return false }
            return ["resultBuilder", "_functionBuilder"].contains(attribute.attributeName.trimmedDescription)
        }
    }

    private func render(_ module: InterfaceModule, _ kept: [DeclSyntax], classes: Set<String>) -> String {
        let source = modules.first { $0.name == module.name }!
        let flags =
            source.text.split(separator: "\n").first { $0.hasPrefix("// swift-module-flags:") }
            .map(String.init) ?? ""
        let features = flags.split(separator: " ").indices.compactMap { index -> String? in
            let words = flags.split(separator: " ")
            guard ["-enable-experimental-feature", "-enable-upcoming-feature"].contains(String(words[index])),
                index + 1 < words.count
            else { return nil }
            return "\(words[index]) \(words[index + 1])"
        }
        let allowed = Set(modules.map(\.name)).union(provided.keys)
        let imports = module.imports.filter { importDecl in
            let name = importDecl.path.first?.name.text ?? ""
            return allowed.contains(name) && name != module.name
        }
        var lines = [
            "// swift-interface-format-version: 1.0",
            "// swift-module-flags: "
                + (["-enable-library-evolution", "-swift-version 5"] + features + ["-module-name \(module.name)"])
                .joined(separator: " "),
            "// Derived from \(source.origin) by Tools/AppleDeclarations (scripts/derive-apple-declarations):",
            "// the declarations the iOS code names, without bodies or comments. Do not edit.",
        ]
        // A Clang module exports what it imports (`export *`), so a module read from headers re-exports;
        // and its headers reach modules the importer does not print an import of, so it imports every
        // module its declarations mention.
        let reexports = source.isFromHeaders
        // A derived module has no submodules: `import Security.SecAccessControl` imports `Security`.
        var importLines: [String] = []
        for importDecl in imports {
            var text = declarationText(
                DeclSyntax(
                    importDecl.with(
                        \.path, ImportPathComponentListSyntax([importDecl.path.first!.with(\.trailingPeriod, nil)])))
            )
            .trimmingLeadingNewlines()
            if reexports, !text.hasPrefix("@_exported") { text = "@_exported " + text }
            if !importLines.contains(text) { importLines.append(text) }
        }
        if reexports {
            let imported = Set(imports.compactMap { $0.path.first?.name.text })
            let mentioned = Set(kept.flatMap { TypeMentions.paths(in: $0) }.compactMap { $0.count > 1 ? $0[0] : nil })
            importLines += mentioned.subtracting(imported).subtracting([module.name, "Swift"])
                .intersection(allowed).sorted().map { "@_exported import \($0)" }
        }
        lines += importLines
        let lowering = ObjectiveCLowering(
            module: module.name, classesWithUnavailableInit: source.classesWithUnavailableInit, classes: classes)
        lines += kept.flatMap(lowering.lowered).map {
            declarationText($0).trimmingLeadingNewlines()
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate func trimmingLeadingNewlines() -> String { String(drop { $0 == "\n" }) }
}

/// The types a declaration mentions, as dotted paths (`["SwiftUI", "Binding"]`).
enum TypeMentions {
    static func paths(in node: some SyntaxProtocol) -> [[String]] {
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(node)
        return collector.paths
    }

    /// The unqualified names constraining `some` and `any` types in `node`.
    static func unqualifiedConstraints(in node: some SyntaxProtocol) -> [String] {
        let collector = ConstraintCollector(viewMode: .sourceAccurate)
        collector.walk(node)
        return collector.names
    }

    private final class ConstraintCollector: SyntaxVisitor {
        var names: [String] = []

        override func visit(_ node: SomeOrAnyTypeSyntax) -> SyntaxVisitorContinueKind {
            if let identifier = node.constraint.as(IdentifierTypeSyntax.self) { names.append(identifier.name.text) }
            return .visitChildren
        }
    }

    private final class Collector: SyntaxVisitor {
        var paths: [[String]] = []

        override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
            if let path = typePath(TypeSyntax(node)) {
                paths.append(path)
                if let arguments = node.genericArgumentClause { walk(arguments) }
                var base = node.baseType
                while let member = base.as(MemberTypeSyntax.self) {
                    if let arguments = member.genericArgumentClause { walk(arguments) }
                    base = member.baseType
                }
                if let identifier = base.as(IdentifierTypeSyntax.self), let arguments = identifier.genericArgumentClause
                {
                    walk(arguments)
                }
                return .skipChildren
            }
            return .visitChildren
        }

        override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
            paths.append([node.name.text])
            return .visitChildren
        }
    }
}
