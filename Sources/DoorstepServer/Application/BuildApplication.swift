import DoorstepAPI
import DoorstepFlow
import DoorstepHTTP
import DoorstepMail
import DoorstepServerCore
import DoorstepWeb
import Foundation
import Hummingbird
import NIOCore
import OpenAPIHummingbird
import OpenAPIRuntime
import ServiceLifecycle
import UnixSignals

/// Wires the services, middleware and routes of the Doorstep server, after refusing a configuration
/// ``ServerConfiguration/validate(sealedKeys:hasMailer:)`` refuses — the same rules as `doorstep serve`.
public func buildServer(configuration: ServerConfiguration, dependencies: ServerDependencies) async throws
    -> DoorstepServer
{
    try configuration.validate(
        sealedKeys: dependencies.keyEncryptionKey != nil, hasMailer: dependencies.mailer != nil)
    let core = try await ServerCore(configuration: configuration, dependencies: dependencies)
    let router = Router(context: DoorstepRequestContext.self, options: .autoGenerateHeadEndpoints)
    let routes = IndexedRouter(router: router, index: RouteIndex())
    addMiddleware(to: router, routes: routes.index, configuration: configuration, dependencies: dependencies)
    try registerWellKnownRoutes(on: routes, core: core, configuration: configuration, dependencies: dependencies)
    let catalog =
        try configuration.flowsDirectory.map {
            try FlowCatalog.bundled(overriddenBy: URL(fileURLWithPath: $0, isDirectory: true))
        } ?? FlowCatalog.bundled()
    let services = makeServices(core: core, catalog: catalog, configuration: configuration, dependencies: dependencies)
    let translations = FlowTranslations(catalog: catalog) { id in
        FlowCatalog.referenceIDs.contains(id) ? (try? FlowCatalog.strings(id)) ?? nil : nil
    }
    let proofs = try humanProofGate(core: core, configuration: configuration, dependencies: dependencies)
    let handler = DoorstepAPIHandler(
        services: services, storage: core.storage, mailbox: core.mailbox, outbox: core.outbox,
        translations: translations, proofs: proofs)
    // Compact JSON: the runtime's default pretty-prints, which costs CPU and bytes on every answer.
    // Dates: every RFC 3339 form in, whole seconds out.
    try handler.registerHandlers(
        on: routes,
        configuration: OpenAPIRuntime.Configuration(
            dateTranscoder: RFC3339DateTranscoder(), jsonEncodingOptions: [.sortedKeys, .withoutEscapingSlashes]))
    registerWebPages(
        on: routes, core: core, services: services, proofs: proofs, catalog: catalog, translations: translations,
        configuration: configuration, dependencies: dependencies)
    return DoorstepServer(
        auth: core.auth, tokens: core.tokens, outbox: core.outbox, mailbox: core.mailbox, router: router,
        analytics: services.analytics, webhooks: core.webhooks, auditTrail: core.auditTrail)
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
        // The span exporter comes first, so it stops last and sends the spans of everything else.
        services: [dependencies.tracing.exporter].compactMap { $0 } + [
            OutboxSender(outbox: server.outbox),
            WebhookSender(queue: server.webhooks),
            AuditWriter(trail: server.auditTrail, retention: configuration.auditRetention),
            SessionUseWriter(marks: server.auth.sessions.marks),
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
/// listener closes and requests under way finish. A second signal during the drain ends it at once,
/// for an operator who presses Ctrl-C twice.
public func runServer(configuration: ServerConfiguration, dependencies: ServerDependencies) async throws {
    let application = try await buildApplication(configuration: configuration, dependencies: dependencies)
    let group = ServiceGroup(
        configuration: .init(services: [application], gracefulShutdownSignals: [], logger: dependencies.logger))
    let signals = await UnixSignalsSequence(trapping: .sigterm, .sigint)
    try await withThrowingTaskGroup(of: Void.self) { tasks in
        tasks.addTask {
            var drain: Task<Void, Never>?
            // Ends the drain's wait when the group has ended some other way, or on a second signal.
            defer { drain?.cancel() }
            for await _ in signals {
                guard drain == nil else {
                    dependencies.logger.info("stopping now: a second signal ended the drain")
                    return
                }
                dependencies.readiness.startDraining()
                dependencies.logger.info(
                    "stopping: not ready, draining", metadata: ["seconds": "\(configuration.drainSeconds)"])
                drain = Task {
                    // Cancelled, the wait ends early and the shutdown begins at once.
                    try? await Task.sleep(for: .milliseconds(Int(configuration.drainSeconds * 1_000)))
                    await group.triggerGracefulShutdown()
                }
            }
        }
        // Returns once the graceful shutdown has let the requests under way finish.
        try await group.run()
        tasks.cancelAll()
    }
}

/// `/readyz`: 200 while the database answers and the server is not draining; 503 with the reason
/// otherwise. The mail outbox's and the webhook queue's backlogs are reported, for operators, without
/// deciding readiness.
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
    let webhooks = try? await storage.read { try await $0.webhookBacklog() }
    var body = #"{"status":"ready""#
    if let backlog { body += #","outbox":{"pending":\#(backlog.pending),"failed":\#(backlog.failed)}"# }
    if let webhooks { body += #","webhooks":{"pending":\#(webhooks.pending),"failed":\#(webhooks.failed)}"# }
    body += "}"
    headers[.contentType] = "application/json"
    return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
}
