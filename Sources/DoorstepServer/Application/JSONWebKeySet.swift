import DoorstepHTTP
import DoorstepServerCore
import DoorstepWeb

/// The public signing keys as a JSON Web Key Set (RFC 7517), for `/.well-known/jwks.json`.
struct JSONWebKeySet: Encodable {
    struct Key: Encodable {
        var kty = "EC"
        var crv = "P-256"
        var x: String
        var y: String
        var kid: String
        var alg = "ES256"
        var use = "sig"
    }

    var keys: [Key]

    init(_ publicKeys: [AccessTokens.PublicKey]) {
        keys = publicKeys.map { Key(x: $0.x, y: $0.y, kid: $0.keyID) }
    }
}
