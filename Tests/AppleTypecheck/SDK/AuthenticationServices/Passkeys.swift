// Passkeys on the platform authenticator: the provider, its registration and assertion requests, and the
// credentials they return. Bodies are never run.

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialuserverificationpreference
public struct ASAuthorizationPublicKeyCredentialUserVerificationPreference: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static var preferred: Self { fatalError() }
    public static var required: Self { fatalError() }
    public static var discouraged: Self { fatalError() }
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialprovider
open class ASAuthorizationPlatformPublicKeyCredentialProvider: NSObject, ASAuthorizationProvider {
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialprovider/init(relyingpartyidentifier:)
    public init(relyingPartyIdentifier: String) { fatalError() }

    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialprovider/createcredentialregistrationrequest(challenge:name:userid:)
    open func createCredentialRegistrationRequest(challenge: Data, name: String, userID: Data)
        -> ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest
    {
        fatalError()
    }

    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialprovider/createcredentialassertionrequest(challenge:)
    open func createCredentialAssertionRequest(challenge: Data)
        -> ASAuthorizationPlatformPublicKeyCredentialAssertionRequest
    {
        fatalError()
    }
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialdescriptor
open class ASAuthorizationPlatformPublicKeyCredentialDescriptor: NSObject {
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialdescriptor/init(credentialid:)
    public init(credentialID: Data) { fatalError() }
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialregistrationrequest
open class ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest: ASAuthorizationRequest {
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialregistrationrequest/userverificationpreference
    open var userVerificationPreference: ASAuthorizationPublicKeyCredentialUserVerificationPreference {
        get { fatalError() }
        set { fatalError() }
    }

    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialregistrationrequest/excludedcredentials
    /// From `ASAuthorizationWebBrowserPlatformPublicKeyCredentialRegistrationRequest` (iOS 17.4), `nullable`.
    @available(iOS 17.4, *)
    open var excludedCredentials: [ASAuthorizationPlatformPublicKeyCredentialDescriptor]? {
        get { fatalError() }
        set { fatalError() }
    }
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialassertionrequest
open class ASAuthorizationPlatformPublicKeyCredentialAssertionRequest: ASAuthorizationRequest {
    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialassertionrequest/userverificationpreference
    open var userVerificationPreference: ASAuthorizationPublicKeyCredentialUserVerificationPreference {
        get { fatalError() }
        set { fatalError() }
    }

    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialassertionrequest/allowedcredentials
    open var allowedCredentials: [ASAuthorizationPlatformPublicKeyCredentialDescriptor] {
        get { fatalError() }
        set { fatalError() }
    }
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialregistration
open class ASAuthorizationPlatformPublicKeyCredentialRegistration: NSObject, ASAuthorizationCredential {
    /// https://developer.apple.com/documentation/authenticationservices/aspublickeycredential/credentialid
    open var credentialID: Data { fatalError() }

    /// https://developer.apple.com/documentation/authenticationservices/aspublickeycredential/rawclientdatajson
    open var rawClientDataJSON: Data { fatalError() }

    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialregistration/rawattestationobject
    open var rawAttestationObject: Data? { fatalError() }
}

/// https://developer.apple.com/documentation/authenticationservices/asauthorizationplatformpublickeycredentialassertion
open class ASAuthorizationPlatformPublicKeyCredentialAssertion: NSObject, ASAuthorizationCredential {
    /// https://developer.apple.com/documentation/authenticationservices/aspublickeycredential/credentialid
    open var credentialID: Data { fatalError() }

    /// https://developer.apple.com/documentation/authenticationservices/aspublickeycredential/rawclientdatajson
    open var rawClientDataJSON: Data { fatalError() }

    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialassertion/rawauthenticatordata
    open var rawAuthenticatorData: Data! { fatalError() }

    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialassertion/userid
    open var userID: Data! { fatalError() }

    /// https://developer.apple.com/documentation/authenticationservices/asauthorizationpublickeycredentialassertion/signature
    open var signature: Data! { fatalError() }
}
