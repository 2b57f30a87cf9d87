#if canImport(SwiftUI)
    import DoorstepFlow
    import DoorstepPresentation
    import SwiftUI

    /// Cards without content in the shape of those on their way, pulsing gently unless motion is
    /// reduced; VoiceOver hears what is happening instead.
    struct SkeletonView: View {
        let content: SkeletonContent
        let theme: ThemePresentation
        @Environment(\.accessibilityReduceMotion) private var reduceMotion
        @State private var dimmed = false

        var body: some View {
            VStack(spacing: theme.spacing("md")) {
                ForEach(0..<content.cards, id: \.self) { _ in
                    VStack(alignment: .leading, spacing: theme.spacing("sm")) {
                        bar(widthFraction: 0.55, height: 18)
                        bar(widthFraction: 0.85, height: 14)
                    }
                    .padding(theme.spacing("md"))
                    .frame(maxWidth: .infinity, alignment: .leading)
                    .background(Color(theme.color("surface")), in: .rect(cornerRadius: theme.radius("lg")))
                }
                if let label = content.label {
                    Text(label).look(content.look).frame(maxWidth: .infinity)
                }
            }
            .opacity(dimmed ? 0.45 : 1)
            .onAppear {
                guard !reduceMotion else { return }
                withAnimation(.easeInOut(duration: 0.7).repeatForever(autoreverses: true)) { dimmed = true }
            }
            .accessibilityElement(children: .ignore)
            .accessibilityLabel(content.label ?? FlowStrings.defaultLoadingLabel)
        }

        private func bar(widthFraction: CGFloat, height: CGFloat) -> some View {
            GeometryReader { geometry in
                Capsule().fill(Color(theme.color("border")))
                    .frame(width: geometry.size.width * widthFraction, height: height)
            }
            .frame(height: height)
        }
    }
#endif
