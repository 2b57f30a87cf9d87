// Authorization requests and the controller that runs them. The controller is not isolated and not
// `Sendable`; its delegate protocols are `@MainActor`, so the system calls them on the main actor. Credentials
// are `NSObject` subclasses that are not `Sendable`. Bodies are never run.

@_exported import UIKit

/// https://developer.apple.com/documentation/authenticationservices/aspresentationanchor
public typealias ASPresentationAnchor = UIWindow

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationcredential
public protocol ASAuthorizationCredential: NSObjectProtocol {}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationprovider
public protocol ASAuthorizationProvider: NSObjectProtocol {}

/// https://developer.apple.com/documentation/authenticationservices/asauthorization
open class ASAuthorization: NSObject {
    /// https://developer.apple.com/documentation/authenticationservices/asauthorization/provider
    open var provider: any ASAuthorizationProvider { fatalError() }

    /// https://developer.apple.com/documentation/authenticationservices/asauthorization/credential
    open var credential: any ASAuthorizationCredential { fatalError() }

    /// https://developer.apple.com/documentation/authenticationservices/asauthorization/scope
    public struct Scope: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static var fullName: Scope { fatalError() }
        public static var email: Scope { fatalError() }
    }
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationrequest
open class ASAuthorizationRequest: NSObject {
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationrequest/provider
    open var provider: any ASAuthorizationProvider { fatalError() }
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontroller
open class ASAuthorizationController: NSObject {
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontroller/init(authorizationrequests:)
    public init(authorizationRequests: [ASAuthorizationRequest]) { fatalError() }

    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontroller/authorizationrequests
    open var authorizationRequests: [ASAuthorizationRequest] { fatalError() }

    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontroller/delegate
    open weak var delegate: (any ASAuthorizationControllerDelegate)? {
        get { fatalError() }
        set { fatalError() }
    }

    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontroller/presentationcontextprovider
    open weak var presentationContextProvider: (any ASAuthorizationControllerPresentationContextProviding)? {
        get { fatalError() }
        set { fatalError() }
    }

    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontroller/performrequests()
    open func performRequests() { fatalError() }

    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontroller/performautofillassistedrequests()
    open func performAutoFillAssistedRequests() { fatalError() }

    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontroller/cancel()
    open func cancel() { fatalError() }
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontrollerdelegate
///
/// Both methods are optional requirements in Objective-C; the default implementations below stand for that.
@MainActor @preconcurrency
public protocol ASAuthorizationControllerDelegate: NSObjectProtocol {
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontrollerdelegate/authorizationcontroller(controller:didcompletewithauthorization:)
    func authorizationController(
        controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization)

    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontrollerdelegate/authorizationcontroller(controller:didcompletewitherror:)
    func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error)
}

extension ASAuthorizationControllerDelegate {
    public func authorizationController(
        controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization
    ) {}

    public func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error) {
    }
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontrollerpresentationcontextproviding
@MainActor @preconcurrency
public protocol ASAuthorizationControllerPresentationContextProviding: NSObjectProtocol {
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationcontrollerpresentationcontextproviding/presentationanchor(for:)
    func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor
}
