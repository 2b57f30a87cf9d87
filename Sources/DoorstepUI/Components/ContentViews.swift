#if canImport(SwiftUI)
    import DoorstepPresentation
    import SwiftUI

    /// A paragraph, with links that finish its sentence.
    struct TextBlockView: View {
        let content: TextContent
        let theme: ThemePresentation
        let model: any FlowActions

        var body: some View {
            HStack(alignment: .firstTextBaseline, spacing: 4) {
                Text(content.text.text).look(content.text.look)
                ForEach(content.trailingActions) { action in
                    ActionButton(action: action, theme: theme, model: model)
                }
            }
        }
    }

    /// A symbol: bare in its tint, floating on frosted glass (FamilySync's slides), or white on a circle
    /// filled with its tint inside a soft ring (TANDA's celebration).
    struct SymbolView: View {
        let content: SymbolContent
        let theme: ThemePresentation

        var body: some View {
            let size = content.size ?? 48
            switch content.tile {
            case nil:
                symbol(size: size * 0.5, color: content.tint)
                    .frame(width: size, height: size)
                    .frame(maxWidth: .infinity)
            case .glass:
                symbol(size: size * 0.5, color: content.tint)
                    .frame(width: size * 1.75, height: size * 1.75)
                    .background(.ultraThinMaterial, in: .rect(cornerRadius: size * 0.45))
                    .frame(maxWidth: .infinity)
            case .filledCircle:
                symbol(size: size * 0.4, color: theme.color("onAccent"))
                    .frame(width: size, height: size)
                    .background(Color(content.tint), in: .circle)
                    .padding(12)
                    .background(Color(content.tint).opacity(0.2), in: .circle)
                    .frame(maxWidth: .infinity)
            }
        }

        private func symbol(size: Double, color: ColorPair) -> some View {
            Image(systemName: content.name)
                .font(.system(size: size, weight: .semibold))
                .foregroundStyle(Color(color))
        }
    }

    /// The trainer's glowing orb.
    struct OrbView: View {
        let content: OrbContent

        var body: some View {
            let size = content.size ?? 140
            Circle()
                .fill(
                    RadialGradient(
                        colors: [Color(content.glow), Color(content.color)], center: .center, startRadius: 0,
                        endRadius: size / 2)
                )
                .frame(width: size, height: size)
                .shadow(color: Color(content.glow).opacity(0.6), radius: size / 4)
                .frame(maxWidth: .infinity)
        }
    }

    /// Narration that appears word by word, or at once under reduced motion.
    struct NarrationView: View {
        let content: NarrationContent
        @Environment(\.accessibilityReduceMotion) private var reduceMotion
        @State private var shownWords = 0

        private var words: [String] { content.lines.joined(separator: " ").split(separator: " ").map(String.init) }

        var body: some View {
            Text(words.prefix(reduceMotion ? words.count : shownWords).joined(separator: " "))
                .look(content.look)
                .frame(maxWidth: .infinity, alignment: .leading)
                .accessibilityLabel(content.lines.joined(separator: " "))
                .task {
                    guard !reduceMotion else { return }
                    for count in 1...max(words.count, 1) {
                        try? await Task.sleep(for: .seconds(AnimationIntent.wordByWord.duration))
                        withAnimation(.easeOut(duration: 0.2)) { shownWords = count }
                    }
                }
        }
    }

    /// A rule, with words in it.
    struct DividerView: View {
        let content: DividerContent

        var body: some View {
            HStack {
                Rectangle().fill(Color(content.line)).frame(height: 1)
                if let label = content.label {
                    Text(label.text).look(label.look).fixedSize()
                    Rectangle().fill(Color(content.line)).frame(height: 1)
                }
            }
        }
    }

    /// Markdown with its headings, lists and paragraphs (split by the presentation, since `Text` draws
    /// only inline Markdown), each block's emphasis, links and code as `AttributedString` reads them.
    struct MarkdownView: View {
        let content: MarkdownContent

        var body: some View {
            VStack(alignment: .leading, spacing: 8) {
                ForEach(Array(content.blocks.enumerated()), id: \.offset) { _, block in
                    switch block {
                    case .heading(let level, let text):
                        Self.inline(text).font(
                            level == 1 ? .title2.bold() : level == 2 ? .headline : .subheadline.bold()
                        )
                        .foregroundStyle(Color(content.look.color))
                        .padding(.top, level <= 2 ? 8 : 4)
                        .accessibilityAddTraits(.isHeader)
                    case .listItem(let marker, let text):
                        HStack(alignment: .firstTextBaseline, spacing: 6) {
                            Text(marker).accessibilityHidden(marker == "•")
                            Self.inline(text)
                        }
                        .look(content.look)
                    case .paragraph(let text):
                        Self.inline(text).look(content.look)
                    }
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .textSelection(.enabled)
        }

        private static func inline(_ text: String) -> Text {
            let options = AttributedString.MarkdownParsingOptions(interpretedSyntax: .inlineOnlyPreservingWhitespace)
            return Text((try? AttributedString(markdown: text, options: options)) ?? AttributedString(text))
        }
    }

    /// A features list, or a stats card.
    struct ItemListView: View {
        let content: ItemListContent
        let isStats: Bool
        let theme: ThemePresentation

        var body: some View {
            let layout =
                isStats
                ? AnyLayout(HStackLayout(spacing: theme.spacing("md")))
                : AnyLayout(VStackLayout(alignment: .leading, spacing: theme.spacing("md")))
            layout {
                ForEach(content.items, id: \.title) { item in
                    HStack(alignment: .top, spacing: theme.spacing("sm")) {
                        if let symbol = item.symbol {
                            Image(systemName: symbol).foregroundStyle(Color(theme.color("accent")))
                                .accessibilityHidden(true)
                        }
                        VStack(alignment: .leading, spacing: 2) {
                            Text(item.title).look(content.titleLook)
                            if let detail = item.detail { Text(detail).look(content.detailLook) }
                        }
                    }
                    .accessibilityElement(children: .combine)
                    .frame(maxWidth: isStats ? .infinity : nil, alignment: .leading)
                }
            }
        }
    }
#endif
