import DoorstepServerCore

/// The domain services one server is built from: the HTTP API calls them, and the web funnel runs
/// its effects with the very same ones in-process, so the web and the apps share accounts, codes,
/// answers and groups.
struct ServerServices: Sendable {
    /// The auth features, each its own service.
    let auth: AuthServices
    let providers: ProviderSignInService
    let profile: ProfileService
    let flows: FlowDataService
    let groups: GroupService
    let trainer: TrainerService
    /// Passkey ceremonies, when the server has a relying party.
    let passkeys: PasskeyService?
    let analytics: AnalyticsService
    /// App Store purchases and the entitlements they give (404 with no bundle id configured).
    let purchases: PurchaseService
    let admins: AdminAccess
    /// The name authenticator apps list the account under: the app mail speaks for.
    let secondFactorIssuer: String
    /// Everything held about a person, for `GET /v1/me/export` and `/account/export`.
    let exporter: AccountExporter
    /// Where the funnel's effects are recorded as spans.
    let spans: Spans

    /// The passkey service, or 404 when passkeys are off.
    func requirePasskeys() throws -> PasskeyService {
        guard let passkeys else { throw PasskeyError.disabled }
        return passkeys
    }
}
