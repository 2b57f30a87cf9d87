import AppleDeclarations
import Testing

/// Declarations as the compiler's importer prints a framework's headers (made here): an `@objc`
/// protocol with an optional requirement, an `NS_OPTIONS` struct, a Core Foundation type with a
/// factory initializer and a constant, Objective-C classes with and without an unavailable `init`.
private let imported = """
    import Foundation
    import Kit.Sub
    public protocol KitDelegate : ObjectiveC.NSObjectProtocol {
        @available(iOS 10.0, *)
        optional func center(_ center: Kit.Center, didReceive note: Kit.Note) async
        func required(_ center: Kit.Center)
    }
    public struct KitOptions : Swift.OptionSet, @unchecked Swift.Sendable {
        public init(rawValue: CoreFoundation.CFOptionFlags)
        public static var alert: Kit.KitOptions { get }
    }
    public class KitImage : Swift.Hashable {
    }
    public enum KitStyle : Swift.UInt32, @unchecked Swift.Sendable {
        case plain = 0
        case bold = 1
    }
    extension Kit.KitImage {
        public /*not inherited*/ init?(width: Swift.Int)
        public class let displayP3: CoreFoundation.CFString
    }
    public func KitImageCopy(_ image: Kit.KitImage) -> Kit.KitImage?
    open class Center : ObjectiveC.NSObject {
        @NSCopying open var note: Kit.Note? { get }
        weak open var delegate: (any Kit.KitDelegate)?
        open func request(_ options: Kit.KitOptions) async throws -> Swift.Bool
    }
    open class Note : ObjectiveC.NSObject {
    }
    """

private func derive(usedIn code: String) -> String {
    let spelling = StandInSpelling(
        standIn: "Stand", standsFor: ["ObjectiveC", "CoreFoundation", "Foundation"],
        declared: ["CFString", "CFOptionFlags"], toolchainModules: ["Swift", "Foundation"])
    let text = DiscardableResults.marked(spelling.respelled(imported))
    let derivation = Derivation(
        modules: [
            ModuleInterface(
                name: "Kit", text: text, origin: "the headers of Fixture.sdk's Kit",
                classesWithUnavailableInit: ["Note"])
        ],
        used: UsedNames(sources: [code]),
        provided: [
            "Swift": ["Bool", "Int", "Hashable", "OptionSet", "Sendable", "Hasher"],
            "Stand": ["NSObject", "NSObjectProtocol", "CFString", "CFOptionFlags"], "Foundation": [],
        ])
    return derivation.derive()[0].text
}

private let code = """
    import Kit
    final class Handler: NSObject, KitDelegate {
        func required(_ center: Center) {}
    }
    func use() async throws {
        let center = Center()
        center.delegate = Handler()
        _ = try await center.request(.alert)
        _ = center.note
        let image = KitImage(width: 2)
        _ = KitImage.displayP3
        KitImageCopy(image!)
        _ = KitStyle.bold.rawValue
    }
    """

@Suite("Declarations read from headers, lowered so Linux type-checks them as a Mac does")
struct HeaderLoweringTests {
    @Test("An optional requirement is a requirement with a default, so a conformance may leave it out")
    func optionalRequirement() {
        let text = derive(usedIn: code)
        #expect(!text.contains("optional func"))
        #expect(
            text.contains(
                "@available(iOS 10.0, *)\n    func center(_ center: Kit.Center, didReceive note: Kit.Note) async"))
        #expect(
            text.contains(
                "extension Kit.KitDelegate {\n  @available(iOS 10.0, *)\n  public func center(_ center: Kit.Center, didReceive note: Kit.Note) async\n}"
            ))
    }

    @Test(
        "Runtime-only attributes go; an option set declares its raw value; types Linux lacks are spelt through the stand-in"
    )
    func runtimeAttributesAndRawValues() {
        let text = derive(usedIn: code)
        #expect(!text.contains("@NSCopying"))
        #expect(text.contains("open var note: Kit.Note? { get }"))
        #expect(text.contains("public var rawValue: Stand.CFOptionFlags { get }"))
        #expect(text.contains("public init(rawValue: Stand.CFOptionFlags)"))
        #expect(
            text.contains(
                "public enum KitStyle : Swift.UInt32, @unchecked Swift.Sendable {\n    public init?(rawValue: Swift.UInt32)\n    public typealias RawValue = Swift.UInt32\n    public var rawValue: Swift.UInt32 { get }\n    case plain = 0"
            ), "an enum's raw value, which an interface must declare")
        #expect(text.contains("open class Center : Stand.NSObject"))
        #expect(text.contains("@_exported import Kit") == false, "a module never imports itself")
        #expect(text.contains("@_exported import Foundation"), "a Clang module exports what it imports")
    }

    @Test("A Core Foundation type is Hashable, its factory functions convenience initializers, its constants static")
    func coreFoundationTypes() {
        let text = derive(usedIn: code)
        #expect(text.contains("public func hash(into hasher: inout Swift.Hasher)"))
        #expect(text.contains("public static func == (lhs: Kit.KitImage, rhs: Kit.KitImage) -> Swift.Bool"))
        #expect(text.contains("public convenience init?(width: Swift.Int)"))
        #expect(text.contains("public static let displayP3: Stand.CFString"))
        #expect(text.contains("@discardableResult public func KitImageCopy"))
        #expect(text.contains("@discardableResult open func request"))
    }

    @Test("An NSObject subclass inherits init() unless its header makes init unavailable")
    func inheritedInit() {
        let text = derive(usedIn: code + "\nlet n: Note? = nil")
        #expect(text.contains("open class Center : Stand.NSObject {\n    public override init()"))
        #expect(text.contains("open class Note : Stand.NSObject {\n}"))
    }
}
