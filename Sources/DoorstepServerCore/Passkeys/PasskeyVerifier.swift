import Crypto

/// Who the passkeys are for: the RP ID credentials are scoped to, and the origins (web pages and
/// apps) allowed to run ceremonies for it.
public struct PasskeyRelyingParty: Sendable, Hashable {
    /// The RP ID, a domain such as `example.com`.
    public var id: String
    /// The name authenticators show.
    public var name: String
    /// Origins as clients report them: `https://auth.example.com`, or `https://<rp id>`
    /// from an iOS app associated with the RP ID.
    public var origins: Set<String>
    /// Whether Face ID, Touch ID or a PIN must confirm the person (not only their presence).
    public var requiresUserVerification: Bool

    /// Creates a relying party.
    public init(id: String, name: String, origins: Set<String>, requiresUserVerification: Bool = true) {
        self.id = id
        self.name = name
        self.origins = origins
        self.requiresUserVerification = requiresUserVerification
    }

    var idHash: [UInt8] { Array(SHA256.hash(data: Array(id.utf8))) }
}

/// A registration that passed every check: what to store.
public struct VerifiedRegistration: Sendable, Hashable {
    public var credentialID: [UInt8]
    public var publicKey: COSEKey
    public var signCount: UInt32
    public var backupEligible: Bool
    public var backedUp: Bool
    public var aaguid: [UInt8]
    /// `none`, or `packed` when a self attestation's signature was checked.
    public var attestation: String
}

/// An assertion that passed every check.
public struct VerifiedAssertion: Sendable, Hashable {
    public var signCount: UInt32
    public var backedUp: Bool
    public var userVerified: Bool
}

/// The relying party's verification steps of WebAuthn Level 3 (§7.1 registration, §7.2
/// authentication), in order. Pure: storage of challenges and credentials is the caller's.
public struct PasskeyVerifier: Sendable {
    /// The relying party checked against.
    public let party: PasskeyRelyingParty

    /// Creates a verifier for `party`.
    public init(party: PasskeyRelyingParty) {
        self.party = party
    }

    /// Checks a new credential's `clientDataJSON` and `attestationObject` against the challenge the
    /// server issued.
    public func verifyRegistration(
        clientDataJSON: [UInt8], attestationObject: [UInt8], challenge: [UInt8]
    ) throws(PasskeyError) -> VerifiedRegistration {
        try checkClientData(clientDataJSON, type: "webauthn.create", challenge: challenge)
        let clientDataHash = Array(SHA256.hash(data: clientDataJSON))
        let attestation: CBOR
        do {
            attestation = try CBORDecoder.decode(attestationObject)
        } catch {
            throw .malformed("the attestation object is not CBOR: \(error)")
        }
        guard let format = attestation[text: "fmt"]?.text, let authDataBytes = attestation[text: "authData"]?.bytes,
            let statement = attestation[text: "attStmt"], case .map = statement
        else { throw .malformed("the attestation object lacks fmt, authData or attStmt") }
        let authData = try AuthenticatorData(authDataBytes)
        try checkFlagsAndScope(authData)
        guard let credential = authData.credential else { throw .malformed("no credential was attested") }
        let checked = try checkAttestation(
            format, statement: statement, authData: authData, credential: credential, clientDataHash: clientDataHash)
        return VerifiedRegistration(
            credentialID: credential.id, publicKey: credential.publicKey, signCount: authData.signCount,
            backupEligible: authData.backupEligible, backedUp: authData.backedUp, aaguid: credential.aaguid,
            attestation: checked)
    }

    /// Checks an assertion made with a stored credential.
    /// - Parameters:
    ///   - storedSignCount: the counter kept from the credential's last use.
    ///   - storedBackupEligible: whether the credential was backup eligible when registered.
    public func verifyAssertion(
        clientDataJSON: [UInt8], authenticatorData: [UInt8], signature: [UInt8], challenge: [UInt8],
        publicKey: COSEKey, storedSignCount: UInt32, storedBackupEligible: Bool
    ) throws(PasskeyError) -> VerifiedAssertion {
        try checkClientData(clientDataJSON, type: "webauthn.get", challenge: challenge)
        let authData = try AuthenticatorData(authenticatorData)
        try checkFlagsAndScope(authData)
        guard authData.credential == nil else { throw .malformed("an assertion must not attest a credential") }
        guard authData.backupEligible == storedBackupEligible else {
            throw .malformed("the credential's backup eligibility changed")
        }
        let signed = authenticatorData + Array(SHA256.hash(data: clientDataJSON))
        guard publicKey.isValidSignature(signature, for: signed) else { throw .badSignature }
        if authData.signCount != 0 || storedSignCount != 0, authData.signCount <= storedSignCount {
            throw .counterRegressed
        }
        return VerifiedAssertion(
            signCount: authData.signCount, backedUp: authData.backedUp, userVerified: authData.userVerified)
    }

    // MARK: - Steps both ceremonies share

    private func checkClientData(_ json: [UInt8], type: String, challenge: [UInt8]) throws(PasskeyError) {
        let clientData = try ClientData(json: json)
        guard clientData.type == type else {
            throw .malformed("the client data is for \(clientData.type), not \(type)")
        }
        guard clientData.challenge == challenge else { throw .challengeInvalid }
        guard party.origins.contains(clientData.origin), !clientData.crossOrigin else {
            throw .originNotAllowed(clientData.origin)
        }
    }

    private func checkFlagsAndScope(_ authData: AuthenticatorData) throws(PasskeyError) {
        guard authData.rpIDHash == party.idHash else { throw .rpIDMismatch }
        guard authData.userPresent else { throw .userNotVerified }
        if party.requiresUserVerification, !authData.userVerified { throw .userNotVerified }
    }

    /// `none` must carry an empty statement; `packed` self attestation is verified with the new key.
    /// A statement with a certificate chain is taken as `none`: Doorstep asks for no attestation and
    /// decides nothing on the authenticator's make.
    private func checkAttestation(
        _ format: String, statement: CBOR, authData: AuthenticatorData,
        credential: AuthenticatorData.AttestedCredential, clientDataHash: [UInt8]
    ) throws(PasskeyError) -> String {
        switch format {
        case "none":
            guard case .map(let pairs) = statement, pairs.isEmpty else {
                throw .malformed("a `none` attestation must have an empty statement")
            }
            return "none"
        case "packed":
            guard let algorithm = statement[text: "alg"]?.integer, let signature = statement[text: "sig"]?.bytes else {
                throw .malformed("a packed attestation needs alg and sig")
            }
            if statement[text: "x5c"] != nil { return "none" }
            guard algorithm == credential.publicKey.algorithm else {
                throw .malformed("the self attestation's algorithm is not the credential's")
            }
            guard credential.publicKey.isValidSignature(signature, for: authData.raw + clientDataHash) else {
                throw .badSignature
            }
            return "packed"
        default:
            return "none"
        }
    }
}
