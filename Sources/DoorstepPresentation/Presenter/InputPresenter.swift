import DoorstepFlow

/// Presents a block bound to a field: its label, value and problem, and the keyboard, content type
/// and capitalisation its kind of answer needs.
struct InputPresenter {
    let presenter: ScreenPresenter
    let block: Block

    var engine: FlowEngine { presenter.engine }
    var fieldID: String { block.field ?? "" }
    var definition: FieldDefinition? { engine.flow.field(fieldID) }
    var answer: Value? { engine.answer(fieldID) }
    var labelText: String { block.label ?? definition?.label ?? fieldID }
    var hasError: Bool {
        engine.issue(for: fieldID) != nil || block.confirmField.map { engine.issue(for: $0) != nil } == true
    }

    // swiftlint:disable:next cyclomatic_complexity
    func content() -> BlockContent {
        switch block.kind {
        case .textField:
            return .textField(TextFieldContent(field: textField(), symbol: block.symbol))
        case .codeEntry:
            var field = self.field(keyboard: .numberPad, contentType: .oneTimeCode, capitalization: .none)
            field.value = ""
            field.maxLength = CodeEntry.defaultLength
            return .codeEntry(CodeEntryContent(field: field, length: CodeEntry.defaultLength))
        case .password:
            return .password(password())
        case .checkbox:
            let link = block.link.flatMap { Self.isSafeLink($0) ? $0 : nil }
            return .checkbox(
                CheckboxContent(field: field(), isOn: answer?.boolValue == true, linkText: block.linkText, link: link))
        case .stepper:
            return stepper()
        case .choiceList, .pills, .planCards:
            return .choices(choices())
        case .voiceAnswer:
            return .voiceAnswer(
                VoiceAnswerContent(
                    field: field(capitalization: .sentences, autocorrects: true), prompts: block.prompts ?? [],
                    quickAnswers: block.pills ?? []))
        case .datePicker, .timePicker:
            let isDate = block.kind == .datePicker
            return .picker(
                PickerContent(
                    field: field(), mode: isDate ? .date : .time, symbol: block.symbol,
                    earliest: isDate ? definition?.earliest : nil,
                    latest: isDate && definition?.notInFuture == true
                        ? CalendarDate(presenter.now, in: engine.timeZone).description : nil))
        case .listBuilder:
            // The label names the entry being added, so it always shows.
            var field = self.field(capitalization: .none)
            field.value = ""
            field.showsLabel = true
            // The field's limits count entries, not the letters of one.
            field.minLength = nil
            field.maxLength = nil
            return .listBuilder(
                ListBuilderContent(
                    field: field, items: (answer?.arrayValue ?? []).compactMap(\.stringValue),
                    addTitle: block.confirmLabel ?? FlowStrings.defaultAddTitle,
                    entry: engine.value(ListBuilder.entryKey(fieldID))?.stringValue ?? ""))
        case .avatar:
            return .avatar(avatar())
        case .paywall:
            return paywall()
        default:
            return .loading
        }
    }

    /// What VoiceOver is told about the input as a whole.
    var accessibility: AccessibilityPresentation {
        AccessibilityPresentation(label: labelText, hint: block.helper)
    }

    // MARK: - Fields

    func field(
        _ id: String? = nil, label: String? = nil, keyboard: KeyboardKind = .default, contentType: ContentKind? = nil,
        capitalization: Capitalization = .sentences, autocorrects: Bool = false, isSecure: Bool = false
    ) -> FieldPresentation {
        let id = id ?? fieldID
        let definition = engine.flow.field(id)
        let isSecret = isSecure || definition?.isSecret == true
        return FieldPresentation(
            id: id, label: label ?? labelText, showsLabel: block.label != nil || label != nil,
            // A secret is never written back into a page or a description.
            value: isSecret ? "" : (engine.snapshot.answers[id]?.displayText ?? ""),
            placeholder: block.placeholder, helper: id == fieldID ? block.helper : nil,
            error: engine.issue(for: id)?.message, keyboard: keyboard, contentType: contentType,
            capitalization: capitalization, autocorrects: autocorrects, isSecure: isSecure,
            minLength: definition?.minLength, maxLength: definition?.maxLength, isFocused: block.autofocus == true,
            returnKey: .next, returnFocuses: nil, inputLook: presenter.look(block, role: "input"),
            labelLook: presenter.resolver.look(style: nil, role: "label", colorRole: nil),
            resets: isSecret ? engine.forgottenSecrets[id] : nil, pattern: definition?.inputPattern,
            checkMessages: definition.flatMap(Self.checkMessages))
    }

    /// The messages for what a renderer can check itself, as the engine words them.
    static func checkMessages(_ field: FieldDefinition) -> FieldCheckMessages? {
        let codes = FieldValidator.codes(for: field)
        func message(_ code: String) -> String? {
            codes.contains(code) ? FieldValidator.message(for: code, in: field) : nil
        }
        let messages = FieldCheckMessages(
            wrongForm: FieldValidator.formCode(of: field).flatMap(message), tooShort: message("too_short"),
            mismatch: message("mismatch"), tooLate: message("date_in_future"), tooEarly: message("date_too_early"))
        return messages == FieldCheckMessages() ? nil : messages
    }

    private func textField() -> FieldPresentation {
        if definition?.kind == .email {
            // Where a passkey can sign in instead, the email is the account's username, so iOS's
            // keyboard and the browser's autofill can offer the person's passkeys.
            let contentType: ContentKind = presenter.offersPasskeySignIn ? .username : .emailAddress
            return field(keyboard: .emailAddress, contentType: contentType, capitalization: .none)
        }
        if definition?.kind == .int { return field(keyboard: .numberPad, capitalization: .none) }
        if definition?.rule == .inviteCode {
            return field(keyboard: .asciiCapable, contentType: ContentKind.none, capitalization: .characters)
        }
        if let contentType = Self.nameContentTypes[fieldID] {
            return field(contentType: contentType, capitalization: .words)
        }
        return field(autocorrects: true)
    }

    /// Fields whose names tell the system what it may fill in.
    static let nameContentTypes: [String: ContentKind] = [
        "firstName": .givenName, "lastName": .familyName, "fullName": .name, "name": .givenName,
        "cityOfBirth": ContentKind.none,
    ]

    private func password() -> PasswordContent {
        let isSignIn = definition?.id == "loginPassword" || definition?.minLength == 1
        var field = self.field(
            contentType: isSignIn ? .password : .newPassword, capitalization: .none, isSecure: true)
        if !isSignIn, field.minLength == nil { field.minLength = PasswordPolicy.minimumLength }
        if isSignIn { field.minLength = nil }
        // A longer password is refused with a message, never cut short by the input.
        field.maxLength = nil
        let strength = block.strength.map { rules in
            let evaluation = PasswordStrength.evaluate(answer?.stringValue ?? "", rules: rules)
            let isEmpty = (answer?.stringValue ?? "").isEmpty
            let words = presenter.words
            return StrengthContent(
                rules: rules, filledSegments: isEmpty ? 0 : evaluation.level.filledSegments,
                // The engine measures in English; the meter says it in the flow's language.
                label: isEmpty ? "" : words(evaluation.level.label),
                levelWords: [PasswordStrength.Level.weak, .medium, .strong].map { words($0.label) },
                color: presenter.resolver.color(evaluation.level.colorRole),
                checks: evaluation.checks.map { .init(id: $0.id, label: words($0.label), isMet: $0.isMet) })
        }
        let confirmation = block.confirmField.map { confirm in
            self.field(
                confirm, label: block.confirmLabel ?? engine.flow.field(confirm)?.label ?? confirm,
                contentType: .newPassword, capitalization: .none, isSecure: true)
        }.map { confirmation in
            var confirmation = confirmation
            confirmation.minLength = nil
            confirmation.maxLength = nil
            return confirmation
        }
        let words = presenter.words
        let reveal = PasswordReveal(
            show: words("Show"), hide: words("Hide"), showLabel: words("Show password"),
            hideLabel: words("Hide password"))
        return PasswordContent(field: field, strength: strength, confirmation: confirmation, reveal: reveal)
    }

    private func stepper() -> BlockContent {
        guard let definition, let stepper = Stepper(field: definition, answer: answer) else { return .loading }
        let display = block.display ?? .plain
        let unit = display == .feetInches ? presenter.words("inches") : definition.unit
        var field = self.field(keyboard: .numberPad, capitalization: .none)
        field.value = String(stepper.value)
        return .stepper(
            StepperContent(
                field: field, value: stepper.value, displayValue: UnitFormatter.display(stepper.value, as: display),
                minimum: stepper.minimum, maximum: stepper.maximum, step: stepper.step,
                unit: unit.flatMap { $0.isEmpty ? nil : $0 }, display: display, canDecrement: stepper.canDecrement,
                canIncrement: stepper.canIncrement,
                valueLook: presenter.resolver.look(style: nil, role: "display", colorRole: nil)))
    }

    private func choices() -> ChoicesContent {
        let allowsMany = definition?.kind == .multiChoice
        let selected = Set(
            allowsMany ? (answer?.arrayValue ?? []).compactMap(\.stringValue) : [answer?.stringValue ?? ""])
        let style: ChoicesContent.Style =
            switch block.kind {
            case .pills: .pills
            case .planCards, .paywall: .planCards
            default: .list
            }
        let options = engine.options(for: fieldID).map { option in
            ChoicesContent.Option(
                value: option.value, title: option.displayTitle, detail: option.detail, badge: option.badge,
                price: option.price, features: option.features ?? [], symbol: option.symbol,
                isSelected: selected.contains(option.value))
        }
        return ChoicesContent(field: field(), style: style, allowsMany: allowsMany, options: options)
    }

    private func paywall() -> BlockContent {
        guard let terms = block.paywall else { return .loading }
        let options = engine.options(for: fieldID)
        var plans = choices()
        for index in plans.options.indices where options[index].productId == nil && plans.options[index].price == nil {
            plans.options[index].price = presenter.words("Free")
        }
        let products = Dictionary(
            options.compactMap { option in option.productId.map { (option.value, $0) } }, uniquingKeysWith: { $1 })
        return .paywall(
            PaywallContent(
                plans: plans, products: products, recommended: terms.recommended, renewal: engine.render(terms.renewal),
                terms: PaywallContent.Link(title: presenter.words("Terms of Use"), url: terms.termsLink),
                privacy: PaywallContent.Link(title: presenter.words("Privacy Policy"), url: terms.privacyLink),
                elsewhere: engine.render(terms.elsewhere),
                periodWords: PeriodWords(language: presenter.words.language)))
    }

    private func avatar() -> AvatarContent {
        let current = engine.value("avatar.url")?.stringValue.flatMap { $0.isEmpty || !Self.isSafeLink($0) ? nil : $0 }
        let name = engine.render(block.text ?? "")
        let initials = name.split(separator: " ").compactMap(\.first).prefix(2).map(String.init).joined()
        let title = block.label ?? presenter.words("Choose a photo")
        return AvatarContent(
            field: field(label: title), photoURL: current, initials: initials.uppercased(), buttonTitle: title,
            acceptedTypes: ["image/jpeg", "image/png"], emptySymbol: "person.fill",
            badgeSymbol: AvatarContent.badgeSymbol(hasPhoto: current != nil))
    }

    /// Links a page may open: http, https, or a path on this server.
    static func isSafeLink(_ link: String) -> Bool {
        link.hasPrefix("https://") || link.hasPrefix("http://") || (link.hasPrefix("/") && !link.hasPrefix("//"))
    }
}
