import Crypto
import DoorstepAPI
import DoorstepFlow
import DoorstepMail
import DoorstepServerCore
import Foundation
import Hummingbird
import Logging
import NIOCore
import OpenAPIHummingbird
import OpenAPIRuntime
import ServiceLifecycle
import UnixSignals

/// Wires the services, middleware and routes of the Doorstep server, after refusing a configuration
/// ``ServerConfiguration/validate(sealedKeys:)`` refuses — the same rules as `doorstep serve`.
public func buildServer(configuration: ServerConfiguration, dependencies: ServerDependencies) async throws
    -> DoorstepServer
{
    try configuration.validate(
        sealedKeys: dependencies.keyEncryptionKey != nil, hasMailer: dependencies.mailer != nil)
    // The dev mailbox says who each mail is for in the server's own log format.
    let logger = dependencies.logger
    let metrics = dependencies.metrics.core
    let storage = MeasuredStorage(dependencies.storage, metrics: metrics)
    let mailbox = configuration.devMailbox ? DevMailbox(echo: { logger.notice("\($0)") }) : nil
    var outboxPolicy = configuration.outbox
    if !configuration.rateLimits { outboxPolicy.codesPerClient = nil }
    let outbox = MailOutbox(
        storage: storage,
        transport: mailTransport(configuration: configuration, dependencies: dependencies, mailbox: mailbox),
        sealer: MailSealer(keys: dependencies.keys),
        composer: try TemplateMailComposer(
            overrides: configuration.mailTemplatesDirectory, brand: configuration.resolvedMailBrand),
        clock: dependencies.clock, random: dependencies.random,
        policy: outboxPolicy, logger: dependencies.logger, metrics: metrics)
    let webhookEvents = WebhookEvents(clock: dependencies.clock, random: dependencies.random)
    let auditTrail = AuditTrail(
        storage: storage, clock: dependencies.clock, random: dependencies.random, logger: dependencies.logger)
    let webhooks = WebhookQueue(
        storage: storage, transport: dependencies.webhookTransport,
        sealer: WebhookSecretSealer(keys: dependencies.keys), clock: dependencies.clock,
        policy: configuration.webhooks, logger: dependencies.logger)
    var policy = AuthPolicy()
    policy.identifyEnabled = configuration.identifyEnabled
    policy.idleSessionLifetime = configuration.sessionLifetimes.idle
    policy.absoluteSessionLifetime = configuration.sessionLifetimes.absolute
    let tokens = await AccessTokens(
        keys: dependencies.keys, issuer: configuration.resolvedIssuer, audience: configuration.audience,
        rotation: configuration.keyRotation)
    let auth = try await AuthService(
        storage: storage, hasher: dependencies.hasher, tokens: tokens,
        outbox: outbox, clock: dependencies.clock, random: dependencies.random,
        keys: dependencies.keys, policy: policy, logger: dependencies.logger, metrics: metrics,
        webhooks: webhookEvents, auditTrail: auditTrail)

    let router = Router(context: DoorstepRequestContext.self, options: .autoGenerateHeadEndpoints)
    let routes = IndexedRouter(router: router, index: RouteIndex())
    router.middlewares.add(
        ClientAddressMiddleware(
            resolver: ClientAddressResolver(
                trustedProxies: configuration.trustedProxies, header: configuration.trustedProxyHeader)))
    router.middlewares.add(SecurityHeadersMiddleware(publicURLIsHTTPS: configuration.publicURLIsHTTPS))
    router.middlewares.add(
        AccessLogMiddleware(logger: dependencies.logger, random: dependencies.random, metrics: metrics))
    router.middlewares.add(ProblemMiddleware(logger: dependencies.logger, routes: routes.index))
    // Limits come before the body is read, so a refused request costs no upload.
    if configuration.rateLimits {
        router.middlewares.add(
            RateLimitMiddleware(limiter: RateLimiter(), clock: dependencies.clock, routes: routes.index))
    }
    router.middlewares.add(
        RequestBodyMiddleware(limit: configuration.maxBodySize, readTimeout: configuration.readTimeout))
    router.middlewares.add(RequestInfoMiddleware())

    let document = try APIDocument.yaml()
    routes.get("/openapi.yaml") { _, _ in
        var headers = HTTPFields()
        headers[.contentType] = "application/yaml; charset=utf-8"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: document)))
    }
    if dependencies.metrics.registry != nil {
        routes.get("/metrics") { _, _ in await dependencies.metrics.exposition(outbox: outbox) }
    }
    routes.get("/readyz") { _, _ in
        try await readinessResponse(storage: storage, outbox: outbox, readiness: dependencies.readiness)
    }
    routes.get("/.well-known/jwks.json") { _, _ in
        let keySet = try JSONEncoder().encode(JSONWebKeySet(auth.signingKeys))
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        // Keys change rarely and an old one keeps verifying for a token's lifetime: five minutes of
        // caching spares app backends the fetch without missing a new key for long.
        headers[.cacheControl] = "public, max-age=300"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: keySet)))
    }
    var verifiers: [String: IdentityTokenVerifier] = [:]
    for provider in [configuration.apple, configuration.google].compactMap({ $0 }) {
        verifiers[provider.name] = IdentityTokenVerifier(
            provider: provider, fetcher: dependencies.fetcher, clock: dependencies.clock)
    }
    let appleTokens = configuration.appleTokens.map {
        AppleTokenClient(configuration: $0, fetcher: dependencies.fetcher, clock: dependencies.clock)
    }
    let providers = ProviderSignInService(auth: auth, verifiers: verifiers, apple: appleTokens)
    let catalog =
        try configuration.flowsDirectory.map {
            try FlowCatalog.bundled(overriddenBy: URL(fileURLWithPath: $0, isDirectory: true))
        } ?? FlowCatalog.bundled()
    var analyticsPolicy = AnalyticsPolicy()
    analyticsPolicy.compactAfter = configuration.walkIdleAfter
    let services = ServerServices(
        auth: auth,
        providers: providers,
        profile: ProfileService(
            storage: storage, avatars: dependencies.avatars, clock: dependencies.clock,
            random: dependencies.random, logger: dependencies.logger,
            deletionHooks: [{ _, identities in await providers.revokeAppleTokens(of: identities) }],
            webhooks: webhookEvents, auditTrail: auditTrail),
        flows: FlowDataService(
            storage: storage, catalog: catalog, clock: dependencies.clock, random: dependencies.random,
            metrics: metrics, webhooks: webhookEvents),
        groups: GroupService(
            storage: storage, outbox: outbox, clock: dependencies.clock, random: dependencies.random,
            webhooks: webhookEvents),
        trainer: TrainerService(
            storage: storage,
            planner: configuration.planner.map {
                ChatCompletionsGoalPlanner(
                    configuration: $0, fetcher: dependencies.fetcher, fallback: dependencies.planner)
            } ?? dependencies.planner,
            clock: dependencies.clock,
            random: dependencies.random),
        passkeys: configuration.resolvedPasskeys.map { PasskeyService(auth: auth, party: $0) },
        analytics: AnalyticsService(
            storage: storage, catalog: catalog, clock: dependencies.clock, random: dependencies.random,
            policy: analyticsPolicy, webhooks: webhookEvents),
        admins: AdminAccess(token: configuration.adminToken, emails: configuration.adminEmails),
        secondFactorIssuer: configuration.resolvedMailBrand.appName,
        exporter: AccountExporter(storage: storage, flowIDs: catalog.flows.map(\.id)))
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
    let translations = FlowTranslations(catalog: catalog) { id in
        FlowCatalog.referenceIDs.contains(id) ? (try? FlowCatalog.strings(id)) ?? nil : nil
    }
    let handler = DoorstepAPIHandler(
        services: services, storage: storage, mailbox: mailbox, outbox: outbox, translations: translations)
    // Compact JSON: the runtime's default pretty-prints, which costs CPU and bytes on every answer.
    // Dates: every RFC 3339 form in, whole seconds out.
    try handler.registerHandlers(
        on: routes,
        configuration: OpenAPIRuntime.Configuration(
            dateTranscoder: RFC3339DateTranscoder(), jsonEncodingOptions: [.sortedKeys, .withoutEscapingSlashes]))
    var browserSessions = BrowserSessions(
        storage: storage, auth: services.auth, clock: dependencies.clock, random: dependencies.random,
        key: HKDF<SHA256>.deriveKey(
            inputKeyMaterial: dependencies.keys.codeKey, info: Data("doorstep browser sessions".utf8),
            outputByteCount: 32),
        hostOnlySecureCookies: configuration.publicURLIsHTTPS)
    if !configuration.rateLimits { browserSessions.newBrowsersPerClient = nil }
    FunnelController(
        catalog: catalog, translations: translations,
        services: services,
        sessions: browserSessions,
        clock: dependencies.clock, random: dependencies.random,
        webSignIns: Dictionary(
            uniqueKeysWithValues: [configuration.apple, configuration.google].compactMap { $0 }.filter { $0.web != nil }
                .map { ($0.name, $0) }),
        fetcher: dependencies.fetcher, devMailbox: mailbox != nil, publicURL: configuration.publicURL,
        brandsMailByFlow: configuration.mailBrand == nil
    ).register(on: routes)
    AdminController(
        catalog: catalog, services: services,
        sessions: browserSessions,
        storage: storage, audit: auditTrail,
        webhooks: WebhookEndpoints(
            storage: storage, sealer: WebhookSecretSealer(keys: dependencies.keys), clock: dependencies.clock,
            random: dependencies.random, policy: configuration.webhooks)
    ).register(on: routes)
    return DoorstepServer(
        auth: auth, tokens: tokens, outbox: outbox, mailbox: mailbox, router: router, analytics: services.analytics,
        webhooks: webhooks, auditTrail: auditTrail)
}

/// Where the outbox hands mail: the dev mailbox and the given transport or configured SMTP server,
/// whichever are there; with neither, mail is recorded as undeliverable.
func mailTransport(configuration: ServerConfiguration, dependencies: ServerDependencies, mailbox: DevMailbox?)
    -> any Mailer
{
    let smtp = configuration.smtp.map {
        SMTPMailer(
            client: SMTPClient(configuration: $0, logger: dependencies.logger), from: configuration.mailFrom,
            clock: dependencies.clock, random: dependencies.random)
    }
    let transports: [any Mailer] = [mailbox, dependencies.mailer ?? smtp].compactMap { $0 }
    switch transports.count {
    case 0: return UndeliverableMailer(logger: dependencies.logger)
    case 1: return transports[0]
    default: return MailFanOut(transports)
    }
}

/// The Doorstep server as an application: `runService()` serves until SIGINT or SIGTERM, then lets
/// requests under way finish.
public func buildApplication(configuration: ServerConfiguration, dependencies: ServerDependencies) async throws
    -> some ApplicationProtocol
{
    let server = try await buildServer(configuration: configuration, dependencies: dependencies)
    return Application(
        router: server.router,
        // A connection that sends nothing — or a request's head a byte at a time, since no part of a
        // request is seen before its head is complete — is closed after the idle timeout.
        server: .http1(configuration: .init(idleTimeout: TimeAmount(configuration.idleTimeout))),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Doorstep"),
        services: [
            OutboxSender(outbox: server.outbox),
            WebhookSender(queue: server.webhooks),
            AuditWriter(trail: server.auditTrail, retention: configuration.auditRetention),
            EventPruner(analytics: server.analytics, logger: dependencies.logger),
            SigningKeyRefresher(
                keys: ServerKeyStore(storage: dependencies.storage, encryptionKey: dependencies.keyEncryptionKey),
                tokens: server.tokens, policy: configuration.keyRotation, clock: dependencies.clock,
                logger: dependencies.logger),
        ],
        logger: dependencies.logger)
}

/// Builds the server and serves until SIGINT or SIGTERM. On the signal `/readyz` turns 503 at once
/// while requests are still served for `drainSeconds`, so a load balancer moves traffic away; then the
/// listener closes and requests under way finish.
public func runServer(configuration: ServerConfiguration, dependencies: ServerDependencies) async throws {
    let application = try await buildApplication(configuration: configuration, dependencies: dependencies)
    let group = ServiceGroup(
        configuration: .init(services: [application], gracefulShutdownSignals: [], logger: dependencies.logger))
    let signals = await UnixSignalsSequence(trapping: .sigterm, .sigint)
    try await withThrowingTaskGroup(of: Void.self) { tasks in
        tasks.addTask {
            for await _ in signals {
                dependencies.readiness.startDraining()
                dependencies.logger.info(
                    "stopping: not ready, draining", metadata: ["seconds": "\(configuration.drainSeconds)"])
                try? await Task.sleep(for: .milliseconds(Int(configuration.drainSeconds * 1_000)))
                await group.triggerGracefulShutdown()
                return
            }
        }
        // Returns once the graceful shutdown has let the requests under way finish.
        try await group.run()
        tasks.cancelAll()
    }
}

/// `/readyz`: 200 while the database answers and the server is not draining; 503 with the reason
/// otherwise. The mail outbox's backlog is reported, for operators, without deciding readiness.
func readinessResponse(storage: any Storage, outbox: MailOutbox, readiness: Readiness) async throws -> Response {
    var headers = HTTPFields()
    headers[.cacheControl] = "no-store"
    if readiness.isDraining {
        return Problem.response(
            for: ServiceError(status: 503, code: .unavailable, detail: "This instance is shutting down."))
    }
    guard await storage.isHealthy() else {
        return Problem.response(
            for: ServiceError(status: 503, code: .unavailable, detail: "The database is not reachable."))
    }
    let backlog = try? await outbox.backlog()
    var body = #"{"status":"ready""#
    if let backlog { body += #","outbox":{"pending":\#(backlog.pending),"failed":\#(backlog.failed)}"# }
    body += "}"
    headers[.contentType] = "application/json"
    return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
}
