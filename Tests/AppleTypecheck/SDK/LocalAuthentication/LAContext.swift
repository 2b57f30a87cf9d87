// Biometric and passcode evaluation. `LAContext` is an `NSObject` subclass that is not `Sendable`.
// Bodies are never run.

@_exported import AppleFoundation

/// https://developer.apple.com/documentation/localauthentication/lapolicy
public enum LAPolicy: Int, Sendable {
    case deviceOwnerAuthenticationWithBiometrics = 1
    case deviceOwnerAuthentication = 2
}

/// https://developer.apple.com/documentation/localauthentication/labiometrytype
public enum LABiometryType: Int, Sendable {
    case none = 0
    case touchID = 1
    case faceID = 2
    case opticID = 4
}

/// https://developer.apple.com/documentation/localauthentication/lacontext
open class LAContext: NSObject {
    public override init() { fatalError() }

    /// https://developer.apple.com/documentation/localauthentication/lacontext/canevaluatepolicy(_:error:)
    open func canEvaluatePolicy(_ policy: LAPolicy, error: NSErrorPointer) -> Bool { fatalError() }

    /// https://developer.apple.com/documentation/localauthentication/lacontext/evaluatepolicy(_:localizedreason:reply:)
    open func evaluatePolicy(
        _ policy: LAPolicy, localizedReason: String, reply: @escaping (Bool, (any Error)?) -> Void
    ) {
        fatalError()
    }

    /// https://developer.apple.com/documentation/localauthentication/lacontext/evaluatepolicy(_:localizedreason:reply:)
    open func evaluatePolicy(_ policy: LAPolicy, localizedReason: String) async throws -> Bool { fatalError() }

    /// https://developer.apple.com/documentation/localauthentication/lacontext/biometrytype
    open var biometryType: LABiometryType { fatalError() }

    /// https://developer.apple.com/documentation/localauthentication/lacontext/invalidate()
    open func invalidate() { fatalError() }
}
