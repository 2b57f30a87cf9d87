import DoorstepFlow
import DoorstepHTTP
import DoorstepPresentation
import DoorstepServerCore
import Foundation
import HTTPTypes
import Hummingbird

/// The web funnel: serves the catalog's flows as HTML pages, walks each browser's engine on the
/// server, and runs effects through the same services as the API.
package struct FunnelController: Sendable {
    let catalog: FlowCatalog
    /// The catalog's flows in the languages they ship.
    let translations: FlowTranslations
    let services: ServerServices
    /// What guards sign-ups, code sends, guests and password log-ins: here, the pages' puzzles.
    let proofs: HumanProofGate
    let sessions: BrowserSessions
    let clock: any WallClock
    /// Makes event ids and install ids.
    let random: any RandomSource
    /// Providers set up with a web client, which the funnel offers buttons for.
    let webSignIns: [String: IdentityProviderConfiguration]
    /// Trades provider codes for identity tokens.
    let fetcher: any HTTPFetcher
    let devMailbox: Bool
    /// The address browsers reach the server at, which providers send them back to.
    let publicURL: String?
    /// Whether mail a walk causes is written in its flow's name and colours (no mail brand was set).
    var brandsMailByFlow = false

    /// Creates it from its parts.
    package init(
        catalog: FlowCatalog, translations: FlowTranslations, services: ServerServices, proofs: HumanProofGate,
        sessions: BrowserSessions, clock: any WallClock, random: any RandomSource,
        webSignIns: [String: IdentityProviderConfiguration], fetcher: any HTTPFetcher, devMailbox: Bool,
        publicURL: String?,
        brandsMailByFlow: Bool = false
    ) {
        self.catalog = catalog
        self.translations = translations
        self.services = services
        self.proofs = proofs
        self.sessions = sessions
        self.clock = clock
        self.random = random
        self.webSignIns = webSignIns
        self.fetcher = fetcher
        self.devMailbox = devMailbox
        self.publicURL = publicURL
        self.brandsMailByFlow = brandsMailByFlow
    }

    package func register(on router: IndexedRouter) {
        router.get("/") { _, _ in
            Self.html(FunnelPages.index(catalog.flows, devMailbox: devMailbox))
        }
        registerAccount(on: router)
        router.get("/flows/:id") { request, context in try await show(request, context) }
        router.post("/flows/:id") { request, context in try await submit(request, context) }
        router.post("/flows/:id/restart") { request, context in try await restart(request, context) }
        router.get("/flows/:id/confirm") { request, context in try await showConfirmation(request, context) }
        router.post("/flows/:id/confirm") { request, context in try await confirm(request, context) }
        router.get("/flows/:id/mfa") { request, context in try await showSecondFactor(request, context) }
        router.post("/flows/:id/mfa") { request, context in try await completeSecondFactor(request, context) }
        router.post("/flows/:id/passkeys/options") { request, context in try await passkeyOptions(request, context) }
        router.get("/flows/signin/:provider") { request, context in try await providerReturned(request, context) }
        router.get("/flows/:id/theme.css") { request, context in
            guard let flow = flow(context.parameters.get("id"), request) else { return notFound() }
            return FunnelAssets.response(ThemeCSS.stylesheet(for: flow), type: "text/css; charset=utf-8")
        }
        router.get("/funnel/:asset") { _, context in
            FunnelAssets.asset(context.parameters.get("asset") ?? "") ?? notFound()
        }
    }

    // MARK: - Routes

    /// Shows the browser's screen in a flow. Without `at` it is a launch: the flow's entry rules pick
    /// where to land (resuming an unfinished walk); with `at` it shows the screen a form led to.
    private func show(_ request: Request, _ context: DoorstepRequestContext) async throws -> Response {
        guard let written = flow(context.parameters.get("id"), request) else { return notFound() }
        var browser = try await sessions.session(request)
        let assignment = assigned(written, &browser, request)
        let flow = assignment.definition
        let at = request.uri.queryParameters.get("at")
        var engine: FlowEngine
        if at != nil, let stored = browser.state.snapshots[flow.id],
            let restored = try? FlowEngine(flow: flow, restoring: stored)
        {
            engine = restored
            if let at, engine.screen.id != at {
                // The browser's Back: an earlier screen of the walk is gone back to, as the flow's Back
                // would; any other screen is not this walk's, and the page shows where the walk stands.
                guard await goBack(to: at, &engine, &browser, request, variant: assignment.variant) else {
                    return redirect(to: flow, engine: engine)
                }
                await syncProgress(engine.snapshot, browser: &browser)
            }
        } else {
            // A browser that has only looked is not stored: its first form stores it, and records the
            // launch then, so a reload is not a new visit.
            let records = browser.isStored || browser.state.signedIn != nil
            engine = await launch(flow, variant: assignment.variant, &browser, request, records: records)
        }
        browser.state.snapshots[flow.id] = engine.snapshot
        if browser.isStored || browser.state.signedIn != nil {
            let shown = engine
            await record(&browser, request, flow: flow, variant: assignment.variant) { $0.shown(shown) }
            try await sessions.save(&browser)
        }
        let offered = Set(webSignIns.keys).union(services.passkeys == nil ? [] : ["passkey"])
        engine.timeZone = browser.state.browserTimeZone
        let presentation = ScreenPresenter(engine: engine, now: clock.now, offeredProviders: offered)
            .present()
        let language = language(of: written, request)
        var page = ScreenPage(presentation: presentation, csrfToken: browser.state.csrfToken, language: language)
        page.puzzle = puzzle(for: engine)
        // The web has no app to hand the finished walk to (the trainer's "Start training"): the
        // page says where to carry on rather than doing nothing.
        if request.uri.queryParameters.get("finished") != nil, engine.screen.isTerminal {
            page.notice = PageWords.translate(
                "All done. Carry on in the app on your phone.", into: language.tag)
        }
        var response = Self.html(page.render())
        sessions.setCookie(on: &response, for: browser, secure: Self.isSecure(request))
        rememberLanguage(language, on: &response, request)
        return response
    }

    /// Takes a screen's form: its answers, then the button pressed; runs what follows and redirects to
    /// the screen it led to (post, redirect, get).
    private func submit(_ request: Request, _ context: DoorstepRequestContext) async throws -> Response {
        guard let written = flow(context.parameters.get("id"), request) else { return notFound() }
        let form: FunnelForm
        do {
            form = try await FunnelForm.read(request, size: .withPhoto)
        } catch FunnelForm.ParseError.unsupportedType {
            return errorPage(415, "This page only accepts its own forms.", flow: written)
        } catch {
            return errorPage(400, "The form could not be read. Please try again.", flow: written)
        }
        guard var browser = try await browserSending(form, request) else { return expiredForm(written) }
        let assignment = assigned(written, &browser, request)
        let flow = assignment.definition
        guard var engine = await walk(answering: form, flow, variant: assignment.variant, &browser, request) else {
            return Response(status: .seeOther, headers: [.location: "/flows/\(flow.id)"])
        }
        if FormAnswers.isOversized(form, engine: engine) {
            return errorPage(413, Self.tooLongAnswer, flow: flow)
        }
        if let zone = form.value(.timeZone).flatMap(TimeZone.init(identifier:)) {
            browser.state.timeZone = zone.identifier
        }
        engine.timeZone = browser.state.browserTimeZone
        for (field, value) in FormAnswers.answers(from: form, engine: engine) {
            engine.handle(.answerChanged(field: field, value: value), at: clock.now)
        }
        var effects = makeEffects(browser: browser, request: request, upload: form.files.values.first)
        effects.passkeyResponse = form.filled(.passkey)
        effects.puzzle = form.value(.proof).flatMap(PuzzleSolution.init(formValue:))
        var walked: FlowHost.Step?
        if let event = FunnelEvents.event(for: form, engine: &engine) {
            walked = await step(&engine, &effects, &browser, request, variant: assignment.variant) {
                host, effects in await host.handle(event, performer: &effects, now: { clock.now })
            }
        }
        return try await respond(after: walked, engine, effects, flow: flow, &browser, request)
    }

    /// The walk a screen's form answers: the browser's, or a new one for the first form of a browser
    /// that was not stored, gone back to the screen the form was on (a page the browser kept, reached
    /// with Back, answers an earlier screen, and the answer counts as the person meant it). Nil when the
    /// form answers no screen of the walk.
    private func walk(
        answering form: FunnelForm, _ flow: FlowDefinition, variant: String?, _ browser: inout BrowserSession,
        _ request: Request
    ) async -> FlowEngine? {
        var engine: FlowEngine
        if let stored = browser.state.snapshots[flow.id], let restored = try? FlowEngine(flow: flow, restoring: stored)
        {
            engine = restored
        } else if !browser.isStored {
            engine = await launch(flow, variant: variant, &browser, request, records: true)
        } else {
            return nil
        }
        if let sent = form.value(.screen), sent != engine.screen.id {
            _ = await goBack(to: sent, &engine, &browser, request, variant: variant)
        }
        return form.value(.screen) == engine.screen.id ? engine : nil
    }

    /// Keeps what a step changed and sends the browser on: to a provider, to the second-factor or
    /// confirmation page, or to the screen the walk reached.
    private func respond(
        after walked: FlowHost.Step?, _ engine: FlowEngine, _ effects: FunnelEffects, flow: FlowDefinition,
        _ browser: inout BrowserSession, _ request: Request
    ) async throws -> Response {
        browser.state.signedIn = effects.signedIn
        browser.state.snapshots[flow.id] = engine.snapshot
        if let provider = effects.awaitingProvider, let configuration = webSignIns[provider] {
            return try await sendToProvider(configuration, flow: flow, browser: &browser, request: request)
        }
        let closingCookie = endSignInWithBrowser(unless: effects, &browser, request)
        if let challenge = effects.awaitingSecondFactor {
            // Post, redirect, get: the form that carried the password is not the page the browser keeps.
            browser.state.pendingSecondFactor = .init(flowID: flow.id, challengeHash: Digests.sha256Hex(challenge))
            try await sessions.save(&browser)
            var response = Response(status: .seeOther, headers: [.location: Self.secondFactorPath(flow)])
            sessions.setCookie(on: &response, for: browser, secure: Self.isSecure(request))
            return response
        }
        // The server keeps the walk when the engine asks for it kept, as the app does.
        if walked?.savesSnapshot ?? false { await syncProgress(engine.snapshot, browser: &browser) }
        do {
            try await sessions.save(&browser)
        } catch let error as ServiceError where error == BrowserSessions.stateTooLarge || error.code == .rateLimited {
            return errorPage(error.status, error.detail, flow: flow)
        }
        var response =
            effects.needsConfirmation
            ? Response(status: .seeOther, headers: [.location: Self.confirmationPath(flow)])
            : redirect(to: flow, engine: engine, finished: walked?.finishes ?? false)
        sessions.setCookie(on: &response, for: browser, secure: Self.isSecure(request))
        if let closingCookie { response.setCookie(closingCookie) }
        return response
    }

    /// Forgets the browser's walk through a flow (its account stays signed in).
    private func restart(_ request: Request, _ context: DoorstepRequestContext) async throws -> Response {
        guard let flow = flow(context.parameters.get("id"), request) else { return notFound() }
        let form = try? await FunnelForm.read(request, size: .step)
        guard var browser = try await browserSending(form, request) else { return expiredForm(flow) }
        // A browser that only looked has no walk to forget, and is not stored for it.
        if browser.isStored {
            browser.state.snapshots[flow.id] = nil
            try await sessions.save(&browser)
        }
        var response = Response(status: .seeOther, headers: [.location: "/flows/\(flow.id)"])
        sessions.setCookie(on: &response, for: browser, secure: Self.isSecure(request))
        return response
    }

    // MARK: - Engine

    /// The flow launched for this browser, as the app launches it: its entry rules pick where to land
    /// (resuming an unfinished walk), what the landing screen runs on entering is run, and the step is
    /// recorded (when `records`) and kept on the server like any other.
    private func launch(
        _ flow: FlowDefinition, variant: String?, _ browser: inout BrowserSession, _ request: Request, records: Bool
    ) async -> FlowEngine {
        var engine = FlowEngine.launch(
            flow: flow, snapshot: browser.state.snapshots[flow.id], session: browser.state.session
        ).engine
        var effects = makeEffects(browser: browser, request: request, upload: nil)
        let entered = await step(&engine, &effects, &browser, request, variant: variant, records: records) {
            host, effects in await host.enter(performer: &effects, now: { clock.now })
        }
        browser.state.signedIn = effects.signedIn
        if entered.savesSnapshot { await syncProgress(engine.snapshot, browser: &browser) }
        return engine
    }
}
