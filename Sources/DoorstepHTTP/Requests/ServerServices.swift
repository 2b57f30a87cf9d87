import DoorstepServerCore

/// The domain services one server is built from: the HTTP API calls them, and the web funnel runs
/// its effects with the very same ones in-process, so the web and the apps share accounts, codes,
/// answers and groups.
package struct ServerServices: Sendable {
    /// The auth features, each its own service.
    package let auth: AuthServices
    package let providers: ProviderSignInService
    package let profile: ProfileService
    package let flows: FlowDataService
    package let groups: GroupService
    package let trainer: TrainerService
    /// Passkey ceremonies, when the server has a relying party.
    package let passkeys: PasskeyService?
    package let analytics: AnalyticsService
    /// App Store purchases and the entitlements they give (404 with no bundle id configured).
    package let purchases: PurchaseService
    package let admins: AdminAccess
    /// The name authenticator apps list the account under: the app mail speaks for.
    package let secondFactorIssuer: String
    /// Everything held about a person, for `GET /v1/me/export` and `/account/export`.
    package let exporter: AccountExporter
    /// Where the funnel's effects are recorded as spans.
    package let spans: Spans

    /// The passkey service, or 404 when passkeys are off.
    package func requirePasskeys() throws -> PasskeyService {
        guard let passkeys else { throw PasskeyError.disabled }
        return passkeys
    }

    /// Creates it from its parts.
    package init(
        auth: AuthServices, providers: ProviderSignInService, profile: ProfileService, flows: FlowDataService,
        groups: GroupService, trainer: TrainerService, passkeys: PasskeyService?, analytics: AnalyticsService,
        purchases: PurchaseService, admins: AdminAccess, secondFactorIssuer: String, exporter: AccountExporter,
        spans: Spans
    ) {
        self.auth = auth
        self.providers = providers
        self.profile = profile
        self.flows = flows
        self.groups = groups
        self.trainer = trainer
        self.passkeys = passkeys
        self.analytics = analytics
        self.purchases = purchases
        self.admins = admins
        self.secondFactorIssuer = secondFactorIssuer
        self.exporter = exporter
        self.spans = spans
    }
}
