#if canImport(SwiftUI)
    import DoorstepPresentation
    import SwiftUI

    /// The screen's blocks, scrolling, where the presentation puts them: from the top, centred in the
    /// screen (heroes, splashes, celebrations), or with the symbol floating in the middle and the words
    /// in the bottom part (FamilySync's slides). Taller content than the screen scrolls from the top.
    struct ArrangedBlocksView: View {
        let presentation: ScreenPresentation
        let failure: String?
        let model: any FlowActions
        var focus: FocusState<String?>.Binding

        private var theme: ThemePresentation { presentation.theme }

        var body: some View {
            GeometryReader { proxy in
                ScrollView {
                    arranged(height: proxy.size.height)
                        .padding(.horizontal, theme.spacing("lg"))
                        .padding(.vertical, theme.spacing("md"))
                }
                .scrollDismissesKeyboard(.interactively)
            }
        }

        @ViewBuilder private func arranged(height: CGFloat) -> some View {
            let padding = theme.spacing("md") * 2
            switch presentation.arrangement {
            case nil:
                column(presentation.blocks, alignment: .leading)
                    .frame(maxWidth: .infinity, alignment: .leading)
            case .centered:
                column(presentation.blocks, alignment: .center)
                    .multilineTextAlignment(.center)
                    .frame(maxWidth: .infinity, minHeight: max(0, height - padding))
            case .bottomAnchored(let fraction):
                let art = Array(presentation.blocks.prefix { $0.kind == .symbol })
                let words = Array(presentation.blocks.dropFirst(art.count))
                VStack(spacing: 0) {
                    column(art, alignment: .center, showsBanner: false)
                        .frame(maxWidth: .infinity, maxHeight: .infinity)
                    column(words, alignment: .leading)
                        .frame(maxWidth: .infinity, minHeight: height * fraction, alignment: .topLeading)
                }
                .frame(minHeight: max(0, height - padding))
            }
        }

        private func column(
            _ blocks: [BlockPresentation], alignment: HorizontalAlignment, showsBanner: Bool = true
        ) -> some View {
            VStack(alignment: alignment, spacing: theme.spacing("md")) {
                if showsBanner, let banner = failure ?? presentation.banner {
                    BannerView(message: banner, theme: theme)
                }
                ForEach(blocks) { block in
                    BlockView(block: block, theme: theme, model: model, focus: focus)
                }
            }
        }
    }
#endif
