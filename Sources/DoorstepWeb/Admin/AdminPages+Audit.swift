import DoorstepHTTP
import DoorstepServerCore
import Foundation

extension AdminPages {
    /// A page of the audit log, newest first, with a filter by account and links to the pages around it.
    static func audit(
        _ entries: [AuditRecord], account: UUID?, page: Int, hasMore: Bool, csrfToken: String
    ) -> String {
        let filter = account?.lowercasedText ?? ""
        let rows = entries.map { entry in
            let cells = [
                entry.at.formatted(.iso8601), entry.event,
                entry.accountID.map { id in
                    #"<a href="/admin/audit?account=\#(id.lowercasedText)">\#(id.lowercasedText)</a>"#
                } ?? "", HTML.escape(entry.actor), entry.sessionID?.lowercasedText ?? "",
                HTML.escape(entry.network ?? ""), HTML.escape(entry.requestID ?? ""), HTML.escape(entry.detail ?? ""),
            ]
            return "<tr>"
                + cells.enumerated().map { index, cell in
                    // The time and event are the server's own words; the rest is escaped above.
                    "<td>\(index < 2 ? HTML.escape(cell) : cell)</td>"
                }.joined() + "</tr>"
        }
        let query = account.map { "account=\($0.lowercasedText)&" } ?? ""
        var links: [String] = []
        if page > 1 { links.append(#"<a rel="prev" href="/admin/audit?\#(query)page=\#(page - 1)">Newer</a>"#) }
        if hasMore { links.append(#"<a rel="next" href="/admin/audit?\#(query)page=\#(page + 1)">Older</a>"#) }
        let table =
            entries.isEmpty
            ? "<p>No entries.</p>"
            : """
            <table class="audit"><thead><tr><th>Time (UTC)</th><th>Event</th><th>Account</th><th>Actor</th>\
            <th>Session</th><th>Network</th><th>Request</th><th>Detail</th></tr></thead>\
            <tbody>\(rows.joined())</tbody></table>
            """
        let heading = account == nil ? "Every account" : "Account \(filter)"
        return shell(
            title: "Doorstep audit log",
            body: """
                <main class="admin">\(navigation(csrfToken: csrfToken))<h1>Audit log</h1>
                <form method="get" action="/admin/audit"><label for="audit-account">Account id</label>
                <input id="audit-account" name="account" value="\(HTML.escape(filter))" autocomplete="off">
                <button type="submit">Filter</button></form>
                <p>\(HTML.escape(heading)), newest first · page \(page)</p>\(table)
                <nav class="pages">\(links.joined(separator: " · "))</nav></main>
                """)
    }
}
