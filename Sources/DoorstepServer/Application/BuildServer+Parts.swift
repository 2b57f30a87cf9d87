import Crypto
import DoorstepAPI
import DoorstepFlow
import DoorstepHTTP
import DoorstepServerCore
import DoorstepWeb
import Foundation
import Hummingbird
import NIOCore

/// The middleware every request passes, in order: who the client is, security headers, the access log,
/// problems, rate limits (before the body is read, so a refused request costs no upload), the body's
/// limits, what handlers need to know of the request, and the proof it carries.
func addMiddleware(
    to router: Router<DoorstepRequestContext>, routes: RouteIndex, configuration: ServerConfiguration,
    dependencies: ServerDependencies
) {
    router.middlewares.add(
        ClientAddressMiddleware(
            resolver: ClientAddressResolver(
                trustedProxies: configuration.trustedProxies, header: configuration.trustedProxyHeader)))
    router.middlewares.add(RequestTracingMiddleware(spans: dependencies.tracing.spans))
    router.middlewares.add(SecurityHeadersMiddleware(publicURLIsHTTPS: configuration.publicURLIsHTTPS))
    router.middlewares.add(
        AccessLogMiddleware(
            logger: dependencies.logger, random: dependencies.random, metrics: dependencies.metrics.core))
    router.middlewares.add(ProblemMiddleware(logger: dependencies.logger, routes: routes))
    if configuration.rateLimits {
        router.middlewares.add(RateLimitMiddleware(limiter: RateLimiter(), clock: dependencies.clock, routes: routes))
    }
    router.middlewares.add(
        RequestBodyMiddleware(limit: configuration.maxBodySize, readTimeout: configuration.readTimeout))
    router.middlewares.add(RequestInfoMiddleware())
    router.middlewares.add(HumanProofMiddleware())
}

/// The routes outside the API contract's handlers: the contract itself, metrics, readiness, the
/// signing keys and, for apps that declare them, Apple's app-site association.
func registerWellKnownRoutes(
    on routes: IndexedRouter, core: ServerCore, configuration: ServerConfiguration, dependencies: ServerDependencies
) throws {
    let document = try APIDocument.yaml()
    routes.get("/openapi.yaml") { _, _ in
        var headers = HTTPFields()
        headers[.contentType] = "application/yaml; charset=utf-8"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: document)))
    }
    let outbox = core.outbox
    let storage = core.storage
    if dependencies.metrics.registry != nil {
        routes.get("/metrics") { _, _ in
            await dependencies.metrics.exposition(
                storage: storage, outbox: outbox, readiness: dependencies.readiness, clock: dependencies.clock)
        }
    }
    routes.get("/readyz") { _, _ in
        try await readinessResponse(storage: storage, outbox: outbox, readiness: dependencies.readiness)
    }
    let auth = core.auth
    routes.get("/.well-known/jwks.json") { _, _ in
        let keySet = try JSONEncoder().encode(JSONWebKeySet(auth.signingKeys))
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        // Keys change rarely and an old one keeps verifying for a token's lifetime: five minutes of
        // caching spares app backends the fetch without missing a new key for long.
        headers[.cacheControl] = "public, max-age=300"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: keySet)))
    }
    if !configuration.appleAppIDs.isEmpty {
        let association = try AppleAppSiteAssociation(appIDs: configuration.appleAppIDs).json()
        routes.get("/.well-known/apple-app-site-association") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            headers[.cacheControl] = "public, max-age=3600"
            return Response(
                status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: association)))
        }
    }
}

/// The services the API, the funnel and the admin pages share, built on the core.
func makeServices(
    core: ServerCore, catalog: FlowCatalog, configuration: ServerConfiguration, dependencies: ServerDependencies
) -> ServerServices {
    let storage = core.storage
    let clock = dependencies.clock
    var verifiers: [String: IdentityTokenVerifier] = [:]
    for provider in [configuration.apple, configuration.google].compactMap({ $0 }) {
        verifiers[provider.name] = IdentityTokenVerifier(
            provider: provider, fetcher: dependencies.fetcher, clock: clock)
    }
    let appleTokens = configuration.appleTokens.map {
        AppleTokenClient(configuration: $0, fetcher: dependencies.fetcher, clock: clock)
    }
    let providers = core.auth.providerSignIn(verifiers: verifiers, apple: appleTokens)
    var analyticsPolicy = AnalyticsPolicy()
    analyticsPolicy.compactAfter = configuration.walkIdleAfter
    return ServerServices(
        auth: core.auth,
        providers: providers,
        profile: ProfileService(
            storage: storage, avatars: dependencies.avatars, context: core.context,
            deletionHooks: [{ _, identities in await providers.revokeAppleTokens(of: identities) }]),
        flows: FlowDataService(storage: storage, catalog: catalog, context: core.context),
        groups: GroupService(storage: storage, outbox: core.outbox, context: core.context),
        trainer: TrainerService(
            storage: storage,
            planner: configuration.planner.map {
                ChatCompletionsGoalPlanner(
                    configuration: $0, fetcher: dependencies.fetcher, fallback: dependencies.planner)
            } ?? dependencies.planner,
            context: core.context),
        passkeys: configuration.resolvedPasskeys.map { core.auth.passkeys(party: $0) },
        analytics: AnalyticsService(
            storage: storage, catalog: catalog, policy: analyticsPolicy, context: core.context),
        purchases: PurchaseService(
            storage: storage, verifier: configuration.appStore, restorePolicy: configuration.appStoreRestorePolicy,
            context: core.context),
        admins: AdminAccess(token: configuration.adminToken, emails: configuration.adminEmails),
        secondFactorIssuer: configuration.resolvedMailBrand.appName,
        exporter: AccountExporter(
            storage: storage, flowIDs: catalog.flows.map(\.id), sessionMarks: core.auth.sessions.marks),
        spans: dependencies.tracing.spans)
}

/// The pages a browser sees: every flow's funnel, the account page and the admin pages, sharing one
/// cookie session.
func registerWebPages(
    on routes: IndexedRouter, core: ServerCore, services: ServerServices, proofs: HumanProofGate, catalog: FlowCatalog,
    translations: FlowTranslations, configuration: ServerConfiguration, dependencies: ServerDependencies
) {
    let (clock, random) = (dependencies.clock, dependencies.random)
    var browserSessions = BrowserSessions(
        storage: core.storage, sessions: services.auth.sessions, clock: clock, random: random,
        key: HKDF<SHA256>.deriveKey(
            inputKeyMaterial: dependencies.keys.codeKey, info: Data("doorstep browser sessions".utf8),
            outputByteCount: 32),
        hostOnlySecureCookies: configuration.publicURLIsHTTPS)
    if !configuration.rateLimits { browserSessions.newBrowsersPerClient = nil }
    FunnelController(
        catalog: catalog, translations: translations,
        services: services, proofs: proofs,
        sessions: browserSessions,
        clock: clock, random: random,
        webSignIns: Dictionary(
            uniqueKeysWithValues: [configuration.apple, configuration.google].compactMap { $0 }.filter { $0.web != nil }
                .map { ($0.name, $0) }),
        fetcher: dependencies.fetcher, devMailbox: core.mailbox != nil, publicURL: configuration.publicURL,
        brandsMailByFlow: configuration.mailBrand == nil
    ).register(on: routes)
    AdminController(
        catalog: catalog, services: services,
        sessions: browserSessions,
        storage: core.storage, audit: core.auditTrail,
        webhooks: WebhookEndpoints(
            storage: core.storage, sealer: WebhookSecretSealer(keys: dependencies.keys), clock: clock,
            random: random, policy: configuration.webhooks)
    ).register(on: routes)
}
