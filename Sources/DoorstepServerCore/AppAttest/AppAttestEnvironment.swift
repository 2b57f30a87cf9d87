/// Which App Attest environment keys are accepted from: the `aaguid` of a key's authenticator data
/// says which one attested it. An app built for development (the `development` entitlement) attests
/// in the development environment, where Apple vouches for fewer things; a production server refuses
/// those keys.
public enum AppAttestEnvironment: String, Sendable, Hashable, CaseIterable {
    case production
    case development

    /// The 16 bytes of `aaguid` a key attested in this environment carries: `appattest` then seven
    /// zero bytes in production, `appattestdevelop` in development.
    public var aaguid: [UInt8] {
        switch self {
        case .production: return Array("appattest".utf8) + [UInt8](repeating: 0, count: 7)
        case .development: return Array("appattestdevelop".utf8)
        }
    }
}
