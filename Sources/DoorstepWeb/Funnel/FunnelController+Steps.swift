import DoorstepFlow
import DoorstepHTTP
import DoorstepPresentation
import DoorstepServerCore
import Foundation
import HTTPTypes
import Hummingbird

/// A step of a browser's walk: recording it, moving the engine, going back, and the flow's variant.
extension FunnelController {
    /// Records flow events of this browser's walk by the shared rules, unless it asks not to be
    /// tracked. Events are analytics: a failure to record them never fails the page.
    func record(
        _ browser: inout BrowserSession, _ request: Request, flow: FlowDefinition, variant: String?,
        _ walk: (inout FlowWalkAnalytics) -> [FlowWalkEvent]
    ) async {
        guard !FunnelAnalytics.optedOut(request.headers) else { return }
        var analytics = analyticsState(of: browser)
        let walked = walk(&analytics.walk)
        let events = analytics.incoming(walked, flow: flow, variant: variant, now: clock.now, random: random)
        browser.state.analytics = analytics
        guard !events.isEmpty else { return }
        _ = try? await services.analytics.record(events, userID: browser.state.signedIn?.userID)
    }

    /// Runs one step of the shared flow host over the browser's engine, and records what it walked
    /// unless told not to (a launch for a browser that has only looked).
    @discardableResult
    func step(
        _ engine: inout FlowEngine, _ effects: inout FunnelEffects, _ browser: inout BrowserSession,
        _ request: Request, variant: String?, records: Bool = true,
        _ body: (inout FlowHost, inout FunnelEffects) async -> FlowHost.Step
    ) async -> FlowHost.Step {
        var host = FlowHost(engine: engine, analytics: analyticsState(of: browser).walk)
        let step = await AppBrand.$current.withValue(mailBrand(of: engine.flow)) { await body(&host, &effects) }
        engine = host.engine
        guard records else { return step }
        let walked = host.analytics
        await record(&browser, request, flow: engine.flow, variant: variant) {
            $0 = walked
            return step.events
        }
        return step
    }

    /// The app a flow's mail speaks for: its title and accent, and its page on the web, unless the
    /// operator set the server's mail brand.
    func mailBrand(of flow: FlowDefinition) -> AppBrand? {
        guard brandsMailByFlow else { return nil }
        let page = publicURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }.map { "\($0)/flows/\(flow.id)" }
        return AppBrand(
            name: flow.title, accent: flow.theme.color("accent"), onAccent: flow.theme.color("onAccent"),
            webAddress: page)
    }

    /// Goes back through the walk's history to `screen`, one Back at a time as the flow allows it;
    /// whether it got there. A screen the walk has not passed through is never reached this way.
    func goBack(
        to screen: String, _ engine: inout FlowEngine, _ browser: inout BrowserSession, _ request: Request,
        variant: String?
    ) async -> Bool {
        while engine.screen.id != screen, engine.snapshot.history.contains(screen) {
            let before = engine.snapshot.history.count
            var effects = makeEffects(browser: browser, request: request, upload: nil)
            await step(&engine, &effects, &browser, request, variant: variant) { host, effects in
                await host.handle(.backTapped, performer: &effects, now: { clock.now })
            }
            browser.state.signedIn = effects.signedIn
            guard engine.snapshot.history.count < before else { return false }
        }
        return engine.screen.id == screen
    }

    /// The flow as this browser walks it: its install's variant of the flow's experiment, or the
    /// control for a browser that asks not to be tracked (it gets no install id).
    func assigned(_ flow: FlowDefinition, _ browser: inout BrowserSession, _ request: Request) -> AssignedFlow {
        guard flow.experiment != nil, !FunnelAnalytics.optedOut(request.headers) else {
            return flow.assigned(toInstall: nil)
        }
        let analytics = analyticsState(of: browser)
        browser.state.analytics = analytics
        return flow.assigned(toInstall: analytics.installID)
    }

    /// What the browser's walks are recorded under: kept in its funnel session once made, with an
    /// install id of its own (not the cookie).
    func analyticsState(of browser: BrowserSession) -> FunnelAnalytics {
        browser.state.analytics ?? FunnelAnalytics(installID: sessions.installID(for: browser))
    }

    /// The browser session of a form's sender — stored, or not yet stored under the cookie its page
    /// set — when the form carries that session's CSRF token.
    func browserSending(_ form: FunnelForm?, _ request: Request) async throws -> BrowserSession? {
        let browser = try await sessions.session(request)
        guard !browser.cookieChanged, CSRF.matches(form?.value(.csrf), browser.state.csrfToken) else { return nil }
        return browser
    }

    /// The page for a form whose session or CSRF token is gone.
    func expiredForm(_ flow: FlowDefinition) -> Response {
        errorPage(403, "This form has expired. Open the flow again to carry on.", flow: flow)
    }
}
