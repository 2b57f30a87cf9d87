#if canImport(SwiftUI)
    import DoorstepPresentation
    import SwiftUI

    /// One screen: background, navigation bar with progress, the blocks, then the dock. Every value
    /// comes from the presentation; the view only lays it out and sends events to the model.
    struct ScreenView: View {
        let presentation: ScreenPresentation
        let failure: String?
        let model: any FlowActions

        @FocusState private var focus: String?

        var theme: ThemePresentation { presentation.theme }

        var body: some View {
            layers
                // A carousel page turns from a sideways swipe anywhere on it, alongside its buttons and scrolling.
                .simultaneousGesture(
                    DragGesture(minimumDistance: 30).onEnded { value in
                        let action = presentation.carousel?.swipeAction(
                            width: value.translation.width, height: value.translation.height,
                            isRightToLeft: presentation.isRightToLeft)
                        if let action { Task { await model.tap(action.id) } }
                    },
                    including: presentation.carousel == nil ? .subviews : .all
                )
                .background(Color(theme.color("background")).ignoresSafeArea())
                // A flow that follows the device leaves the choice to it; the others are drawn as their theme says.
                .preferredColorScheme(theme.followsSystem ? nil : theme.isDark ? .dark : .light)
                .navigationTitle(presentation.title)
                .sensoryFeedback(trigger: presentation.haptic) { _, haptic in haptic?.feedback }
                // The first field with a problem, else the one the screen names, takes the keyboard as the
                // screen shows, and again whenever an answer is refused.
                .defaultFocus($focus, presentation.focusedField)
                .onChange(of: presentation.focusedField) { _, field in
                    if let field { focus = field }
                }
                // Leaving a field lets a wrong answer say why (the engine decides whether it is wrong).
                .onChange(of: focus) { left, _ in
                    if let left { Task { await model.leave(left) } }
                }
                .onAppear {
                    focus = presentation.focusedField
                    // VoiceOver starts the new screen from its title instead of where the last one left off.
                    AccessibilityNotification.ScreenChanged(presentation.title).post()
                }
                .onSubmit { submitFromFocusedField() }
                // The screen reads in its flow's language: Arabic right to left, with its bars, carousels and
                // back buttons mirrored, and dates and numbers written as that language writes them.
                .environment(\.layoutDirection, presentation.isRightToLeft ? .rightToLeft : .leftToRight)
                .environment(\.locale, Locale(identifier: presentation.words.language))
                .environment(\.presentationWords, presentation.words)
        }

        /// Background, bar, blocks and dock, with the screen-wide tap target of a screen that has one.
        private var layers: some View {
            ZStack {
                BackgroundView(background: presentation.background, theme: theme)
                VStack(spacing: 0) {
                    if let navigation = presentation.navigation {
                        NavigationBarView(navigation: navigation, theme: theme, model: model)
                    }
                    ArrangedBlocksView(presentation: presentation, failure: failure, model: model, focus: $focus)
                    if let carousel = presentation.carousel {
                        CarouselControlsView(carousel: carousel, theme: theme, model: model)
                    }
                    if !presentation.dock.isEmpty { dock }
                }
                ForEach(presentation.overlays.filter { $0.role == .tapAnywhere }) { action in
                    Color.clear.contentShape(Rectangle())
                        .onTapGesture { Task { await model.tap(action.id) } }
                        .accessibilityElement()
                        .accessibilityLabel(action.baseTitle)
                        .accessibilityAddTraits(.isButton)
                }
            }
        }

        /// The buttons pinned under the blocks.
        private var dock: some View {
            VStack(spacing: theme.spacing("sm")) {
                ForEach(presentation.dock) { action in
                    ActionButton(action: action, theme: theme, model: model)
                }
            }
            .padding(.horizontal, theme.spacing("lg"))
            .padding(.bottom, theme.spacing("md"))
        }

        /// Return moves to the next field, and from the last one presses the screen's main button.
        private func submitFromFocusedField() {
            guard let current = focus else { return }
            let next = presentation.blocks.lazy.compactMap { $0.content.field(current)?.returnFocuses }.first
            if let next {
                focus = next
            } else if let action = presentation.defaultAction {
                Task { await model.tap(action) }
            }
        }
    }

    struct BannerView: View {
        let message: String
        let theme: ThemePresentation

        var body: some View {
            Text(message)
                .foregroundStyle(Color(theme.color("danger")))
                .padding(theme.spacing("sm"))
                .frame(maxWidth: .infinity, alignment: .leading)
                .background(Color(theme.color("danger")).opacity(0.1), in: .rect(cornerRadius: theme.radius("md")))
                .accessibilityAddTraits(.isStaticText)
                .onAppear { AccessibilityNotification.Announcement(message).post() }
        }
    }
#endif
