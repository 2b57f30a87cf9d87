import DoorstepFlow

extension ScreenPresenter {
    /// The presentation of one shown block.
    func block(for block: Block, at offset: Int, context: ActionContext) -> BlockPresentation {
        let id = block.field ?? "block-\(offset)"
        let parts: BlockParts?
        switch block.kind {
        case .heading: parts = heading(block, at: offset)
        case .text: parts = BlockParts(.text(TextContent(text: styled(block, role: "body"), trailingActions: [])))
        case .symbol: parts = symbol(block)
        case .orb: parts = orb(block)
        case .narration: parts = narration(block)
        case .divider: parts = divider(block)
        case .markdown: parts = markdown(block)
        case .features, .stats: parts = itemList(block)
        case .progress: parts = progress(block)
        case .card: parts = card(block, context: context)
        case .socialButton:
            parts = context.action(block.action).map {
                BlockParts(.socialButton(context.present($0, provider: block.provider)))
            }
        case .resendTimer: parts = resendTimer(block, context: context)
        case .avatar, .textField, .codeEntry, .password, .checkbox, .stepper, .choiceList, .pills, .voiceAnswer,
            .datePicker, .timePicker, .planCards, .listBuilder, .paywall:
            let input = InputPresenter(presenter: self, block: block)
            parts = BlockParts(
                input.content(), accessibility: input.accessibility, animation: input.hasError ? .shake : nil)
        }
        guard let parts else { return nothing(id, block.kind) }
        return BlockPresentation(
            id: id, kind: block.kind, content: parts.content, accessibility: parts.accessibility,
            animation: parts.animation)
    }

    private func heading(_ block: Block, at offset: Int) -> BlockParts {
        let isFirst = !engine.visibleBlocks.prefix(offset).contains { $0.kind == .heading }
        return BlockParts(
            .heading(HeadingContent(text: styled(block, role: "title"), level: isFirst ? 1 : 2)),
            accessibility: AccessibilityPresentation(traits: [.header]))
    }

    private func symbol(_ block: Block) -> BlockParts {
        let animation = Self.symbolAnimation(block.symbol ?? "", badge: block.badge)
        let content = SymbolContent(
            name: block.symbol ?? "", size: block.size, badge: block.badge, tintRole: block.color,
            tint: resolver.color(block.color ?? "accent"),
            tile: SymbolTile.of(symbol: block.symbol ?? "", badge: block.badge, animation: animation))
        return BlockParts(.symbol(content), accessibility: .hidden, animation: animation)
    }

    private func orb(_ block: Block) -> BlockParts {
        let hasOrbRole = flow.theme.colors["orb"] != nil
        let content = OrbContent(
            size: block.size, color: resolver.color(hasOrbRole ? "orb" : "accent"),
            glow: resolver.color(flow.theme.colors["orbGlow"] != nil ? "orbGlow" : "accent"))
        return BlockParts(.orb(content), accessibility: .hidden, animation: orbAnimation)
    }

    private func narration(_ block: Block) -> BlockParts {
        let lines = (block.lines ?? []).map(engine.render)
        return BlockParts(
            .narration(NarrationContent(lines: lines, look: look(block, role: "title"))),
            accessibility: AccessibilityPresentation(label: lines.joined(separator: " ")), animation: .wordByWord)
    }

    private func divider(_ block: Block) -> BlockParts {
        let label = block.text.map { StyledText(text: engine.render($0), look: look(block, role: "caption")) }
        return BlockParts(
            .divider(DividerContent(label: label, line: resolver.color("border"))),
            accessibility: label == nil ? .hidden : AccessibilityPresentation())
    }

    private func markdown(_ block: Block) -> BlockParts {
        let source = block.source.flatMap { engine.value($0)?.stringValue } ?? block.text.map(engine.render) ?? ""
        return BlockParts(.markdown(MarkdownContent(source: source, look: look(block, role: "body"))))
    }

    private func itemList(_ block: Block) -> BlockParts {
        let list = ItemListContent(
            items: (block.items ?? []).map { .init(symbol: $0.symbol, title: $0.title, detail: $0.detail) },
            titleLook: resolver.look(style: nil, role: block.kind == .stats ? "title" : "heading", colorRole: nil),
            detailLook: resolver.look(style: nil, role: "caption", colorRole: "textSecondary"))
        return BlockParts(block.kind == .stats ? .stats(list) : .features(list))
    }

    private func progress(_ block: Block) -> BlockParts {
        let label = block.text.map(engine.render)
        let accessibility = AccessibilityPresentation(
            label: label ?? FlowStrings.defaultLoadingLabel, traits: [.updatesFrequently])
        guard let cards = block.placeholders, cards > 0 else {
            return BlockParts(.loading, accessibility: accessibility)
        }
        let look = resolver.look(style: block.style, role: "caption", colorRole: block.color ?? "textSecondary")
        return BlockParts(
            .skeleton(SkeletonContent(cards: cards, label: label, look: look)), accessibility: accessibility)
    }

    private func card(_ block: Block, context: ActionContext) -> BlockParts? {
        guard let action = context.action(block.action) else { return nil }
        let content = CardContent(
            action: context.present(action), title: block.label ?? action.title ?? "",
            detail: engine.render(block.text ?? ""), symbol: block.symbol, badge: block.badge,
            titleLook: resolver.look(style: nil, role: "heading", colorRole: nil),
            detailLook: resolver.look(style: nil, role: "label", colorRole: "textSecondary"))
        return BlockParts(.card(content), accessibility: AccessibilityPresentation(traits: [.button]))
    }

    private func resendTimer(_ block: Block, context: ActionContext) -> BlockParts? {
        guard let action = context.action(block.action) else { return nil }
        let content = ResendContent(
            prompt: block.text.map(engine.render), action: context.present(action), look: look(block, role: "caption"))
        return BlockParts(.resendTimer(content))
    }

    /// A block that draws nothing: a card or a button whose action does not show now.
    private func nothing(_ id: String, _ kind: Block.Kind) -> BlockPresentation {
        BlockPresentation(
            id: id, kind: kind, content: .actions(ActionRowContent(style: .content, actions: [])),
            accessibility: .hidden, animation: nil)
    }

    func look(_ block: Block, role: String) -> TextLook {
        resolver.look(style: block.style, role: role, colorRole: block.color)
    }

    private func styled(_ block: Block, role: String) -> StyledText {
        StyledText(text: engine.render(block.text ?? ""), look: look(block, role: role))
    }

    /// The trainer's orb: it breathes on the hero, shrinks to a narrator, then settles on the call to act.
    private var orbAnimation: AnimationIntent {
        switch screen.template {
        case "introNarration": return .orbToNarrator
        case "introCTA": return .orbSettle
        default: return .orbBreathe
        }
    }

    /// TANDA's envelope floats; a celebration's check scales in.
    static func symbolAnimation(_ symbol: String, badge: String?) -> AnimationIntent? {
        if symbol.hasPrefix("envelope") { return .float }
        if symbol.hasPrefix("checkmark") { return .scaleIn }
        return nil
    }
}

/// What a block kind's presenter gives: its content, how assistive technology reads it, and how it moves.
private struct BlockParts {
    var content: BlockContent
    var accessibility = AccessibilityPresentation()
    var animation: AnimationIntent?

    init(_ content: BlockContent, accessibility: AccessibilityPresentation = .init(), animation: AnimationIntent? = nil)
    {
        self.content = content
        self.accessibility = accessibility
        self.animation = animation
    }
}
