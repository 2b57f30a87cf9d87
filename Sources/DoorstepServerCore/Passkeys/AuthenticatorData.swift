/// Authenticator data (WebAuthn §6.1): the RP ID's hash, flags, the signature counter and, at
/// registration, the new credential.
public struct AuthenticatorData: Sendable, Hashable {
    /// The credential created at registration.
    public struct AttestedCredential: Sendable, Hashable {
        /// The authenticator model, all zeros when not disclosed.
        public var aaguid: [UInt8]
        /// The credential's id.
        public var id: [UInt8]
        /// Its public key.
        public var publicKey: COSEKey
    }

    /// SHA-256 of the RP ID the authenticator scoped the credential to.
    public var rpIDHash: [UInt8]
    /// The flags byte.
    public var flags: UInt8
    /// The signature counter; 0 when the authenticator keeps none.
    public var signCount: UInt32
    /// The new credential, present at registration.
    public var credential: AttestedCredential?
    /// The bytes as received; signatures cover them.
    public var raw: [UInt8]

    /// User present (UP).
    public var userPresent: Bool { flags & 0x01 != 0 }
    /// User verified (UV): Face ID, Touch ID or a PIN.
    public var userVerified: Bool { flags & 0x04 != 0 }
    /// Backup eligible (BE): a synced passkey.
    public var backupEligible: Bool { flags & 0x08 != 0 }
    /// Backed up (BS).
    public var backedUp: Bool { flags & 0x10 != 0 }

    /// Parses authenticator data.
    public init(_ bytes: [UInt8]) throws(PasskeyError) {
        guard bytes.count >= 37 else { throw .malformed("authenticator data is shorter than 37 bytes") }
        raw = bytes
        rpIDHash = Array(bytes[0..<32])
        flags = bytes[32]
        signCount = bytes[33..<37].reduce(0) { $0 << 8 | UInt32($1) }
        guard flags & 0x10 == 0 || flags & 0x08 != 0 else {
            throw .malformed("a credential cannot be backed up without being backup eligible")
        }
        var offset = 37
        if flags & 0x40 != 0 {
            guard bytes.count >= offset + 18 else { throw .malformed("attested credential data is truncated") }
            let aaguid = Array(bytes[offset..<offset + 16])
            let length = Int(bytes[offset + 16]) << 8 | Int(bytes[offset + 17])
            offset += 18
            guard length > 0, length <= 1_023, bytes.count >= offset + length else {
                throw .malformed("the credential id is empty, longer than 1023 bytes, or truncated")
            }
            let id = Array(bytes[offset..<offset + length])
            offset += length
            let key: CBOR
            let consumed: Int
            do {
                (key, consumed) = try CBORDecoder.decodePrefix(Array(bytes[offset...]))
            } catch {
                throw .malformed("the credential public key is not CBOR: \(error)")
            }
            offset += consumed
            credential = AttestedCredential(aaguid: aaguid, id: id, publicKey: try COSEKey(key))
        } else {
            credential = nil
        }
        if flags & 0x80 != 0 {
            guard offset < bytes.count, (try? CBORDecoder.decode(Array(bytes[offset...]))) != nil else {
                throw .malformed("the extensions are not one CBOR map")
            }
        } else if offset != bytes.count {
            throw .malformed("authenticator data has bytes after its end")
        }
    }
}
