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

    /// A checkbox with a label and maybe a link inside it.
    struct CheckboxView: View {
        let content: CheckboxContent
        let theme: ThemePresentation
        let model: any FlowActions

        var body: some View {
            FieldFrame(field: hiddenLabel, theme: theme) {
                HStack(alignment: .top, spacing: theme.spacing("sm")) {
                    Button {
                        Task { await model.answer(content.field.id, .bool(!content.isOn)) }
                    } label: {
                        Image(systemName: content.isOn ? "checkmark.square.fill" : "square")
                            .foregroundStyle(Color(theme.color(content.isOn ? "accent" : "border")))
                            .font(.title3)
                    }
                    .accessibilityLabel(content.field.label)
                    .accessibilityHint(content.field.accessibilityHint ?? "")
                    .accessibilityAddTraits(content.isOn ? .isSelected : [])
                    label
                }
            }
        }

        private var hiddenLabel: FieldPresentation {
            var field = content.field
            field.showsLabel = false
            return field
        }

        @ViewBuilder private var label: some View {
            if let linkText = content.linkText, let link = content.link, let url = URL(string: link) {
                (Text(content.field.label) + Text(" ") + Text(Self.linked(linkText, to: url)))
                    .look(content.field.labelLook)
            } else {
                Text([content.field.label, content.linkText].compactMap { $0 }.joined(separator: " "))
                    .look(content.field.labelLook)
            }
        }

        /// The link's words, tappable, in the tint colour; written as an attribute rather than Markdown so
        /// brackets in the words stay words.
        private static func linked(_ words: String, to url: URL) -> AttributedString {
            var linked = AttributedString(words)
            linked.link = url
            return linked
        }
    }

    /// A stepper with its value shown large: feet and inches for height.
    struct StepperView: View {
        let content: StepperContent
        let theme: ThemePresentation
        let model: any FlowActions
        @Environment(\.presentationWords) private var words

        var body: some View {
            FieldFrame(field: content.field, theme: theme) {
                HStack {
                    stepButton("minus", delta: -content.step, enabled: content.canDecrement, label: words("Decrease"))
                    Spacer()
                    VStack {
                        Text(content.displayValue).look(content.valueLook).contentTransition(.numericText())
                        if let unit = content.unit, content.display != .feetInches {
                            Text(unit).font(.subheadline).foregroundStyle(Color(theme.color("textSecondary")))
                        }
                    }
                    Spacer()
                    stepButton("plus", delta: content.step, enabled: content.canIncrement, label: words("Increase"))
                }
            }
            .accessibilityElement(children: .ignore)
            .accessibilityLabel(content.field.label)
            .accessibilityValue(content.displayValue)
            .accessibilityHint(content.field.accessibilityHint ?? "")
            .accessibilityAdjustableAction { direction in
                let delta = direction == .increment ? content.step : -content.step
                Task { await model.answer(content.field.id, .int(content.value + delta)) }
            }
            .sensoryFeedback(.impact(weight: .light), trigger: content.value)
        }

        private func stepButton(_ symbol: String, delta: Int, enabled: Bool, label: String) -> some View {
            Button {
                Task { await model.answer(content.field.id, .int(content.value + delta)) }
            } label: {
                Image(systemName: symbol).font(.title2).frame(width: 56, height: 56)
                    .background(Color(theme.color("surface")), in: .circle)
            }
            .disabled(!enabled)
            .accessibilityLabel(label)
        }
    }

    /// A date or time picker, bounded as the field allows.
    struct DateTimePickerView: View {
        let content: PickerContent
        let theme: ThemePresentation
        let model: any FlowActions
        @State private var date = Date()

        var body: some View {
            FieldFrame(field: content.field, theme: theme) {
                DatePicker(
                    content.field.label, selection: $date, in: range,
                    displayedComponents: content.mode == .date ? .date : .hourAndMinute
                )
                .datePickerStyle(.compact)
                .accessibilityHint(content.field.accessibilityHint ?? "")
            }
            .onAppear { if let value = parsed(content.field.value) { date = value } }
            .onChange(of: date) { _, date in Task { await model.answer(content.field.id, .string(text(date))) } }
        }

        private var range: ClosedRange<Date> {
            let earliest = content.earliest.flatMap(parsed) ?? .distantPast
            let latest = content.latest.flatMap(parsed) ?? .distantFuture
            return earliest...max(earliest, latest)
        }

        private var format: String { content.mode == .date ? "yyyy-MM-dd" : "HH:mm" }

        private func parsed(_ text: String) -> Date? {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = format
            return formatter.date(from: text)
        }

        private func text(_ date: Date) -> String {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = format
            return formatter.string(from: date)
        }
    }

    /// A list built one entry at a time, each removable.
    struct ListBuilderView: View {
        let content: ListBuilderContent
        let theme: ThemePresentation
        let model: any FlowActions
        var focus: FocusState<String?>.Binding
        @State private var entry = ""
        @Environment(\.presentationWords) private var words

        var body: some View {
            VStack(alignment: .leading, spacing: theme.spacing("sm")) {
                ForEach(Array(content.items.enumerated()), id: \.offset) { index, item in
                    HStack {
                        Text(item)
                        Spacer()
                        Button {
                            var items = content.items
                            items.remove(at: index)
                            Task { await model.answer(content.field.id, .array(items.map(Value.string))) }
                        } label: {
                            Image(systemName: "xmark.circle.fill")
                        }
                        .accessibilityLabel(words("Remove {item}", ["item": item]))
                    }
                    .padding(theme.spacing("sm"))
                    .background(Color(theme.color("surface")), in: .rect(cornerRadius: theme.radius("sm")))
                }
                FieldFrame(field: content.field, theme: theme) {
                    HStack {
                        TextField(content.field.placeholder ?? "", text: $entry)
                            .focused(focus, equals: content.field.id)
                            .fieldInput(content.field, theme: theme)
                        Button(content.addTitle) { add() }
                            .disabled(entry.trimmingCharacters(in: .whitespaces).isEmpty)
                    }
                }
            }
            // A refused entry comes back into the box, beside its message.
            .onChange(of: content.entry) { _, refused in
                if !refused.isEmpty { entry = refused }
            }
        }

        private func add() {
            let item = entry
            entry = ""
            Task { await model.add(item, to: content.field.id) }
        }
    }
#endif
