#if canImport(SwiftUI)
    import DoorstepFlow
    import DoorstepPresentation
    import SwiftUI

    /// The flow's number of boxes over one hidden field: the field takes typing, paste and the code
    /// AutoFill offers from Mail or Messages (`.oneTimeCode`); ``CodeEntry`` decides what the boxes show
    /// and what the field keeps, and every change is answered at once.
    struct CodeEntryView: View {
        let content: CodeEntryContent
        let theme: ThemePresentation
        let model: any FlowActions
        var focus: FocusState<String?>.Binding
        @State private var typed = ""

        private var entry: CodeEntry {
            var entry = CodeEntry(length: content.length)
            entry.replaceText(with: typed)
            return entry
        }

        var body: some View {
            FieldFrame(field: content.field, theme: theme) {
                ZStack {
                    TextField("", text: $typed)
                        .focused(focus, equals: content.field.id)
                        #if canImport(UIKit)
                            .keyboardType(.numberPad)
                            .textContentType(.oneTimeCode)
                        #endif
                        .opacity(0.02)
                        .accessibilityLabel(content.field.label)
                        .accessibilityValue("\(entry.code.count) of \(content.length) digits")
                        .accessibilityHint(content.field.accessibilityHint ?? "")
                    HStack(spacing: theme.spacing("sm")) {
                        ForEach(0..<content.length, id: \.self) { index in
                            box(index)
                        }
                    }
                    .allowsHitTesting(false)
                    .accessibilityHidden(true)
                }
                .onTapGesture { focus.wrappedValue = content.field.id }
            }
            .onChange(of: typed) { _, new in
                // Writing back what the boxes show calls this once more with the same text, which settles.
                var entry = CodeEntry(length: content.length)
                entry.replaceText(with: new)
                if entry.code != new {
                    typed = entry.code
                    return
                }
                Task { await model.answer(content.field.id, .string(entry.code)) }
            }
            // A wrong code or a resend: the engine forgot the code, and the boxes empty.
            .onChange(of: content.field.resets) { typed = "" }
        }

        private func box(_ index: Int) -> some View {
            let digit = entry.digits[index].map(String.init) ?? ""
            let isActive = focus.wrappedValue == content.field.id && index == entry.focusedIndex
            let border = content.field.error != nil ? "danger" : (isActive ? "accent" : "border")
            return Text(digit)
                .look(content.field.inputLook)
                .frame(maxWidth: .infinity, minHeight: 56)
                .background(Color(theme.color("surface")), in: .rect(cornerRadius: theme.radius("md")))
                .overlay {
                    RoundedRectangle(cornerRadius: theme.radius("md"))
                        .stroke(Color(theme.color(border)), lineWidth: isActive || content.field.error != nil ? 2 : 1)
                }
        }
    }
#endif
