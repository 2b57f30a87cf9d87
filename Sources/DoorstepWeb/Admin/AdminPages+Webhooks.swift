import DoorstepHTTP
import DoorstepServerCore
import Foundation

extension AdminPages {
    /// An endpoint as the webhooks page lists it: with its latest failed attempts.
    struct WebhookRow {
        var endpoint: WebhookEndpointRecord
        var failures: [WebhookDeliveryRecord]
    }

    /// The webhook endpoints, a form to add one, and the new secret when one was just made.
    static func webhooks(
        _ rows: [WebhookRow], csrfToken: String, notice: String?, problem: String?,
        created: WebhookEndpoints.Created?
    ) -> String {
        let csrf = HTML.hidden(.csrf, csrfToken)
        var messages = ""
        if let notice { messages += #"<p role="status">\#(HTML.escape(notice))</p>"# }
        if let problem { messages += #"<p role="alert">\#(HTML.escape(problem))</p>"# }
        if let created {
            messages += """
                <section class="secret" role="status"><h2>Signing secret of \(HTML.escape(created.endpoint.url))</h2>
                <p>Copy it now into the receiver's configuration; it is not shown again.</p>
                <p><code>\(HTML.escape(created.secret.text))</code></p></section>
                """
        }
        let sections = rows.map { row in
            let endpoint = row.endpoint
            let id = endpoint.id.lowercasedText
            let state =
                endpoint.disabledAt.map { "disabled since \($0.formatted(.iso8601))" }
                ?? endpoint.failingSince.map { "failing since \($0.formatted(.iso8601))" } ?? "active"
            let failures =
                row.failures.isEmpty
                ? "<p>No recent failures.</p>"
                : "<ul class=\"failures\">"
                    + row.failures.map { delivery in
                        "<li>\(HTML.escape(delivery.createdAt.formatted(.iso8601))) \(HTML.escape(delivery.eventType)): "
                            + "\(HTML.escape(delivery.lastError ?? "")) (\(delivery.attempts) attempts, "
                            + "\(delivery.state.rawValue))</li>"
                    }.joined() + "</ul>"
            return """
                <section class="webhook" id="endpoint-\(id)"><h2>\(HTML.escape(endpoint.url))</h2>
                <p>\(HTML.escape(state)) · since \(HTML.escape(endpoint.createdAt.formatted(.iso8601))) · id \(id)</p>
                <p>Events: \(HTML.escape(endpoint.eventTypes.joined(separator: ", ")))</p>\(failures)
                <form method="post" action="/admin/webhooks/\(id)/rotate">\(csrf)\
                <button type="submit">New secret</button></form>
                <form method="post" action="/admin/webhooks/\(id)/remove">\(csrf)\
                <button type="submit">Remove</button></form></section>
                """
        }
        let list = rows.isEmpty ? "<p>No endpoints yet.</p>" : sections.joined()
        let known = WebhookEventType.all.map(\.rawValue).joined(separator: ", ")
        return shell(
            title: "Doorstep webhooks",
            body: """
                <main class="admin">\(navigation(csrfToken: csrfToken))<h1>Webhooks</h1>\(messages)\(list)
                <h2>Add an endpoint</h2><form method="post" action="/admin/webhooks">\(csrf)
                <label for="webhook-url">URL (https)</label>
                <input id="webhook-url" name="url" type="url" required autocomplete="off">
                <label for="webhook-events">Events, comma-separated, or * for all</label>
                <input id="webhook-events" name="events" value="*" autocomplete="off">
                <p>Events: \(HTML.escape(known)).</p>
                <button type="submit">Add</button></form></main>
                """)
    }
}
