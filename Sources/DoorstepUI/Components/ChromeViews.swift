#if canImport(SwiftUI)
    import DoorstepPresentation
    import SwiftUI

    /// Back and close on the leading side, skip on the trailing side, progress between them.
    struct NavigationBarView: View {
        let navigation: NavigationPresentation
        let theme: ThemePresentation
        let model: any FlowActions

        var body: some View {
            HStack(spacing: theme.spacing("sm")) {
                HStack { ForEach(navigation.leading) { ActionButton(action: $0, theme: theme, model: model) } }
                    .frame(minWidth: 44, alignment: .leading)
                if let progress = navigation.progress {
                    ProgressBarView(progress: progress)
                } else {
                    Spacer()
                }
                HStack { ForEach(navigation.trailing) { ActionButton(action: $0, theme: theme, model: model) } }
                    .frame(minWidth: 44, alignment: .trailing)
            }
            .padding(.horizontal, theme.spacing("md"))
            .frame(minHeight: 44)
        }
    }

    /// Segments that fill as a person moves on, with the section's name above a sectioned bar.
    struct ProgressBarView: View {
        let progress: ProgressPresentation
        @Environment(\.presentationWords) private var words
        @Environment(\.accessibilityReduceMotion) private var reduceMotion

        var body: some View {
            VStack(spacing: 4) {
                if let label = progress.sectionLabel {
                    Text(label).font(.caption.weight(.semibold)).foregroundStyle(Color(progress.fill))
                        .id(label)
                        .transition(.opacity)
                }
                HStack(spacing: 4) {
                    ForEach(Array(progress.segments.enumerated()), id: \.offset) { _, segment in
                        GeometryReader { geometry in
                            ZStack(alignment: .leading) {
                                Capsule().fill(Color(progress.track))
                                Capsule().fill(Color(progress.fill)).frame(width: geometry.size.width * segment.fill)
                            }
                        }
                        .frame(height: 4)
                    }
                }
            }
            .animation(
                reduceMotion ? nil : .easeInOut(duration: AnimationIntent.progressFill.duration), value: progress
            )
            .accessibilityElement()
            .accessibilityLabel(progress.accessibilityLabel)
            .accessibilityValue(words("{percent} percent", ["percent": "\(progress.percent)"]))
        }
    }

    /// A carousel's previous and next, with its page dots; swiping anywhere on the screen does the same
    /// (``ScreenView``).
    struct CarouselControlsView: View {
        let carousel: CarouselPresentation
        let theme: ThemePresentation
        let model: any FlowActions
        @Environment(\.presentationWords) private var words

        var body: some View {
            HStack {
                swipe(carousel.back, symbol: "chevron.backward", label: words("Previous"))
                Spacer()
                if let dots = carousel.dots {
                    HStack(spacing: 8) {
                        ForEach(Array(dots.segments.enumerated()), id: \.offset) { _, dot in
                            Capsule().fill(Color(dot.isCurrent ? dots.fill : dots.track))
                                .frame(width: dot.isCurrent ? 20 : 8, height: 8)
                        }
                    }
                    .accessibilityElement()
                    .accessibilityLabel(dots.accessibilityLabel)
                }
                Spacer()
                swipe(carousel.next, symbol: "chevron.forward", label: words("Next"))
            }
            .padding(.horizontal, theme.spacing("lg"))
        }

        @ViewBuilder private func swipe(_ action: ActionPresentation?, symbol: String, label: String) -> some View {
            if let action {
                Button {
                    Task { await model.tap(action.id) }
                } label: {
                    Image(systemName: symbol).frame(width: 44, height: 44)
                }
                .accessibilityLabel(label)
                .sensoryFeedback(.selection, trigger: action.id)
            } else {
                Color.clear.frame(width: 44, height: 44)
            }
        }
    }

    /// A solid or gradient background, or FamilySync's Aurora: blurred orbs that drift, under a thin
    /// overlay; still under reduced motion.
    struct BackgroundView: View {
        let background: BackgroundPresentation?
        let theme: ThemePresentation
        @Environment(\.accessibilityReduceMotion) private var reduceMotion
        @State private var drift = false

        var body: some View {
            ZStack {
                Color(theme.color("background"))
                if let background {
                    switch background.kind {
                    case .solid:
                        if let color = background.colors.first { Color(color) }
                    case .gradient:
                        LinearGradient(
                            colors: background.colors.map(Color.init), startPoint: .topLeading,
                            endPoint: .bottomTrailing)
                    case .aurora:
                        aurora(background)
                    }
                }
            }
            .ignoresSafeArea()
            .accessibilityHidden(true)
        }

        private func aurora(_ background: BackgroundPresentation) -> some View {
            GeometryReader { geometry in
                ZStack {
                    ForEach(Array(background.orbs.enumerated()), id: \.offset) { index, orb in
                        Circle()
                            .fill(Color(orb.color).opacity(orb.opacity))
                            .frame(width: geometry.size.width * 0.9)
                            .position(position(orb.position, in: geometry.size))
                            .offset(x: drift ? CGFloat(index * 12 - 12) : 0, y: drift ? -16 : 0)
                            .scaleEffect(drift ? 1.08 : 1)
                    }
                    Color(theme.color("surface")).opacity(background.overlayOpacity)
                }
                .blur(radius: background.blur)
            }
            .onAppear {
                guard !reduceMotion, let intent = background.animation else { return }
                withAnimation(.easeInOut(duration: intent.duration).repeatForever(autoreverses: true)) { drift = true }
            }
        }

        private func position(_ name: String, in size: CGSize) -> CGPoint {
            switch name {
            case "topLeading": return CGPoint(x: 0, y: 0)
            case "topTrailing": return CGPoint(x: size.width, y: 0)
            case "bottomLeading": return CGPoint(x: 0, y: size.height)
            case "bottomTrailing": return CGPoint(x: size.width, y: size.height)
            case "bottom": return CGPoint(x: size.width / 2, y: size.height)
            default: return CGPoint(x: size.width / 2, y: size.height / 2)
            }
        }
    }
#endif
