/// The WebAuthn Level 3 JSON shapes (`PublicKeyCredentialCreationOptionsJSON` and friends), so a
/// browser's `PublicKeyCredential.parseCreationOptionsFromJSON` and `toJSON()` work as they are.
/// Binary values are base64url.
public struct CreationOptions: Codable, Sendable, Hashable {
    public struct RelyingParty: Codable, Sendable, Hashable {
        public var id: String
        public var name: String
    }

    public struct User: Codable, Sendable, Hashable {
        public var id: String
        public var name: String
        public var displayName: String
    }

    public struct Parameter: Codable, Sendable, Hashable {
        public var type = "public-key"
        public var alg: Int
    }

    public struct Selection: Codable, Sendable, Hashable {
        public var residentKey = "required"
        public var requireResidentKey = true
        public var userVerification: String
    }

    public var rp: RelyingParty
    public var user: User
    public var challenge: String
    public var pubKeyCredParams: [Parameter]
    public var timeout: Int
    public var excludeCredentials: [CredentialDescriptor]
    public var authenticatorSelection: Selection
    public var attestation = "none"
}

/// A credential named in options.
public struct CredentialDescriptor: Codable, Sendable, Hashable {
    public var type = "public-key"
    public var id: String
}

/// `PublicKeyCredentialRequestOptionsJSON`: no credentials listed, so any passkey of this site works
/// and no email is asked first.
public struct RequestOptions: Codable, Sendable, Hashable {
    public var challenge: String
    public var timeout: Int
    public var rpId: String
    public var allowCredentials: [CredentialDescriptor]
    public var userVerification: String
}

/// `RegistrationResponseJSON`, as `PublicKeyCredential.toJSON()` gives it after `create()`.
public struct RegistrationResponse: Codable, Sendable, Hashable {
    public struct Body: Codable, Sendable, Hashable {
        public var clientDataJSON: String
        public var attestationObject: String
        public var transports: [String]?

        public init(clientDataJSON: String, attestationObject: String, transports: [String]? = nil) {
            self.clientDataJSON = clientDataJSON
            self.attestationObject = attestationObject
            self.transports = transports
        }
    }

    public var id: String
    public var rawId: String
    public var type: String
    public var response: Body

    public init(id: String, rawId: String, type: String = "public-key", response: Body) {
        self.id = id
        self.rawId = rawId
        self.type = type
        self.response = response
    }
}

/// `AuthenticationResponseJSON`, as `PublicKeyCredential.toJSON()` gives it after `get()`.
public struct AuthenticationResponse: Codable, Sendable, Hashable {
    public struct Body: Codable, Sendable, Hashable {
        public var clientDataJSON: String
        public var authenticatorData: String
        public var signature: String
        public var userHandle: String?

        public init(clientDataJSON: String, authenticatorData: String, signature: String, userHandle: String?) {
            self.clientDataJSON = clientDataJSON
            self.authenticatorData = authenticatorData
            self.signature = signature
            self.userHandle = userHandle
        }
    }

    public var id: String
    public var rawId: String
    public var type: String
    public var response: Body

    public init(id: String, rawId: String, type: String = "public-key", response: Body) {
        self.id = id
        self.rawId = rawId
        self.type = type
        self.response = response
    }
}
