#if canImport(SwiftUI)
    import DoorstepFlow
    import DoorstepPresentation
    import SwiftUI

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
