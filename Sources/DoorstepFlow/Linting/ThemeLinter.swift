/// Checks that a theme is complete: every required colour role, type role, spacing step and radius,
/// valid hex colours, and references that resolve.
enum ThemeLinter {
    static func problems(in theme: Theme, screens: [Screen]) -> [FlowProblem] {
        var problems: [FlowProblem] = []
        func add(_ location: String, _ message: String) {
            problems.append(FlowProblem(location: location, message))
        }
        for (name, hex) in theme.palette.sorted(by: { $0.key < $1.key }) where !isHexColor(hex) {
            add("theme.palette", "\"\(name)\" is \"\(hex)\", not a #RRGGBB colour")
        }
        for role in Theme.requiredColorRoles where theme.colors[role] == nil {
            add("theme.colors", "the colour role \"\(role)\" is missing")
        }
        for (role, reference) in theme.colors.sorted(by: { $0.key < $1.key }) where !resolves(reference, in: theme) {
            add("theme.colors", "\"\(role)\" refers to \"\(reference)\", which is neither a palette colour nor hex")
        }
        problems += darkColorProblems(in: theme)
        for role in Theme.requiredTextRoles where theme.textRoles[role] == nil {
            add("theme.textRoles", "the text role \"\(role)\" is missing")
        }
        for (role, style) in theme.textRoles.sorted(by: { $0.key < $1.key }) where theme.typography[style] == nil {
            add("theme.textRoles", "\"\(role)\" refers to \"\(style)\", which is not in the type scale")
        }
        for (role, style) in theme.typography.sorted(by: { $0.key < $1.key }) {
            if style.size <= 0 { add("theme.typography", "\"\(role)\" needs a size above 0") }
            if !TypeStyle.weights.contains(style.weight) {
                add("theme.typography", "\"\(role)\" has unknown weight \"\(style.weight)\"")
            }
        }
        for step in Theme.requiredSpacing where theme.spacing[step] == nil {
            add("theme.spacing", "the spacing step \"\(step)\" is missing")
        }
        for radius in Theme.requiredRadius where theme.radius[radius] == nil {
            add("theme.radius", "the radius \"\(radius)\" is missing")
        }
        for (name, background) in (theme.backgrounds ?? [:]).sorted(by: { $0.key < $1.key }) {
            let colors = (background.colors ?? []) + (background.orbs ?? []).flatMap { [$0.light, $0.dark] }
            for color in colors where !resolves(color, in: theme) {
                add("theme.backgrounds.\(name)", "colour \"\(color)\" is neither a palette colour nor hex")
            }
            if background.kind == .aurora && (background.orbs ?? []).count < 3 {
                add("theme.backgrounds.\(name)", "an Aurora background needs at least 3 orbs")
            }
        }
        return problems
    }

    /// A theme that follows the device needs a dark value for every required role; any other has none.
    private static func darkColorProblems(in theme: Theme) -> [FlowProblem] {
        guard theme.appearance == .system else {
            guard theme.darkColors != nil else { return [] }
            return [
                FlowProblem(
                    location: "theme.darkColors",
                    "dark colours are used only by a theme whose appearance is \"system\"; this one is "
                        + "\"\(theme.appearance.rawValue)\"")
            ]
        }
        let dark = theme.darkColors ?? [:]
        var problems = Theme.requiredColorRoles.filter { dark[$0] == nil }.map {
            FlowProblem(location: "theme.darkColors", "the colour role \"\($0)\" has no dark value")
        }
        for (role, reference) in dark.sorted(by: { $0.key < $1.key }) {
            if theme.colors[role] == nil {
                problems.append(
                    FlowProblem(location: "theme.darkColors", "\"\(role)\" is not a colour role of the theme"))
            } else if !resolves(reference, in: theme) {
                problems.append(
                    FlowProblem(
                        location: "theme.darkColors",
                        "\"\(role)\" refers to \"\(reference)\", which is neither a palette colour nor hex"))
            }
        }
        return problems
    }

    static func isHexColor(_ text: String) -> Bool {
        guard text.hasPrefix("#") else { return false }
        let digits = text.dropFirst()
        return (digits.count == 6 || digits.count == 8) && digits.allSatisfy(\.isHexDigit)
    }

    private static func resolves(_ reference: String, in theme: Theme) -> Bool {
        reference.hasPrefix("#") ? isHexColor(reference) : theme.palette[reference] != nil
    }
}
