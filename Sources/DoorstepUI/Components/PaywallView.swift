#if canImport(SwiftUI)
    import DoorstepPresentation
    import SwiftUI

    /// A paywall in the app: the plan cards with the store's prices in the person's currency (never the
    /// flow's), then the renewal terms and the links App Review asks for beside a price.
    struct PaywallView: View {
        let content: PaywallContent
        let theme: ThemePresentation
        let model: any FlowActions
        @State private var prices: [String: StorePrice] = [:]

        var body: some View {
            VStack(alignment: .leading, spacing: theme.spacing("sm")) {
                ChoicesView(content: content.priced(prices).plans, theme: theme, model: model)
                Text(content.renewal)
                    .font(.caption)
                    .foregroundStyle(Color(theme.color("textSecondary")))
                HStack(spacing: theme.spacing("md")) {
                    link(content.terms)
                    link(content.privacy)
                }
                .font(.caption)
            }
            .task(id: content.productIDs) { prices = await storePrices() }
        }

        @ViewBuilder
        private func link(_ link: PaywallContent.Link) -> some View {
            if let url = URL(string: link.url) {
                Link(link.title, destination: url).foregroundStyle(Color(linkColor))
            }
        }

        /// The theme's colour for links, which keeps its contrast at caption size; else the accent.
        private var linkColor: ColorPair { theme.colors["link"] ?? theme.color("accent") }

        private func storePrices() async -> [String: StorePrice] {
            #if canImport(StoreKit)
                await AppStoreTransactions.prices(of: content.productIDs)
            #else
                [:]
            #endif
        }
    }
#endif
