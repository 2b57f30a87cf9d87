#if canImport(SwiftUI)
    import DoorstepPresentation
    import SwiftUI

    extension View {
        /// Shows the prompt's question as a sheet when one is asked: the password, or the mailed code,
        /// with Confirm and Cancel. Attach it to one view on screen at a time: with `presents` false
        /// this view leaves the question to another.
        public func identityConfirmation(_ prompt: IdentityPrompt, presents: Bool = true) -> some View {
            modifier(IdentityConfirmationModifier(prompt: prompt, presents: presents))
        }
    }

    struct IdentityConfirmationModifier: ViewModifier {
        @Bindable var prompt: IdentityPrompt
        let presents: Bool

        func body(content: Content) -> some View {
            content.sheet(
                item: presents ? $prompt.question : .constant(nil), onDismiss: { prompt.dismissed() },
                content: { question in
                    IdentityConfirmationView(sheet: question.presentation) { prompt.answer($0) }
                        .presentationDetents([.medium, .large])
                })
        }
    }

    /// The question itself: what it is for, one field, Confirm and Cancel.
    struct IdentityConfirmationView: View {
        let sheet: IdentityConfirmationPresentation
        let answer: @MainActor (String?) -> Void

        @State private var typed = ""
        @FocusState private var focused: Bool

        var body: some View {
            VStack(alignment: .leading, spacing: 16) {
                Text(sheet.title).font(.title2).bold().accessibilityAddTraits(.isHeader)
                Text(sheet.message).font(.body)
                input
                    #if canImport(UIKit)
                        .keyboardType(sheet.keyboard.uiKeyboardType)
                        .textContentType(sheet.contentType.uiContentType)
                    #endif
                    .textInputAutocapitalization(.never)
                    .autocorrectionDisabled()
                    .focused($focused)
                    .submitLabel(.done)
                    .onSubmit { confirm() }
                    .padding(12)
                    .overlay { RoundedRectangle(cornerRadius: 10).stroke(.secondary, lineWidth: 1) }
                    .accessibilityLabel(sheet.fieldLabel)
                    .onChange(of: typed) { _, new in
                        let kept = sheet.accepted(new)
                        if kept != new { typed = kept }
                    }
                Button(sheet.confirmTitle) { confirm() }
                    .buttonStyle(.borderedProminent)
                    .disabled(!sheet.canConfirm(typed))
                Button(sheet.cancelTitle, role: .cancel) { answer(nil) }
                Spacer(minLength: 0)
            }
            .padding(24)
            .onAppear { focused = true }
        }

        @ViewBuilder private var input: some View {
            if sheet.isSecure {
                SecureField(sheet.fieldLabel, text: $typed)
            } else {
                TextField(sheet.fieldLabel, text: $typed)
            }
        }

        private func confirm() {
            guard sheet.canConfirm(typed) else { return }
            answer(typed)
        }
    }
#endif
