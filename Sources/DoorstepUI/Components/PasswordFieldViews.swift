#if canImport(SwiftUI)
    import DoorstepFlow
    import DoorstepPresentation
    import SwiftUI

    /// A password, its strength meter and its confirmation. Nothing typed is kept outside the engine.
    struct PasswordView: View {
        let content: PasswordContent
        let theme: ThemePresentation
        let model: any FlowActions
        var focus: FocusState<String?>.Binding
        @State private var password = ""
        @State private var confirmation = ""
        @State private var isRevealed = false

        var body: some View {
            VStack(alignment: .leading, spacing: theme.spacing("md")) {
                FieldFrame(field: content.field, theme: theme) {
                    HStack {
                        input(content.field.placeholder ?? "", text: $password)
                            .focused(focus, equals: content.field.id)
                            .fieldInput(content.field, theme: theme)
                        revealButton
                    }
                    if let strength = content.strength { StrengthMeterView(content: strength, theme: theme) }
                }
                if let field = content.confirmation {
                    FieldFrame(field: field, theme: theme) {
                        input("", text: $confirmation)
                            .focused(focus, equals: field.id)
                            .fieldInput(field, theme: theme)
                    }
                }
            }
            .onChange(of: password) { _, password in Task { await model.answer(content.field.id, .string(password)) } }
            // The engine forgot what was typed (a refused password): the inputs empty for the next try.
            .onChange(of: content.field.resets) { password = "" }
            .onChange(of: content.confirmation?.resets) { confirmation = "" }
            .onChange(of: confirmation) { _, confirmation in
                guard let field = content.confirmation else { return }
                Task { await model.answer(field.id, .string(confirmation)) }
            }
        }

        /// What is typed, shown as dots until Show is tapped.
        @ViewBuilder
        private func input(_ placeholder: String, text: Binding<String>) -> some View {
            if isRevealed {
                TextField(placeholder, text: text)
            } else {
                SecureField(placeholder, text: text)
            }
        }

        /// Show/Hide, for the password and its confirmation together.
        private var revealButton: some View {
            Button(content.reveal.title(isRevealed: isRevealed)) { isRevealed.toggle() }
                .font(.subheadline.weight(.semibold))
                .foregroundStyle(Color(theme.color("textPrimary")))
                .accessibilityLabel(content.reveal.label(isRevealed: isRevealed))
        }
    }

    /// TANDA's three-segment bar, or Kordant's checklist.
    struct StrengthMeterView: View {
        let content: StrengthContent
        let theme: ThemePresentation

        var body: some View {
            VStack(alignment: .leading, spacing: theme.spacing("xs")) {
                HStack(spacing: 4) {
                    ForEach(0..<3, id: \.self) { index in
                        Capsule()
                            .fill(Color(index < content.filledSegments ? content.color : theme.color("border")))
                            .frame(height: 4)
                    }
                }
                .animation(.easeInOut(duration: 0.3), value: content.filledSegments)
                if !content.label.isEmpty {
                    Text(content.label).font(.caption).foregroundStyle(Color(content.color))
                }
                if content.rules == .kordant {
                    ForEach(content.checks, id: \.id) { check in
                        Label(check.label, systemImage: check.isMet ? "checkmark.circle.fill" : "circle")
                            .font(.caption)
                            .foregroundStyle(Color(theme.color(check.isMet ? "success" : "textSecondary")))
                            .accessibilityValue(check.isMet ? "met" : "not met")
                    }
                }
            }
            .accessibilityElement(children: .combine)
        }
    }
#endif
