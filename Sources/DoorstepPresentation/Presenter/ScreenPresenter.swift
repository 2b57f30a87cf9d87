import DoorstepFlow
import Foundation

/// Turns the engine's current screen into a ``ScreenPresentation``: which blocks and actions show,
/// where each action goes, every text and colour resolved, each field's state, focus and keyboard.
/// Pure: the same engine, time and providers give the same presentation.
public struct ScreenPresenter {
    let engine: FlowEngine
    let now: Date
    let offeredProviders: Set<String>?
    let resolver: ThemeResolver
    /// The words no flow gives, in the flow's language.
    let words: PresentationWords

    /// Prepares a presentation of the engine's current screen.
    /// - Parameters:
    ///   - now: the time countdowns and date limits are taken at.
    ///   - offeredProviders: the sign-in providers the host can start (`apple`, `google`); social
    ///     buttons and actions of others are left out. `nil` offers every provider.
    public init(engine: FlowEngine, now: Date, offeredProviders: Set<String>? = nil) {
        self.engine = engine
        self.now = now
        self.offeredProviders = offeredProviders
        self.resolver = ThemeResolver(theme: engine.flow.theme)
        self.words = PresentationWords(language: engine.flow.language)
    }

    var flow: FlowDefinition { engine.flow }
    var screen: Screen { engine.screen }

    /// The presentation of the current screen.
    public func present() -> ScreenPresentation {
        let actions = engine.visibleActions.filter(isOffered)
        let context = ActionContext(presenter: self, actions: actions)
        let blocks = shownBlocks
        let referenced = Set(blocks.compactMap(\.block.action))
        let placed = Dictionary(grouping: actions.filter { !referenced.contains($0.id) }, by: place)
        let dock = Self.dockOrder(placed[.dock] ?? []).map(context.present)
        let progress = engine.progress
        var presentation = ScreenPresentation(
            flowID: flow.id, flowVersion: flow.version, screenID: screen.id, title: title,
            template: screen.template, presentation: screen.presentation ?? .page, transition: transition,
            theme: resolver.presentation, background: background, banner: engine.snapshot.message,
            navigation: navigation(placed, progress, context), blocks: [], dock: dock,
            carousel: carousel(placed[.carousel] ?? [], progress, context),
            overlays: (placed[.overlay] ?? []).map(context.present),
            defaultAction: dock.first { $0.role == .primary }?.id, focusedField: nil, isBusy: engine.isBusy,
            allowsBack: screen.allowsBack ?? true,
            haptic: engine.snapshot.issues.isEmpty && engine.snapshot.message == nil ? nil : .error,
            language: flow.language)
        let drawn = blocks.map { block(for: $0.block, at: $0.offset, context: context) }
        presentation.arrangement = ScreenArrangement.of(template: screen.template, blocks: drawn)
        presentation.blocks = arrange(
            drawn,
            content: (placed[.content] ?? []).map(context.present),
            inline: (placed[.inline] ?? []).map(context.present))
        FocusOrder.apply(to: &presentation)
        return presentation
    }

    // MARK: - Screen

    /// The tab title: the screen's title or first heading, then the app's name.
    var title: String {
        let heading = screen.title ?? engine.visibleBlocks.first { $0.kind == .heading }?.text.map(engine.render)
        return [heading, flow.title].compactMap { $0 }.joined(separator: " · ")
    }

    var transition: ScreenTransition {
        switch screen.presentation {
        case .sheet: return .sheet
        case .fullScreen: return .fullScreenCover
        case .page, nil: break
        }
        switch screen.template {
        case "carouselSlide", "onboardingSlide": return .page
        case "splash", "complete", "success": return .fade
        default: return .push
        }
    }

    var background: BackgroundPresentation? {
        guard let name = screen.background else { return nil }
        guard let background = flow.theme.backgrounds?[name] else {
            return BackgroundPresentation(
                name: name, kind: .solid, colors: [], orbs: [], blur: 0, overlayOpacity: 0, animation: nil)
        }
        let orbs = (background.orbs ?? []).map { orb in
            BackgroundPresentation.OrbLayer(
                color: resolver.color(light: orb.light, dark: orb.dark), position: orb.position,
                opacity: orb.opacity ?? 1)
        }
        return BackgroundPresentation(
            name: name, kind: background.kind, colors: (background.colors ?? []).map(resolver.color), orbs: orbs,
            blur: background.blur ?? 0, overlayOpacity: background.overlayOpacity ?? 0,
            animation: background.kind == .aurora ? .auroraDrift : nil)
    }

    private func navigation(
        _ placed: [Place: [Action]], _ progress: FlowProgress, _ context: ActionContext
    ) -> NavigationPresentation? {
        let leading = (placed[.navLeading] ?? []).map(context.present)
        let trailing = (placed[.navTrailing] ?? []).map(context.present)
        let bar = progress.track.flatMap { $0.style == .dots ? nil : self.progress(progress, style: $0.style) }
        guard !leading.isEmpty || !trailing.isEmpty || bar != nil else { return nil }
        return NavigationPresentation(leading: leading, trailing: trailing, progress: bar)
    }

    private func carousel(
        _ swipes: [Action], _ progress: FlowProgress, _ context: ActionContext
    ) -> CarouselPresentation? {
        let dots = progress.track?.style == .dots ? self.progress(progress, style: .dots) : nil
        guard !swipes.isEmpty || dots != nil else { return nil }
        return CarouselPresentation(
            back: swipes.first { $0.role == .swipeBack }.map(context.present),
            next: swipes.first { $0.role == .swipeNext }.map(context.present), dots: dots)
    }

    func progress(_ progress: FlowProgress, style: ProgressTrack.Style) -> ProgressPresentation {
        let current = (progress.segments.firstIndex { $0.isCurrent } ?? 0) + 1
        let place = ["current": "\(current)", "total": "\(progress.segments.count)"]
        let label =
            if style == .dots {
                words("Page {current} of {total}", place)
            } else if let section = progress.label {
                words("Step {current} of {total}: {section}", place.merging(["section": section]) { $1 })
            } else {
                words("Step {current} of {total}", place)
            }
        return ProgressPresentation(
            style: style,
            segments: progress.segments.map { .init(fill: min(max($0.fill, 0), 1), isCurrent: $0.isCurrent) },
            sectionLabel: style == .sectioned ? progress.label : nil, current: current,
            percent: Int((progress.fraction * 100).rounded()), fill: resolver.color("accent"),
            track: resolver.color("border"), accessibilityLabel: label,
            animation: style == .sectioned ? .crossfadeLabel : .progressFill)
    }

    // MARK: - What shows

    /// The blocks that show, with their places among the screen's visible blocks: social buttons only
    /// for offered providers, and a divider only when the social buttons it introduces show.
    var shownBlocks: [(offset: Int, block: Block)] {
        let blocks = engine.visibleBlocks
        let offered = { (block: Block) in
            block.kind != .socialButton || block.provider.map(isOffered(provider:)) == true
        }
        return blocks.enumerated().filter { index, block in
            if block.kind == .divider, blocks.indices.contains(index + 1), !offered(blocks[index + 1]) { return false }
            return offered(block)
        }.map { (offset: $0.offset, block: $0.element) }
    }

    /// Whether the screen shows an action that signs in with a passkey.
    var offersPasskeySignIn: Bool {
        engine.visibleActions.contains { isOffered($0) && effects(of: $0)?.contains(.signInWithPasskey) == true }
    }

    func isOffered(provider: String) -> Bool {
        offeredProviders?.contains(provider) ?? true
    }

    /// Whether an action shows: provider sign-ins only where the provider is offered.
    func isOffered(_ action: Action) -> Bool {
        if let provider = action.leadsTo, !isOffered(provider: provider) { return false }
        guard let effects = effects(of: action) else { return true }
        return Self.providerEffects.allSatisfy { provider, providerEffects in
            isOffered(provider: provider) || effects.isDisjoint(with: providerEffects)
        }
    }

    /// The effects only a host that offers the provider can run.
    static let providerEffects: [String: Set<FlowEffect>] = [
        "apple": [.signInWithApple], "google": [.signInWithGoogle], "passkey": [.signInWithPasskey, .addPasskey],
    ]

    /// The effects the action's first transition from this screen runs, or `nil` when none leads on.
    func effects(of action: Action) -> Set<FlowEffect>? {
        guard let transition = flow.transitions.first(where: { $0.from == screen.id && $0.on == action.id })
        else { return nil }
        return Set((transition.effects ?? []).compactMap { FlowEffect(rawValue: $0.name) })
    }

    // MARK: - Placing actions

    /// Where an action is drawn.
    enum Place: Hashable {
        case navLeading, navTrailing, content, dock, inline, carousel, overlay
    }

    func place(_ action: Action) -> Place {
        switch action.role {
        case .swipeNext, .swipeBack: return .carousel
        case .tapAnywhere, .timer: return .overlay
        default: break
        }
        switch action.placement {
        case .navLeading: return .navLeading
        case .navTrailing: return .navTrailing
        case .content: return .content
        case .inline: return .inline
        case .dock: return .dock
        case nil:
            switch action.role {
            case .back, .close: return .navLeading
            case .skip: return .navTrailing
            case .link: return .inline
            default: return .dock
            }
        }
    }

    static func dockOrder(_ actions: [Action]) -> [Action] {
        let order: [Action.Role] = [.primary, .secondary, .tertiary, .link, .skip, .back, .close]
        return actions.sorted { (order.firstIndex(of: $0.role) ?? 9) < (order.firstIndex(of: $1.role) ?? 9) }
    }

    /// Puts the screen's content buttons where its first sign-in button stands (after the last
    /// block otherwise), and its links at the end: after a closing question they finish its sentence
    /// ("Already have an account? Sign in").
    func arrange(
        _ blocks: [BlockPresentation], content: [ActionPresentation], inline: [ActionPresentation]
    ) -> [BlockPresentation] {
        var result: [BlockPresentation] = []
        var content = content
        let slot = actionSlot
        func placeContent() {
            if !content.isEmpty { result.append(Self.row(.content, content, id: "content-actions")) }
            content = []
        }
        for (index, block) in blocks.enumerated() {
            if index == slot { placeContent() }
            var block = block
            let isLast = index == blocks.count - 1
            if isLast, !inline.isEmpty, case .text(var text) = block.content, text.text.text.hasSuffix("?") {
                text.trailingActions = inline
                block.content = .text(text)
                result.append(block)
            } else {
                result.append(block)
                if isLast, !inline.isEmpty {
                    placeContent()
                    result.append(Self.row(.inline, inline, id: "inline-actions"))
                }
            }
        }
        if blocks.isEmpty, !inline.isEmpty { result.append(Self.row(.inline, inline, id: "inline-actions")) }
        placeContent()
        return result
    }

    /// Where among the shown blocks the content buttons go: where the first sign-in button is
    /// (shown or not); `nil` for after the last block.
    var actionSlot: Int? {
        guard let social = engine.visibleBlocks.firstIndex(where: { $0.kind == .socialButton }) else { return nil }
        return shownBlocks.firstIndex { $0.offset > social }
    }

    static func row(_ style: ActionRowContent.Style, _ actions: [ActionPresentation], id: String) -> BlockPresentation {
        BlockPresentation(
            id: id, kind: nil, content: .actions(ActionRowContent(style: style, actions: actions)),
            accessibility: AccessibilityPresentation(), animation: nil)
    }
}
