import DoorstepFlow
import DoorstepHTTP
import Foundation

/// A flow's theme as a stylesheet: colour roles, spacing and radii become custom properties; the type
/// scale, text roles, colour roles, backgrounds and sizes become classes the pages use.
enum ThemeCSS {
    static func stylesheet(for flow: FlowDefinition) -> String {
        let theme = flow.theme
        let scheme = theme.appearance == .system ? "light dark" : theme.appearance.rawValue
        var css = ":root{color-scheme:\(scheme);"
        let roles = Set(theme.colors.keys).union(Theme.requiredColorRoles).sorted()
        for role in roles {
            if let hex = theme.color(role) { css += "--c-\(HTML.token(role)):\(hex);" }
        }
        for (step, value) in theme.spacing.sorted(by: { $0.key < $1.key }) {
            css += "--space-\(HTML.token(step)):\(number(value))px;"
        }
        for (name, value) in theme.radius.sorted(by: { $0.key < $1.key }) {
            css += "--radius-\(HTML.token(name)):\(number(value))px;"
        }
        let family = theme.fontFamily.map { "\"\(cssString($0))\"," } ?? ""
        css += "--font:\(family)system-ui,-apple-system,\"Segoe UI\",Roboto,sans-serif;}\n"
        for (name, style) in theme.typography.sorted(by: { $0.key < $1.key }) {
            css += ".type-\(HTML.token(name)){\(declarations(style))}\n"
        }
        for (role, name) in theme.textRoles.sorted(by: { $0.key < $1.key }) {
            guard let style = theme.typography[name] else { continue }
            css += ".role-\(HTML.token(role)){\(declarations(style))}\n"
        }
        for role in theme.colors.keys.sorted() {
            css += ".color-\(HTML.token(role)){color:var(--c-\(HTML.token(role)))}\n"
            css += ".tint-\(HTML.token(role)){--tint:var(--c-\(HTML.token(role)))}\n"
        }
        for (name, background) in (theme.backgrounds ?? [:]).sorted(by: { $0.key < $1.key }) {
            css += backgroundRules(name, background, theme: theme)
        }
        for size in sizes(in: flow) {
            css += ".size-\(size){--size:\(size)px}\n"
        }
        return css + darkRules(theme, roles: roles)
    }

    /// For a theme that follows the device: its dark colours and orbs, when the browser is set to dark.
    private static func darkRules(_ theme: Theme, roles: [String]) -> String {
        guard theme.appearance == .system else { return "" }
        var css = "@media (prefers-color-scheme:dark){:root{"
        for role in roles {
            if let hex = theme.color(role, dark: true) { css += "--c-\(HTML.token(role)):\(hex);" }
        }
        css += "}\n"
        for (name, background) in (theme.backgrounds ?? [:]).sorted(by: { $0.key < $1.key })
        where background.kind == .aurora {
            for (index, orb) in (background.orbs ?? []).prefix(3).enumerated() {
                let color = theme.color(orb.dark) ?? orb.dark
                css += "body.bg-\(HTML.token(name)) .aurora span:nth-child(\(index + 1)){background:\(color)}\n"
            }
        }
        return css + "}\n"
    }

    private static func declarations(_ style: TypeStyle) -> String {
        let weights = ["light": 300, "regular": 400, "medium": 500, "semibold": 600, "bold": 700]
        var css = "font-size:\(number(style.size / 16))rem;font-weight:\(weights[style.weight] ?? 400);"
        if let lineHeight = style.lineHeight { css += "line-height:\(number(lineHeight));" }
        if let tracking = style.tracking { css += "letter-spacing:\(number(tracking))em;" }
        if style.uppercase == true { css += "text-transform:uppercase;" }
        return css
    }

    private static func backgroundRules(_ name: String, _ background: Background, theme: Theme) -> String {
        let selector = "body.bg-\(HTML.token(name))"
        let colors = (background.colors ?? []).compactMap { theme.color($0) ?? ($0.hasPrefix("#") ? $0 : nil) }
        switch background.kind {
        case .solid:
            return colors.first.map { "\(selector){background:\($0)}\n" } ?? ""
        case .gradient:
            guard colors.count > 1 else { return colors.first.map { "\(selector){background:\($0)}\n" } ?? "" }
            // On a gradient the primary button is a white capsule, its words in the theme's darkest colour.
            return "\(selector){background:linear-gradient(160deg,\(colors.joined(separator: ",")))}\n"
                + "\(selector) .action-primary{background:#FFFFFF;color:\(darkestOnWhite(theme))}\n"
        case .aurora:
            var css = ""
            if let blur = background.blur { css += "\(selector) .aurora span{filter:blur(\(number(blur))px)}\n" }
            if let overlay = background.overlayOpacity {
                css += "\(selector) .aurora::after{opacity:\(number(overlay))}\n"
            }
            for (index, orb) in (background.orbs ?? []).prefix(3).enumerated() {
                let color = theme.color(theme.appearance == .dark ? orb.dark : orb.light) ?? orb.light
                css += "\(selector) .aurora span:nth-child(\(index + 1)){background:\(color);"
                css += "opacity:\(number(orb.opacity ?? 0.8))}\n"
                css += "\(selector) .aurora span:nth-child(\(index + 1)){\(position(orb.position))}\n"
            }
            return css
        }
    }

    /// Whichever of the background and accent colours reads better on white.
    private static func darkestOnWhite(_ theme: Theme) -> String {
        let white = ThemeContrast.RGBA(red: 1, green: 1, blue: 1, alpha: 1)
        let candidates = ["background", "accent", "textPrimary"].compactMap { theme.color($0) }
        return candidates.max { first, second in
            let a = ThemeContrast.RGBA(hex: first).map { ThemeContrast.ratio($0.over(white), white) } ?? 0
            let b = ThemeContrast.RGBA(hex: second).map { ThemeContrast.ratio($0.over(white), white) } ?? 0
            return a < b
        } ?? "#000000"
    }

    /// Where an orb sits, as offsets of its box.
    private static func position(_ name: String) -> String {
        switch name {
        case "topLeading": return "top:-10%;left:-20%"
        case "topTrailing": return "top:-10%;right:-20%"
        case "bottomLeading": return "bottom:-10%;left:-20%"
        case "bottomTrailing": return "bottom:-10%;right:-20%"
        case "bottom": return "bottom:-20%;left:15%"
        default: return "top:30%;left:15%"
        }
    }

    private static func sizes(in flow: FlowDefinition) -> [Int] {
        Set(flow.screens.flatMap { $0.blocks.compactMap { $0.size.map { Int($0) } } }).sorted()
    }

    private static func number(_ value: Double) -> String {
        guard value != value.rounded() else { return String(Int(value)) }
        var text = String(format: "%.4f", value)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    private static func cssString(_ text: String) -> String {
        String(text.filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" })
    }
}
