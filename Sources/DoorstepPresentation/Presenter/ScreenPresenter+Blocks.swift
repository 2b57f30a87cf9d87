import DoorstepFlow

extension ScreenPresenter {
    /// The presentation of one shown block.
    // swiftlint:disable:next cyclomatic_complexity function_body_length
    func block(for block: Block, at offset: Int, context: ActionContext) -> BlockPresentation {
        let id = block.field ?? "block-\(offset)"
        var accessibility = AccessibilityPresentation()
        var animation: AnimationIntent?
        let content: BlockContent
        switch block.kind {
        case .heading:
            let isFirst = !engine.visibleBlocks.prefix(offset).contains { $0.kind == .heading }
            content = .heading(HeadingContent(text: styled(block, role: "title"), level: isFirst ? 1 : 2))
            accessibility.traits = [.header]
        case .text:
            content = .text(TextContent(text: styled(block, role: "body"), trailingActions: []))
        case .symbol:
            let tint = block.color ?? "accent"
            animation = Self.symbolAnimation(block.symbol ?? "", badge: block.badge)
            content = .symbol(
                SymbolContent(
                    name: block.symbol ?? "", size: block.size, badge: block.badge, tintRole: block.color,
                    tint: resolver.color(tint),
                    tile: SymbolTile.of(symbol: block.symbol ?? "", badge: block.badge, animation: animation)))
            accessibility = .hidden
        case .orb:
            let hasOrbRole = flow.theme.colors["orb"] != nil
            content = .orb(
                OrbContent(
                    size: block.size, color: resolver.color(hasOrbRole ? "orb" : "accent"),
                    glow: resolver.color(flow.theme.colors["orbGlow"] != nil ? "orbGlow" : "accent")))
            accessibility = .hidden
            animation = orbAnimation
        case .narration:
            let lines = (block.lines ?? []).map(engine.render)
            content = .narration(NarrationContent(lines: lines, look: look(block, role: "title")))
            accessibility.label = lines.joined(separator: " ")
            animation = .wordByWord
        case .divider:
            content = .divider(
                DividerContent(
                    label: block.text.map { StyledText(text: engine.render($0), look: look(block, role: "caption")) },
                    line: resolver.color("border")))
            accessibility = block.text == nil ? .hidden : AccessibilityPresentation()
        case .markdown:
            let source = block.source.flatMap { engine.value($0)?.stringValue } ?? block.text.map(engine.render) ?? ""
            content = .markdown(MarkdownContent(source: source, look: look(block, role: "body")))
        case .features, .stats:
            let list = ItemListContent(
                items: (block.items ?? []).map { .init(symbol: $0.symbol, title: $0.title, detail: $0.detail) },
                titleLook: resolver.look(style: nil, role: block.kind == .stats ? "title" : "heading", colorRole: nil),
                detailLook: resolver.look(style: nil, role: "caption", colorRole: "textSecondary"))
            content = block.kind == .stats ? .stats(list) : .features(list)
        case .progress:
            let label = block.text.map(engine.render)
            if let cards = block.placeholders, cards > 0 {
                content = .skeleton(
                    SkeletonContent(
                        cards: cards, label: label,
                        look: resolver.look(
                            style: block.style, role: "caption", colorRole: block.color ?? "textSecondary")))
            } else {
                content = .loading
            }
            accessibility = AccessibilityPresentation(
                label: label ?? FlowStrings.defaultLoadingLabel, traits: [.updatesFrequently])
        case .card:
            guard let action = context.action(block.action) else { return nothing(id, block.kind) }
            let presented = context.present(action)
            content = .card(
                CardContent(
                    action: presented, title: block.label ?? action.title ?? "",
                    detail: engine.render(block.text ?? ""),
                    symbol: block.symbol, badge: block.badge,
                    titleLook: resolver.look(style: nil, role: "heading", colorRole: nil),
                    detailLook: resolver.look(style: nil, role: "label", colorRole: "textSecondary")))
            accessibility.traits = [.button]
        case .socialButton:
            guard let action = context.action(block.action) else { return nothing(id, block.kind) }
            content = .socialButton(context.present(action, provider: block.provider))
        case .resendTimer:
            guard let action = context.action(block.action) else { return nothing(id, block.kind) }
            content = .resendTimer(
                ResendContent(
                    prompt: block.text.map(engine.render), action: context.present(action),
                    look: look(block, role: "caption")))
        case .avatar, .textField, .codeEntry, .password, .checkbox, .stepper, .choiceList, .pills, .voiceAnswer,
            .datePicker, .timePicker, .planCards, .listBuilder:
            let input = InputPresenter(presenter: self, block: block)
            content = input.content()
            accessibility = input.accessibility
            animation = input.hasError ? .shake : nil
        }
        return BlockPresentation(
            id: id, kind: block.kind, content: content, accessibility: accessibility, animation: animation)
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
