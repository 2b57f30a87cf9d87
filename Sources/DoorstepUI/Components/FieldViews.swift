#if canImport(SwiftUI)
    import DoorstepFlow
    import DoorstepPresentation
    import SwiftUI

    /// A field's label (visible, or for VoiceOver only), its control, its helper and its error.
    struct FieldFrame<Control: View>: View {
        let field: FieldPresentation
        let theme: ThemePresentation
        @ViewBuilder let control: Control

        var body: some View {
            VStack(alignment: .leading, spacing: theme.spacing("xs")) {
                if field.showsLabel {
                    Text(field.label).look(field.labelLook).accessibilityHidden(true)
                }
                control
                if let helper = field.helper, field.error == nil {
                    Text(helper).font(.footnote).foregroundStyle(Color(theme.color("textSecondary")))
                }
                if let error = field.error {
                    // VoiceOver hears it on the control, as its hint (`fieldInput`), and once as it appears.
                    Text(error).font(.footnote).foregroundStyle(Color(theme.color("danger")))
                        .accessibilityHidden(true)
                        .onAppear { AccessibilityNotification.Announcement(error).post() }
                }
            }
        }
    }

    extension View {
        /// The keyboard, autofill, capitalisation and Return key a field asks for, and its input's frame:
        /// 56 pt tall, the theme's medium radius, a 1 pt border that thickens on error.
        func fieldInput(_ field: FieldPresentation, theme: ThemePresentation) -> some View {
            self
                #if canImport(UIKit)
                    .keyboardType(field.keyboard.uiKeyboardType)
                    .textContentType(field.contentType?.uiContentType)
                    .textInputAutocapitalization(field.capitalization.autocapitalization)
                #endif
                .autocorrectionDisabled(!field.autocorrects)
                .submitLabel(field.returnKey.submitLabel)
                .look(field.inputLook)
                .padding(.horizontal, theme.spacing("md"))
                .frame(minHeight: 56)
                .background(Color(theme.color("surface")), in: .rect(cornerRadius: theme.radius("md")))
                .overlay {
                    RoundedRectangle(cornerRadius: theme.radius("md"))
                        .stroke(
                            Color(theme.color(field.error == nil ? "border" : "danger")),
                            lineWidth: field.error == nil ? 1 : 2)
                }
                .accessibilityLabel(field.label)
                .accessibilityHint(field.accessibilityHint ?? "")
        }
    }

    #if canImport(UIKit)
        extension KeyboardKind {
            var uiKeyboardType: UIKeyboardType {
                switch self {
                case .default: return .default
                case .emailAddress: return .emailAddress
                case .numberPad: return .numberPad
                case .asciiCapable: return .asciiCapable
                }
            }
        }

        extension ContentKind {
            var uiContentType: UITextContentType? {
                switch self {
                case .emailAddress: return .emailAddress
                case .oneTimeCode: return .oneTimeCode
                case .newPassword: return .newPassword
                case .password: return .password
                case .givenName: return .givenName
                case .familyName: return .familyName
                case .name: return .name
                case .username: return .username
                case .none: return nil
                }
            }
        }

        extension Capitalization {
            var autocapitalization: TextInputAutocapitalization {
                switch self {
                case .none: return .never
                case .words: return .words
                case .sentences: return .sentences
                case .characters: return .characters
                }
            }
        }
    #endif

    extension ReturnKey {
        var submitLabel: SubmitLabel {
            switch self {
            case .next: return .next
            case .done: return .done
            case .go: return .go
            case .continue: return .continue
            }
        }
    }

    /// A one-line text input.
    struct TextFieldView: View {
        let content: TextFieldContent
        let theme: ThemePresentation
        let model: any FlowActions
        var focus: FocusState<String?>.Binding
        @State private var text = ""

        var body: some View {
            FieldFrame(field: content.field, theme: theme) {
                HStack {
                    if let symbol = content.symbol {
                        Image(systemName: symbol).foregroundStyle(Color(theme.color("textTertiary")))
                            .accessibilityHidden(true)
                    }
                    TextField(content.field.placeholder ?? "", text: $text)
                        .focused(focus, equals: content.field.id)
                }
                .fieldInput(content.field, theme: theme)
            }
            .onAppear { text = content.field.value }
            .onChange(of: text) { _, text in
                let limited = content.field.maxLength.map { String(text.prefix($0)) } ?? text
                Task { await model.answer(content.field.id, .string(limited)) }
            }
            // A pause in typing counts as leaving the field; typing again cancels the wait.
            .task(id: text) {
                guard !text.isEmpty, (try? await Task.sleep(for: FieldPresentation.typingPause)) != nil else { return }
                await model.leave(content.field.id)
            }
        }
    }

#endif
