import Foundation

/// Seals the refresh tokens Apple gives for linked accounts (kept only to revoke them when an account
/// is deleted), so reading the database does not hand them out.
public struct ProviderTokenSealer: Sendable {
    let key: SealingKey
    static let prefix = "sealed.v1."

    /// A sealer whose key is derived from `keys`.
    public init(keys: ServerKeys) {
        key = SealingKey(keys: keys, purpose: "doorstep provider refresh tokens")
    }

    /// The token as it is stored.
    public func seal(_ token: String) throws -> String {
        Self.prefix + (try key.seal(Data(token.utf8))).base64EncodedString()
    }

    /// The token a stored value holds: opened when sealed, as it is when an earlier release stored it in
    /// the clear, nil when it cannot be opened (sealed under other keys).
    public func open(_ stored: String) -> String? {
        guard stored.hasPrefix(Self.prefix) else { return stored }
        guard let sealed = Data(base64Encoded: String(stored.dropFirst(Self.prefix.count))),
            let token = try? key.open(sealed)
        else { return nil }
        return String(decoding: token, as: UTF8.self)
    }

    /// The identities with their provider tokens opened, for revoking them.
    public func opened(_ identities: [IdentityRecord]) -> [IdentityRecord] {
        identities.map { identity in
            var identity = identity
            identity.providerRefreshToken = identity.providerRefreshToken.flatMap(open)
            return identity
        }
    }
}
