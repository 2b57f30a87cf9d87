import DoorstepHTTP
import DoorstepPresentation

/// A paywall in the browser: the plans with their features, where they are bought (the app: the web
/// funnel sells nothing), the renewal terms and the links App Review asks for beside a price.
enum PaywallHTML {
    static func html(_ paywall: PaywallContent) -> String {
        var html = "<div class=\"paywall\">" + InputHTML.choices(paywall.plans, highlighted: paywall.recommended)
        html += "<p class=\"paywall-elsewhere role-body\">\(HTML.escape(paywall.elsewhere))</p>"
        html += "<p class=\"paywall-legal role-caption\">\(HTML.escape(paywall.renewal))</p>"
        html += "<p class=\"paywall-links role-caption\">\(link(paywall.terms)) · \(link(paywall.privacy))</p>"
        return html + "</div>"
    }

    private static func link(_ link: PaywallContent.Link) -> String {
        "<a href=\"\(HTML.escape(link.url))\" target=\"_blank\" rel=\"noopener\">\(HTML.escape(link.title))</a>"
    }
}
