import DoorstepFlow
import Foundation

/// Presents the actions of one screen: titles, countdowns, enabled and loading state, symbols,
/// haptics and what VoiceOver reads.
struct ActionContext {
    let presenter: ScreenPresenter
    /// The actions showing on the screen.
    let actions: [Action]

    var engine: FlowEngine { presenter.engine }

    /// The showing action with this id.
    func action(_ id: String?) -> Action? {
        id.flatMap { id in actions.first { $0.id == id } }
    }

    func present(_ action: Action) -> ActionPresentation {
        present(action, provider: nil)
    }

    func present(_ action: Action, provider: String?) -> ActionPresentation {
        let words = presenter.words
        let baseTitle = action.title ?? words(action.isBackward ? "Back" : "Continue")
        var title = baseTitle
        var countdown: Int?
        var availableAt: Date?
        var waitingTitle: String?
        if let cooldown = action.cooldown, let last = engine.snapshot.effectTimes[cooldown.effect] {
            let remaining = ResendCountdown(sentAt: last, seconds: cooldown.seconds).remaining(at: presenter.now)
            if remaining > 0 {
                countdown = remaining
                availableAt = last.addingTimeInterval(Double(cooldown.seconds))
                let waiting = words("{title} in {seconds}s", ["title": baseTitle])
                waitingTitle = waiting
                title = ActionPresentation.title(waiting, seconds: remaining)
            }
        }
        let isEnabled = engine.isEnabled(action.id, at: presenter.now)
        var traits: [AccessibilityPresentation.Trait] = [action.role == .link ? .link : .button]
        if !isEnabled { traits.append(.notEnabled) }
        let placement = symbolPlacement(action, title: baseTitle)
        return ActionPresentation(
            id: action.id, title: title, baseTitle: baseTitle, role: action.role, symbol: action.symbol,
            symbolPlacement: placement, isEnabled: isEnabled, isLoading: isLoading(action),
            loadingTitle: action.loadingTitle, countdown: countdown, availableAt: availableAt,
            requiredFields: requiredFields(action),
            firesAfter: action.role == .timer ? (action.after ?? 0) : nil, provider: provider,
            passkey: passkeyCeremony(action),
            picksImage: presenter.effects(of: action)?.contains(.pickImage) ?? false,
            look: presenter.resolver.look(
                style: nil, role: "button",
                colorRole: action.role == .primary ? "onAccent" : presenter.resolver.theme.linkRole),
            haptic: haptic(action),
            accessibility: AccessibilityPresentation(
                label: placement == .only || action.role == .tapAnywhere ? baseTitle : nil,
                hint: countdown.map { words("Available in {seconds} seconds", ["seconds": "\($0)"]) }, traits: traits),
            waitingTitle: waitingTitle)
    }

    private func symbolPlacement(_ action: Action, title: String) -> ActionPresentation.SymbolPlacement? {
        guard let symbol = action.symbol else { return nil }
        // A bar button that says only "Back" or "Close", in any language, is drawn as its symbol.
        let words = presenter.words
        if action.placement == .navLeading, [words("Back"), words("Close")].contains(title) { return .only }
        return symbol.hasPrefix("chevron.right") ? .trailing : .leading
    }

    /// The fields a primary button waits for: those it checks that must be answered.
    private func requiredFields(_ action: Action) -> [String] {
        guard action.role == .primary else { return [] }
        let required = Set(action.requires ?? [])
        return engine.fieldsChecked(by: action).filter {
            $0.isRequired || $0.mustBeTrue == true || required.contains($0.id)
        }.map(\.id)
    }

    /// Whether the move waiting for its effects started from this action.
    private func isLoading(_ action: Action) -> Bool {
        guard let pending = engine.snapshot.pending, engine.flow.transitions.indices.contains(pending.transition)
        else { return false }
        return engine.flow.transitions[pending.transition].on == action.id
    }

    private func passkeyCeremony(_ action: Action) -> PasskeyCeremony? {
        guard let effects = presenter.effects(of: action) else { return nil }
        if effects.contains(.addPasskey) { return .create }
        if effects.contains(.signInWithPasskey) { return .get }
        return nil
    }

    /// A tick as carousel pages change; success as a household is created (FamilySync's spec).
    private func haptic(_ action: Action) -> HapticIntent? {
        if action.role == .swipeNext || action.role == .swipeBack { return .selection }
        if presenter.effects(of: action)?.contains(.createGroup) == true { return .success }
        return nil
    }
}
