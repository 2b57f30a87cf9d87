// The protocol that lets a value be loaded from a picker item or a drop. Bodies are never run.

@_exported import AppleFoundation

/// https://developer.apple.com/documentation/coretransferable/transferable
public protocol Transferable {}

/// https://developer.apple.com/documentation/foundation/data
extension Data: Transferable {}

/// https://developer.apple.com/documentation/swift/string
extension String: Transferable {}
