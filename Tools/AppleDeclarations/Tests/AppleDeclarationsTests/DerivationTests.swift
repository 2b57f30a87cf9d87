import AppleDeclarations
import Testing

/// A small interface written the way Apple's are, made here: a View protocol with two `sheet`
/// overloads, a modifier nobody uses, a context class with a `@Sendable` reply, and a member that
/// mentions a module nobody provides.
private let interface = """
    // swift-interface-format-version: 1.0
    // swift-module-flags: -target arm64-apple-ios18.1 -enable-objc-interop -enable-library-evolution -swift-version 5 -enable-upcoming-feature InferSendableFromCaptures -module-name Kit
    import Combine
    import Swift
    import _Concurrency
    @available(iOS 13.0, macOS 10.15, *)
    @_Concurrency.MainActor @preconcurrency public protocol View {
      associatedtype Body : Kit.View
      /// The content.
      @Kit.ViewBuilder @_Concurrency.MainActor @preconcurrency var body: Self.Body { get }
    }
    @available(iOS 13.0, *)
    @resultBuilder public struct ViewBuilder {
      public static func buildBlock() -> Kit.EmptyView
    }
    @available(iOS 13.0, *)
    @frozen public struct EmptyView : Kit.View {
      public typealias Body = Swift.Never
    }
    extension Kit.View {
      @available(iOS 13.0, *)
      nonisolated public func sheet<Item, Content>(item: Kit.Binding<Item?>, @Kit.ViewBuilder content: @escaping (Item) -> Content) -> some Kit.View where Item : Swift.Identifiable, Content : Kit.View

      @available(iOS 13.0, *)
      @inlinable nonisolated public func sheet<Content>(isPresented: Kit.Binding<Swift.Bool>, @Kit.ViewBuilder content: @escaping () -> Content) -> some Kit.View where Content : Kit.View {
        sheet(item: .constant(nil)) { (_: Never) in content() }
      }
      @available(iOS 17.0, *)
      nonisolated public func unusedModifier() -> some Kit.View

      nonisolated public func publisher(_ p: Combine.AnyPublisher<Swift.Int, Swift.Never>) -> some Kit.View
      @usableFromInline
      internal func helper() -> Swift.Int
    }
    @frozen @propertyWrapper public struct Binding<Value> {
      public var wrappedValue: Value { get nonmutating set }
      public static func constant(_ value: Value) -> Kit.Binding<Value>
    }
    @available(iOS 8.0, *)
    open class Context {
      open func evaluate(reason: Swift.String, reply: @escaping @Sendable (Swift.Bool, (any Swift.Error)?) -> Swift.Void)
      @available(iOS 17.4, *)
      open var excluded: [Swift.String]? {
        get
        set
      }
      public init()
      public private(set) var attempts: Swift.Int {
        get
      }
    }
    extension Kit.Binding where Value : Swift.Collection {
      public func element(at index: Value.Index) -> Value.Element
    }
    public struct Unused {
    }
    """

private func derive(usedIn code: String) -> Derivation.Output {
    let derivation = Derivation(
        modules: [ModuleInterface(name: "Kit", text: interface, origin: "Fixture.sdk/Kit.swiftinterface")],
        used: UsedNames(sources: [code]),
        provided: [
            "Swift": ["Bool", "String", "Int", "Never", "Error", "Identifiable", "Void"], "_Concurrency": ["MainActor"],
        ])
    return derivation.derive()[0]
}

private let code = """
    import Kit
    struct Screen: View {
        @State var shown = false
        var body: some View { EmptyView().sheet(isPresented: $shown) { EmptyView() } }
        func check(_ context: Context) { context.evaluate(reason: "Unlock") { _, _ in } ; _ = context.excluded }
    }
    """

@Suite("Deriving declarations from an SDK interface")
struct DerivationTests {
    @Test("Every overload of a name the code uses is kept, with its availability and isolation; bodies are not")
    func everyOverload() {
        let text = derive(usedIn: code).text
        #expect(text.contains("public func sheet<Item, Content>(item: Kit.Binding<Item?>"))
        #expect(
            text.contains(
                "@available(iOS 13.0, *) nonisolated public func sheet<Content>(isPresented: Kit.Binding<Swift.Bool>"))
        #expect(!text.contains("@inlinable"), "a published body's attribute goes with the body")
        #expect(!text.contains("sheet(item: .constant(nil))"), "no bodies")
        #expect(text.contains("@_Concurrency.MainActor @preconcurrency public protocol View"))
        #expect(text.contains("reply: @escaping @Sendable (Swift.Bool, (any Swift.Error)?) -> Swift.Void"))
        #expect(text.contains("@available(iOS 17.4, *)\n  open var excluded: [Swift.String]?"))
    }

    @Test("A public property with a private setter, and a member naming its type's generic parameter, are kept")
    func keptDespiteAppearances() {
        let text = derive(usedIn: code + "\nlet e = binding.element(at: 0)").text
        #expect(text.contains("public private(set) var attempts: Swift.Int"))
        #expect(text.contains("public func element(at index: Value.Index) -> Value.Element"))
    }

    @Test("What the code never names stays out; a member naming a module nobody provides is counted")
    func leftOut() {
        let output = derive(usedIn: code)
        #expect(!output.text.contains("unusedModifier"))
        #expect(!output.text.contains("struct Unused"))
        #expect(!output.text.contains("helper"), "an @usableFromInline internal helper is not interface")
        #expect(!output.text.contains("The content."), "no comments")
        #expect(!output.text.contains("import Combine"))
        let withPublisher = derive(usedIn: code + "\nlet p = publisher")
        #expect(!withPublisher.text.contains("Combine.AnyPublisher"))
        #expect(withPublisher.leftOut == 1)
    }

    @Test("A type the kept declarations mention is declared, so the result compiles")
    func closure() {
        let text = derive(usedIn: code).text
        #expect(text.contains("@resultBuilder public struct ViewBuilder"))
        #expect(
            text.contains("public static func buildBlock() -> Kit.EmptyView"), "a builder keeps what it builds with")
        #expect(text.contains("@frozen @propertyWrapper public struct Binding<Value>"))
    }

    @Test("The file names its SDK and module flags fit for Linux; the same input gives the same bytes")
    func header() {
        let text = derive(usedIn: code).text
        let lines = text.split(separator: "\n")
        #expect(lines[0] == "// swift-interface-format-version: 1.0")
        #expect(
            lines[1]
                == "// swift-module-flags: -enable-library-evolution -swift-version 5 -enable-upcoming-feature InferSendableFromCaptures -module-name Kit"
        )
        #expect(lines[2].contains("Fixture.sdk/Kit.swiftinterface"))
        #expect(derive(usedIn: code).text == text)
    }

    @Test("A nested type that conforms where it is declared keeps its witnesses, so the conformance compiles")
    func conformanceWitnesses() {
        let store = """
            // swift-interface-format-version: 1.0
            // swift-module-flags: -enable-library-evolution -swift-version 5 -module-name Store
            import Swift
            import _Concurrency
            public struct Receipt {
              public var id: Swift.Int { get }
            }
            extension Store.Receipt {
              public struct Receipts : _Concurrency.AsyncSequence {
                public typealias Element = Store.Receipt
                public struct AsyncIterator : _Concurrency.AsyncIteratorProtocol {
                  public mutating func next() async -> Store.Receipt?
                }
                public func makeAsyncIterator() -> Store.Receipt.Receipts.AsyncIterator
              }
              public static var updates: Store.Receipt.Receipts { get }
              public static var unrelated: Swift.Int { get }
              public static func updates(in scene: some UIScene) -> Store.Receipt.Receipts
            }
            """
        let derivation = Derivation(
            modules: [ModuleInterface(name: "Store", text: store, origin: "Fixture.sdk/Store.swiftinterface")],
            used: UsedNames(sources: ["import Store\nfunc f() async { for await r in Receipt.updates { _ = r.id } }"]),
            provided: ["Swift": ["Int"], "_Concurrency": ["AsyncSequence", "AsyncIteratorProtocol"]])
        let text = derivation.derive()[0].text
        #expect(text.contains("public func makeAsyncIterator() -> Store.Receipt.Receipts.AsyncIterator"))
        #expect(text.contains("public mutating func next() async -> Store.Receipt?"))
        #expect(!text.contains("unrelated"), "the conformance keeps its witnesses, not its neighbours")
        #expect(!text.contains("UIScene"), "an unqualified constraint no module here declares is left out")
        #expect(derivation.derive()[0].leftOut == 1)
    }
}
