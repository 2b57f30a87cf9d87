#if canImport(SwiftUI)
    import DoorstepFlow
    import DoorstepPresentation
    import SwiftUI

    /// Options as a list, as pills, or as plan cards; one or many may be picked.
    struct ChoicesView: View {
        let content: ChoicesContent
        let theme: ThemePresentation
        let model: any FlowActions

        var body: some View {
            FieldFrame(field: content.field, theme: theme) {
                switch content.style {
                case .pills:
                    ScrollView(.horizontal, showsIndicators: false) {
                        HStack(spacing: theme.spacing("sm")) { options }
                    }
                case .list, .planCards:
                    VStack(spacing: theme.spacing("sm")) { options }
                }
            }
        }

        private var options: some View {
            ForEach(content.options, id: \.value) { option in
                Button {
                    pick(option)
                } label: {
                    switch content.style {
                    case .pills: pill(option)
                    case .list: row(option)
                    case .planCards: card(option)
                    }
                }
                .buttonStyle(.plain)
                .accessibilityAddTraits(option.isSelected ? .isSelected : [])
                .accessibilityHint(content.field.accessibilityHint ?? "")
                .sensoryFeedback(.selection, trigger: option.isSelected)
            }
        }

        private func pick(_ option: ChoicesContent.Option) {
            guard content.allowsMany else {
                Task { await model.answer(content.field.id, .string(option.value)) }
                return
            }
            var picked = content.options.filter(\.isSelected).map(\.value)
            if option.isSelected { picked.removeAll { $0 == option.value } } else { picked.append(option.value) }
            Task { await model.answer(content.field.id, .array(picked.map(Value.string))) }
        }

        private func pill(_ option: ChoicesContent.Option) -> some View {
            Text(option.title)
                .padding(.horizontal, theme.spacing("md"))
                .padding(.vertical, theme.spacing("sm"))
                .foregroundStyle(Color(theme.color(option.isSelected ? "onAccent" : "textPrimary")))
                .background(Color(theme.color(option.isSelected ? "accent" : "surface")), in: .capsule)
        }

        private func row(_ option: ChoicesContent.Option) -> some View {
            HStack {
                if let symbol = option.symbol { Image(systemName: symbol).accessibilityHidden(true) }
                VStack(alignment: .leading) {
                    Text(option.title).font(.headline)
                    if let detail = option.detail { Text(detail).font(.caption) }
                }
                Spacer()
                Image(systemName: option.isSelected ? "checkmark.circle.fill" : "circle")
                    .foregroundStyle(Color(theme.color(option.isSelected ? "accent" : "border")))
            }
            .foregroundStyle(Color(theme.color("textPrimary")))
            .padding(theme.spacing("md"))
            .background(Color(theme.color("surface")), in: .rect(cornerRadius: theme.radius("md")))
            .overlay {
                RoundedRectangle(cornerRadius: theme.radius("md"))
                    .stroke(
                        Color(theme.color(option.isSelected ? "accent" : "border")),
                        lineWidth: option.isSelected ? 2 : 1)
            }
        }

        private func card(_ option: ChoicesContent.Option) -> some View {
            VStack(alignment: .leading, spacing: theme.spacing("xs")) {
                HStack {
                    Text(option.title).font(.headline)
                    if let badge = option.badge {
                        Text(badge).font(.caption2.bold()).padding(.horizontal, 8).padding(.vertical, 2)
                            .foregroundStyle(Color(theme.color("onAccent")))
                            .background(Color(theme.color("accent")), in: .capsule)
                    }
                    Spacer()
                    if let price = option.price { Text(price).font(.title3.bold()) }
                }
                if let detail = option.detail { Text(detail).font(.caption) }
                ForEach(option.features, id: \.self) { feature in
                    Label(feature, systemImage: "checkmark").font(.caption)
                }
            }
            .foregroundStyle(Color(theme.color("textPrimary")))
            .padding(theme.spacing("md"))
            .background(Color(theme.color("surface")), in: .rect(cornerRadius: theme.radius("lg")))
            .overlay {
                RoundedRectangle(cornerRadius: theme.radius("lg"))
                    .stroke(
                        Color(theme.color(option.isSelected ? "accent" : "border")),
                        lineWidth: option.isSelected ? 2 : 1)
            }
        }
    }
#endif
