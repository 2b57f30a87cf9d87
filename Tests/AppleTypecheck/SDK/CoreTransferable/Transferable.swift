// The protocol that lets a value be loaded from a picker item or a drop, as the SDK's
// `CoreTransferable.swiftinterface` declares it: a conformance names its representation. Bodies are never run.

@_exported import AppleFoundation

/// https://developer.apple.com/documentation/coretransferable/transferrepresentation
@available(iOS 16.0, *)
public protocol TransferRepresentation<Item>: Sendable {
    associatedtype Item: Transferable
    associatedtype Body: TransferRepresentation
    @TransferRepresentationBuilder<Item> var body: Body { get }
}

/// https://developer.apple.com/documentation/coretransferable/transferable
@available(iOS 16.0, *)
public protocol Transferable {
    associatedtype Representation: TransferRepresentation
    @TransferRepresentationBuilder<Self> static var transferRepresentation: Representation { get }
}

/// https://developer.apple.com/documentation/coretransferable/transferrepresentationbuilder
@available(iOS 16.0, *)
@resultBuilder
public struct TransferRepresentationBuilder<Item: Transferable> {
    public static func buildExpression<R: TransferRepresentation>(_ content: R) -> R where R.Item == Item {
        content
    }
    public static func buildBlock<Content: TransferRepresentation>(_ content: Content) -> Content
    where Content.Item == Item {
        content
    }
}

/// https://developer.apple.com/documentation/coretransferable/datarepresentation
@available(iOS 16.0, *)
public struct DataRepresentation<Item: Transferable>: TransferRepresentation {
    public typealias Body = Never
    init() { fatalError() }
}

@available(iOS 16.0, *)
extension TransferRepresentation where Body == Never {
    public var body: Never { fatalError() }
}

@available(iOS 16.0, *)
extension Never: TransferRepresentation {
    public typealias Item = Never
    public typealias Body = Never
}

@available(iOS 16.0, *)
extension Never: Transferable {
    public static var transferRepresentation: Never { fatalError() }
}

/// https://developer.apple.com/documentation/foundation/data
@available(iOS 16.0, *)
extension Data: Transferable {
    public static var transferRepresentation: DataRepresentation<Data> { DataRepresentation() }
}

/// https://developer.apple.com/documentation/swift/string
@available(iOS 16.0, *)
extension String: Transferable {
    public static var transferRepresentation: DataRepresentation<String> { DataRepresentation() }
}
