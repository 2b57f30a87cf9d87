import Foundation

/// What each protected action asks of a request's proof: nothing (`off`), only a count of what would
/// have been refused (`monitor`), or a valid proof (`enforce`). Written `sign-up=enforce,code-send=monitor`
/// (or `all=monitor`); actions not named are off. An entry applies to the app's requests (App Attest)
/// and the web funnel's (a solved puzzle) alike, unless it names one: `web.sign-up=enforce` guards the
/// web alone, `app.sign-up=monitor` the app alone — so a server can enforce on the web while app
/// versions without App Attest are still in use.
public struct HumanProofPolicy: Sendable, Hashable, CustomStringConvertible {
    /// How one action is guarded.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        case off, monitor, enforce
    }

    /// Where a request comes from.
    public enum Surface: String, Sendable, Hashable, CaseIterable {
        /// The API, as the app calls it; its proof is an App Attest assertion.
        case app
        /// The web funnel's pages; their proof is a solved puzzle.
        case web
    }

    /// The mode of each action that is not off, for the app's requests.
    public var modes: [ProtectedAction: Mode]
    /// The mode of each action that is not off, for the web funnel's pages.
    public var webModes: [ProtectedAction: Mode]

    /// Every action off: today's flows run as they always have.
    public init(modes: [ProtectedAction: Mode] = [:], webModes: [ProtectedAction: Mode]? = nil) {
        self.modes = modes.filter { $0.value != .off }
        self.webModes = (webModes ?? modes).filter { $0.value != .off }
    }

    /// Reads `sign-up=enforce,web.code-send=monitor`; `all=` sets every action, later entries win.
    public init(parsing text: String) throws(HumanProofPolicyError) {
        var modes: [Surface: [ProtectedAction: Mode]] = [.app: [:], .web: [:]]
        for entry in text.split(separator: ",") {
            let pair = entry.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
            guard pair.count == 2, let mode = Mode(rawValue: pair[1]) else { throw HumanProofPolicyError(text) }
            let (surfaces, name) = Self.surfaces(of: pair[0])
            let actions: [ProtectedAction]
            if name == "all" {
                actions = ProtectedAction.allCases
            } else if let action = ProtectedAction(rawValue: name) {
                actions = [action]
            } else {
                throw HumanProofPolicyError(text)
            }
            for surface in surfaces {
                for action in actions { modes[surface]?[action] = mode }
            }
        }
        self.init(modes: modes[.app] ?? [:], webModes: modes[.web] ?? [:])
    }

    /// The surfaces an entry's name applies to, and the action it names.
    private static func surfaces(of name: String) -> ([Surface], String) {
        for surface in Surface.allCases where name.hasPrefix(surface.rawValue + ".") {
            return ([surface], String(name.dropFirst(surface.rawValue.count + 1)))
        }
        return (Surface.allCases, name)
    }

    /// The mode of `action` for the app's requests.
    public func mode(for action: ProtectedAction) -> Mode {
        mode(for: action, on: .app)
    }

    /// The mode of `action` for requests from `surface`.
    public func mode(for action: ProtectedAction, on surface: Surface) -> Mode {
        (surface == .app ? modes[action] : webModes[action]) ?? .off
    }

    /// Whether every action is off everywhere.
    public var isOff: Bool { modes.isEmpty && webModes.isEmpty }

    /// Whether every action is off for the app's requests (no App Attest needed).
    public var isOffForTheApp: Bool { modes.isEmpty }

    /// The policy as it is written, actions in a fixed order.
    public var description: String {
        var named: [String] = []
        for action in ProtectedAction.allCases {
            let (app, web) = (mode(for: action, on: .app), mode(for: action, on: .web))
            if app == web {
                if app != .off { named.append("\(action.rawValue)=\(app.rawValue)") }
            } else {
                if app != .off { named.append("app.\(action.rawValue)=\(app.rawValue)") }
                if web != .off { named.append("web.\(action.rawValue)=\(web.rawValue)") }
            }
        }
        return named.isEmpty ? "off" : named.joined(separator: ",")
    }
}

/// A policy that cannot be read, with the words to fix it.
public struct HumanProofPolicyError: Error, Sendable, CustomStringConvertible {
    public let description: String

    init(_ text: String) {
        let actions = (ProtectedAction.allCases.map(\.rawValue) + ["all"]).joined(separator: ", ")
        description =
            "The App Attest policy is action=mode pairs such as sign-up=enforce,web.code-send=monitor "
            + "(actions: \(actions), each alone or after app. or web.; modes: off, monitor, enforce), not \"\(text)\"."
    }
}
