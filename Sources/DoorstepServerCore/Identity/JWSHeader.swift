import Foundation

/// The header of a compact JWS, read before anything in it is trusted: to pick a key (`kid`) or to
/// count a certificate chain (`x5c`).
enum JWSHeader {
    /// The header's fields; nil when the token has no header that is base64url JSON.
    static func fields(of token: String) -> [String: Any]? {
        guard let header = token.split(separator: ".", maxSplits: 1).first,
            let bytes = Base64URL.decode(String(header))
        else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
    }
}
