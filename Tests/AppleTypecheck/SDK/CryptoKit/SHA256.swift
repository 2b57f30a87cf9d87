// The hashing CryptoKit offers, as far as the native code uses it. swift-crypto mirrors this API on Linux;
// these declarations are transcribed from CryptoKit's own pages so they need no C build. Bodies are
// never run.

@_exported import AppleFoundation

/// https://developer.apple.com/documentation/cryptokit/digest
public protocol Digest: ContiguousBytes, CustomStringConvertible, Hashable, Sendable, Sequence
where Element == UInt8 {
    static var byteCount: Int { get }
}

/// https://developer.apple.com/documentation/cryptokit/hashfunction
public protocol HashFunction: Sendable {
    associatedtype Digest: CryptoKit.Digest
    static var blockByteCount: Int { get }
    init()
    mutating func update(bufferPointer: UnsafeRawBufferPointer)
    func finalize() -> Digest
}

extension HashFunction {
    /// https://developer.apple.com/documentation/cryptokit/hashfunction/hash(data:)
    public static func hash<D: DataProtocol>(data: D) -> Digest { fatalError() }

    /// https://developer.apple.com/documentation/cryptokit/hashfunction/update(data:)
    public mutating func update<D: DataProtocol>(data: D) { fatalError() }
}

/// https://developer.apple.com/documentation/cryptokit/sha256
public struct SHA256: HashFunction {
    public static var blockByteCount: Int { fatalError() }
    public static var byteCount: Int { fatalError() }
    public init() { fatalError() }
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) { fatalError() }
    public func finalize() -> SHA256Digest { fatalError() }
}

/// https://developer.apple.com/documentation/cryptokit/sha256digest
public struct SHA256Digest: Digest {
    public static var byteCount: Int { fatalError() }
    public var description: String { fatalError() }
    public func makeIterator() -> Array<UInt8>.Iterator { fatalError() }
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R { fatalError() }
}
