// Biometric and passcode evaluation. `LAContext` is an `NSObject` subclass that is not `Sendable`.
// From `LAContext.h`: `NS_ENUM`s import as enums that are not frozen, and the reply of a method that
// also imports as `async` is `@Sendable`. Bodies are never run.

@_exported import AppleFoundation

/// https://developer.apple.com/documentation/localauthentication/lapolicy
@available(iOS 8.0, *)
public enum LAPolicy: Int, Sendable {
    case deviceOwnerAuthenticationWithBiometrics = 1
    case deviceOwnerAuthentication = 2
}

/// https://developer.apple.com/documentation/localauthentication/labiometrytype
@available(iOS 11.0, *)
public enum LABiometryType: Int, Sendable {
    @available(iOS 11.2, *) case none = 0
    case touchID = 1
    case faceID = 2
    @available(iOS 17.0, *) case opticID = 4
}

/// https://developer.apple.com/documentation/localauthentication/lacontext
open class LAContext: NSObject {
    public override init() { fatalError() }

    /// https://developer.apple.com/documentation/localauthentication/lacontext/canevaluatepolicy(_:error:)
    open func canEvaluatePolicy(_ policy: LAPolicy, error: NSErrorPointer) -> Bool { fatalError() }

    /// https://developer.apple.com/documentation/localauthentication/lacontext/evaluatepolicy(_:localizedreason:reply:)
    open func evaluatePolicy(
        _ policy: LAPolicy, localizedReason: String, reply: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        fatalError()
    }

    /// https://developer.apple.com/documentation/localauthentication/lacontext/evaluatepolicy(_:localizedreason:reply:)
    open func evaluatePolicy(_ policy: LAPolicy, localizedReason: String) async throws -> Bool { fatalError() }

    /// https://developer.apple.com/documentation/localauthentication/lacontext/biometrytype
    @available(iOS 11.0, *)
    open var biometryType: LABiometryType { fatalError() }

    /// https://developer.apple.com/documentation/localauthentication/lacontext/invalidate()
    @available(iOS 9.0, *)
    open func invalidate() { fatalError() }
}
