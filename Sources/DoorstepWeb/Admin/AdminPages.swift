import DoorstepFlow
import DoorstepHTTP
import DoorstepServerCore
import Foundation

/// The admin pages: a sign-in form for the admin token, and every flow's funnel drawn as SVG on
/// the server — no script, readable on a phone.
enum AdminPages {
    /// The token form; admins with an account may instead sign in through any flow first.
    static func signIn(csrfToken: String, refused: Bool) -> String {
        let alert = refused ? #"<p role="alert">That is not the admin token.</p>"# : ""
        return shell(
            title: "Doorstep admin",
            body: """
                <main class="index"><h1>Funnels</h1>\(alert)
                <form method="post" action="/admin">
                \(HTML.hidden(.csrf, csrfToken))
                <label for="admin-token">Admin token</label>
                <input id="admin-token" name="token" type="password" autocomplete="off" required>
                <button type="submit">Show funnels</button></form>
                <p>Or sign in through any flow with an account the server lists with <code>--admin-email</code>, \
                then come back.</p></main>
                """)
    }

    /// Every flow's funnel over the window, with its variants when it has several.
    static func dashboard(
        _ reports: [(flow: FlowDefinition, report: FunnelReport)], window: String, csrfToken: String
    ) -> String {
        let sections = reports.map { flow, report in section(flow: flow, report: report) }.joined()
        return shell(
            title: "Doorstep funnels",
            body: """
                <main class="admin">\(navigation(csrfToken: csrfToken))<h1>Funnels</h1><p>Installs that opened each flow in the \(HTML.escape(window)), \
                where they moved on and where they dropped off.</p>\(sections)</main>
                """)
    }

    static func section(flow: FlowDefinition, report: FunnelReport) -> String {
        let summary =
            "\(report.installs) installs · \(report.completed) finished · \(percent(report.completionRate)) completion"
        let chart = report.steps.isEmpty ? "<p>No events yet.</p>" : chartSVG(report)
        return """
            <section class="funnel" id="\(HTML.escape(flow.id))"><h2>\(HTML.escape(flow.title))</h2>
            <p>\(HTML.escape(summary))</p>\(chart)\(variantsTable(report, experiment: flow.experiment))\
            \(paywallTable(report))</section>
            """
    }

    /// A bar per screen: its length is the installs that reached it, the darker part those that moved
    /// on, the lighter rest those who dropped off there.
    static func chartSVG(_ report: FunnelReport) -> String {
        let rowHeight = 34
        let labelWidth = 150
        let barWidth = 330.0
        let widest = Double(max(1, report.steps.map(\.reached).max() ?? 1))
        let rows = report.steps.enumerated().map { index, step -> String in
            let y = index * rowHeight
            let reached = barWidth * Double(step.reached) / widest
            let moved = barWidth * Double(step.movedOn) / widest
            let median = step.medianSeconds.map { String(format: " · %.0f s", $0) } ?? ""
            return """
                <g><title>\(HTML.escape(step.screen)): \(step.reached) reached, \(step.movedOn) moved on, \
                \(step.droppedOff) dropped off</title>\
                <text x="0" y="\(y + 21)" font-size="13" fill="#1f2328">\(HTML.escape(step.screen))</text>\
                <rect x="\(labelWidth)" y="\(y + 6)" width="\(format(reached))" height="22" rx="4" fill="#f2b8a0"/>\
                <rect x="\(labelWidth)" y="\(y + 6)" width="\(format(moved))" height="22" rx="4" fill="#2f6fde"/>\
                <text x="\(labelWidth + Int(reached) + 6)" y="\(y + 21)" font-size="12" fill="#57606a">\
                \(step.reached) · −\(step.droppedOff)\(median)</text></g>
                """
        }
        let height = report.steps.count * rowHeight + 4
        return """
            <svg class="funnel-chart" viewBox="0 0 640 \(height)" role="img" \
            aria-label="Funnel of \(HTML.escape(report.flowID)): \(report.steps.count) screens">\(rows.joined())</svg>
            """
    }

    /// The variants side by side, under the question the flow's experiment asks.
    static func variantsTable(_ report: FunnelReport, experiment: Experiment?) -> String {
        guard report.variants.count > 1 else { return "" }
        let caption =
            experiment.map {
                "<caption>\(HTML.escape($0.id)): \(HTML.escape($0.summary))</caption>"
            } ?? ""
        let rows = report.variants.map { variant in
            """
            <tr><td>\(HTML.escape(variant.variant))</td><td>\(variant.installs)</td><td>\(variant.completed)</td>\
            <td>\(percent(variant.conversion)) (\(percent(variant.low))–\(percent(variant.high)))</td></tr>
            """
        }
        let verdict =
            report.leader.map { "Leader: \(HTML.escape($0))." } ?? "No leader yet: the intervals overlap."
        return """
            <table class="variants">\(caption)<thead><tr><th>Variant</th><th>Installs</th><th>Finished</th>\
            <th>Conversion (95 %)</th></tr></thead><tbody>\(rows.joined())</tbody></table><p>\(verdict)</p>
            """
    }

    /// Per variant, the walks that reached the paywall and those whose account bought: purchases on
    /// the account, not what a client reported.
    static func paywallTable(_ report: FunnelReport) -> String {
        let rows = report.variants.compactMap { variant -> String? in
            guard let paywall = variant.paywall else { return nil }
            return """
                <tr><td>\(HTML.escape(variant.variant))</td><td>\(HTML.escape(paywall.screen))</td>\
                <td>\(paywall.reached)</td><td>\(paywall.converted)</td><td>\(percent(paywall.conversion))</td></tr>
                """
        }
        guard !rows.isEmpty else { return "" }
        return """
            <table class="variants paywall"><caption>Paywall conversion: walks that reached the paywall, and \
            those whose account then bought</caption><thead><tr><th>Variant</th><th>Screen</th><th>Reached</th>\
            <th>Bought</th><th>Conversion</th></tr></thead><tbody>\(rows.joined())</tbody></table>
            """
    }

    static func percent(_ value: Double) -> String {
        String(format: "%.1f %%", value * 100)
    }

    static func format(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    /// The admin pages' links, and the button that signs the browser out of them.
    static func navigation(csrfToken: String) -> String {
        """
        <nav class="admin-nav" aria-label="Admin"><a href="/admin">Funnels</a> · <a href="/admin/audit">Audit log</a> · \
        <a href="/admin/webhooks">Webhooks</a> · <form method="post" action="/admin/sign-out">\
        \(HTML.hidden(.csrf, csrfToken))<button type="submit">Sign out</button>\
        </form></nav>
        """
    }

    static func shell(title: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="robots" content="noindex">
        <title>\(HTML.escape(title))</title>
        <link rel="stylesheet" href="/funnel/funnel.css"></head>
        <body class="plain">\(body)</body></html>
        """
    }
}
