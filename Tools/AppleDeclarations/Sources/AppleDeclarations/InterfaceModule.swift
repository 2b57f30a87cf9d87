import SwiftParser
import SwiftSyntax

/// One module's `.swiftinterface`, parsed: its imports and its top-level declarations, with each
/// `#if` block reduced to its first branch (the one the interface's own compiler took).
public struct InterfaceModule {
    /// The module's name.
    public var name: String
    /// The modules it imports, as written (`@_exported` kept).
    public var imports: [ImportDeclSyntax]
    /// Its top-level declarations in the interface's order.
    public var declarations: [DeclSyntax]

    /// Parses the interface text of module `name`.
    public init(name: String, interface: String) {
        self.name = name
        var imports: [ImportDeclSyntax] = []
        var declarations: [DeclSyntax] = []
        func collect(_ items: CodeBlockItemListSyntax) {
            for item in items {
                if let ifConfig = item.item.as(IfConfigDeclSyntax.self) {
                    if case .statements(let inner) = ifConfig.clauses.first?.elements { collect(inner) }
                } else if let importDecl = item.item.as(ImportDeclSyntax.self) {
                    imports.append(importDecl)
                } else if let decl = item.item.as(DeclSyntax.self) {
                    declarations.append(decl)
                }
            }
        }
        collect(Parser.parse(source: interface).statements)
        self.imports = imports
        self.declarations = declarations
    }
}

/// The name a declaration introduces, as a use would spell it: a function's base name, `init`,
/// `subscript`, a type's or property's name; nil for an extension or an operator declaration.
func declaredNames(of decl: DeclSyntax) -> [String] {
    if let function = decl.as(FunctionDeclSyntax.self) { return [function.name.text] }
    if decl.is(InitializerDeclSyntax.self) { return ["init"] }
    if decl.is(SubscriptDeclSyntax.self) { return ["subscript"] }
    if let variable = decl.as(VariableDeclSyntax.self) {
        return variable.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
    }
    if let enumCase = decl.as(EnumCaseDeclSyntax.self) { return enumCase.elements.map(\.name.text) }
    if let type = typeName(of: decl) { return [type] }
    if let alias = decl.as(TypeAliasDeclSyntax.self) { return [alias.name.text] }
    if let associated = decl.as(AssociatedTypeDeclSyntax.self) { return [associated.name.text] }
    return []
}

/// The name of a nominal type declaration (struct, class, enum, protocol, actor), else nil.
func typeName(of decl: DeclSyntax) -> String? {
    if let type = decl.as(StructDeclSyntax.self) { return type.name.text }
    if let type = decl.as(ClassDeclSyntax.self) { return type.name.text }
    if let type = decl.as(EnumDeclSyntax.self) { return type.name.text }
    if let type = decl.as(ProtocolDeclSyntax.self) { return type.name.text }
    if let type = decl.as(ActorDeclSyntax.self) { return type.name.text }
    return nil
}

/// The members of a type or extension declaration, else nil.
func memberBlock(of decl: DeclSyntax) -> MemberBlockSyntax? {
    decl.asProtocol(DeclGroupSyntax.self)?.memberBlock
}

/// The path an extension extends, such as `["SwiftUI", "View"]` for `extension SwiftUI.View`.
func extendedPath(of extensionDecl: ExtensionDeclSyntax) -> [String] {
    typePath(extensionDecl.extendedType) ?? []
}

/// The dotted path a type is spelt with (`Module.Outer.Inner`), or nil for anything but a plain name.
func typePath(_ type: TypeSyntax) -> [String]? {
    if let identifier = type.as(IdentifierTypeSyntax.self) { return [identifier.name.text] }
    if let member = type.as(MemberTypeSyntax.self), let base = typePath(member.baseType) {
        return base + [member.name.text]
    }
    return nil
}
