// Sign in with Apple: the provider, its request, its credential, and SwiftUI's button. Bodies are never run.

@_exported import SwiftUI

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidprovider
open class ASAuthorizationAppleIDProvider: NSObject, ASAuthorizationProvider {
    public override init() { fatalError() }

    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidprovider/createrequest()
    open func createRequest() -> ASAuthorizationAppleIDRequest { fatalError() }
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationopenidrequest
open class ASAuthorizationOpenIDRequest: ASAuthorizationRequest {
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationopenidrequest/requestedscopes
    open var requestedScopes: [ASAuthorization.Scope]? {
        get { fatalError() }
        set { fatalError() }
    }

    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationopenidrequest/nonce
    open var nonce: String? {
        get { fatalError() }
        set { fatalError() }
    }

    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationopenidrequest/state
    open var state: String? {
        get { fatalError() }
        set { fatalError() }
    }
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidrequest
open class ASAuthorizationAppleIDRequest: ASAuthorizationOpenIDRequest {}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidcredential
open class ASAuthorizationAppleIDCredential: NSObject, ASAuthorizationCredential {
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidcredential/user
    open var user: String { fatalError() }

    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidcredential/identitytoken
    open var identityToken: Data? { fatalError() }

    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidcredential/authorizationcode
    open var authorizationCode: Data? { fatalError() }

    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidcredential/fullname
    open var fullName: PersonNameComponents? { fatalError() }

    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationappleidcredential/email
    open var email: String? { fatalError() }
}

/// https://developer.apple.com/documentation/authenticationservices/signinwithapplebutton
@MainActor @preconcurrency
public struct SignInWithAppleButton: View {
    public var body: Never { fatalError() }

    /// https://developer.apple.com/documentation/authenticationservices/signinwithapplebutton/label
    public struct Label: Sendable {
        public static var signIn: Label { fatalError() }
        public static var `continue`: Label { fatalError() }
        public static var signUp: Label { fatalError() }
    }

    /// https://developer.apple.com/documentation/authenticationservices/signinwithapplebutton/style
    public struct Style: Sendable {
        public static var black: Style { fatalError() }
        public static var white: Style { fatalError() }
        public static var whiteOutline: Style { fatalError() }
    }

    /// https://developer.apple.com/documentation/authenticationservices/signinwithapplebutton/init(_:onrequest:oncompletion:)
    nonisolated public init(
        _ label: SignInWithAppleButton.Label = .signIn,
        onRequest: @escaping (ASAuthorizationAppleIDRequest) -> Void,
        onCompletion: @escaping (Result<ASAuthorization, any Error>) -> Void
    ) {
        fatalError()
    }
}

extension View {
    /// https://developer.apple.com/documentation/swiftui/view/signinwithapplebuttonstyle(_:)
    nonisolated public func signInWithAppleButtonStyle(_ style: SignInWithAppleButton.Style) -> some View {
        fatalError()
    }
}
