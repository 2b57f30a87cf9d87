#if canImport(SwiftUI)
    import DoorstepPresentation
    import SwiftUI

    #if canImport(AuthenticationServices)
        import AuthenticationServices
    #endif

    /// A button styled by its role: the primary a filled capsule in the accent colour, secondary an
    /// outline, tertiary and links plain words. It shows its loading title while its effects run and
    /// counts down a cooldown.
    struct ActionButton: View {
        let action: ActionPresentation
        let theme: ThemePresentation
        let model: any FlowActions

        var body: some View {
            Button {
                Task { await model.tap(action.id) }
            } label: {
                label
                    .frame(maxWidth: isFullWidth ? .infinity : nil, minHeight: isFullWidth ? 52 : nil)
                    .background(background)
                    .overlay {
                        if action.role == .secondary {
                            Capsule().stroke(Color(theme.color("border")), lineWidth: 1)
                        }
                    }
            }
            .buttonStyle(.plain)
            .disabled(!action.isEnabled)
            .opacity(action.isEnabled || action.countdown != nil ? 1 : 0.5)
            .accessibilityLabel(action.accessibility.label ?? action.title)
            .accessibilityHint(action.accessibility.hint ?? "")
            .sensoryFeedback(trigger: action.isLoading) { _, isLoading in
                isLoading ? action.haptic?.feedback : nil
            }
        }

        private var isFullWidth: Bool { [.primary, .secondary].contains(action.role) }

        @ViewBuilder private var label: some View {
            HStack(spacing: 6) {
                if action.isLoading {
                    ProgressView().tint(Color(action.look.color))
                    Text(action.loadingTitle ?? action.title)
                } else {
                    if let symbol = action.symbol, action.symbolPlacement != .trailing {
                        Image(systemName: DirectionalSymbol.drawn(symbol))
                    }
                    if action.symbolPlacement != .only {
                        if action.availableAt != nil {
                            CountdownText(action: action)
                        } else {
                            Text(action.title)
                        }
                    }
                    if let symbol = action.symbol, action.symbolPlacement == .trailing {
                        Image(systemName: DirectionalSymbol.drawn(symbol))
                    }
                }
            }
            .look(action.look)
            .foregroundStyle(Color(action.look.color))
        }

        @ViewBuilder private var background: some View {
            if action.role == .primary {
                Capsule().fill(Color(theme.color("accent")))
            }
        }
    }

    /// "Resend in 42s", counting down each second to the moment the presentation names; the model
    /// presents the screen again then, and the button turns enabled.
    struct CountdownText: View {
        let action: ActionPresentation

        var body: some View {
            TimelineView(.periodic(from: .now, by: 1)) { context in
                Text(action.title(at: context.date)).monospacedDigit()
            }
        }
    }

    /// Buttons the presenter placed among the blocks.
    struct ActionRowView: View {
        let content: ActionRowContent
        let theme: ThemePresentation
        let model: any FlowActions

        var body: some View {
            switch content.style {
            case .content:
                VStack(spacing: theme.spacing("sm")) {
                    ForEach(content.actions) { ActionButton(action: $0, theme: theme, model: model) }
                }
            case .inline:
                HStack {
                    ForEach(content.actions) { ActionButton(action: $0, theme: theme, model: model) }
                }
                .frame(maxWidth: .infinity)
            }
        }
    }

    /// A tappable card, such as FamilySync's iCloud and guest choices.
    struct CardView: View {
        let content: CardContent
        let theme: ThemePresentation
        let model: any FlowActions

        var body: some View {
            Button {
                Task { await model.tap(content.action.id) }
            } label: {
                HStack(spacing: theme.spacing("md")) {
                    if let symbol = content.symbol {
                        Image(systemName: symbol).font(.title2).foregroundStyle(Color(theme.color("accent")))
                            .accessibilityHidden(true)
                    }
                    VStack(alignment: .leading, spacing: 4) {
                        HStack {
                            Text(content.title).look(content.titleLook)
                            if let badge = content.badge {
                                Text(badge).font(.caption2.bold()).padding(.horizontal, 8).padding(.vertical, 2)
                                    .background(Color(theme.color("accent")).opacity(0.15), in: .capsule)
                            }
                        }
                        Text(content.detail).look(content.detailLook).multilineTextAlignment(.leading)
                    }
                    Spacer()
                }
                .padding(theme.spacing("md"))
                .background(.ultraThinMaterial, in: .rect(cornerRadius: theme.radius("lg")))
            }
            .buttonStyle(.plain)
            .disabled(!content.action.isEnabled)
            .sensoryFeedback(trigger: content.action.isLoading) { _, isLoading in
                isLoading ? content.action.haptic?.feedback : nil
            }
        }
    }

    /// Sign in with Apple as Apple's own button; other providers as a plain button the host's SDK
    /// answers through ``AppleDeviceEffects``.
    struct SocialButtonView: View {
        let action: ActionPresentation
        let theme: ThemePresentation
        let model: any FlowActions

        @Environment(\.colorScheme) private var colorScheme

        var body: some View {
            #if canImport(AuthenticationServices) && canImport(UIKit)
                if action.provider == "apple" {
                    // Apple's button presents the sheet itself, so VoiceOver and Switch Control start it as a
                    // tap does; its credential waits in the handoff for the flow's sign-in effect.
                    SignInWithAppleButton(
                        .continue,
                        onRequest: { request in
                            model.systemSheetWillOpen()
                            model.appleSignIn.configure(request)
                        },
                        onCompletion: { result in
                            guard model.appleSignIn.complete(result) else { return }
                            Task { await model.tap(action.id) }
                        }
                    )
                    // Apple's white button on a dark screen, its black one on a light screen.
                    .signInWithAppleButtonStyle(colorScheme == .dark ? .white : .black)
                    .frame(height: 52)
                    .clipShape(.capsule)
                    .disabled(!action.isEnabled)
                } else {
                    ActionButton(action: action, theme: theme, model: model)
                }
            #else
                ActionButton(action: action, theme: theme, model: model)
            #endif
        }
    }

    /// "Didn't get it? Resend in 42s".
    struct ResendView: View {
        let content: ResendContent
        let theme: ThemePresentation
        let model: any FlowActions

        var body: some View {
            HStack(spacing: 4) {
                if let prompt = content.prompt { Text(prompt).look(content.look) }
                ActionButton(action: content.action, theme: theme, model: model)
            }
            .frame(maxWidth: .infinity)
        }
    }
#endif
