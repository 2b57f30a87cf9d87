import DoorstepFlow
import Foundation

/// The HTML of a block bound to a field: every control has a label, and a problem with the answer is
/// shown under it, announced, and tied to it with `aria-describedby` and `aria-invalid`.
struct InputHTML {
    let engine: FlowEngine
    let block: Block
    let now: Date

    private var fieldID: String { block.field ?? "" }
    private var field: FieldDefinition? { engine.flow.field(fieldID) }
    private var answer: Value? { engine.snapshot.answers[fieldID] }
    private var inputID: String { Self.inputID(fieldID) }

    static func inputID(_ field: String) -> String { "f-" + HTML.token(field) }

    // swiftlint:disable:next cyclomatic_complexity
    func html() -> String {
        switch block.kind {
        case .textField: return textField()
        case .codeEntry: return codeEntry()
        case .password: return password()
        case .checkbox: return checkbox()
        case .stepper: return stepper()
        case .choiceList, .pills: return choices(cards: false)
        case .planCards: return choices(cards: true)
        case .voiceAnswer: return voiceAnswer()
        case .datePicker: return picker(type: "date")
        case .timePicker: return picker(type: "time")
        case .listBuilder: return listBuilder()
        default: return ""
        }
    }

    // MARK: - Parts every input shares

    private var labelText: String { block.label ?? field?.label ?? fieldID }

    /// A visible label, or one for assistive technology only when the screen's heading asks the question.
    private func label(for id: String, text: String? = nil) -> String {
        let hidden = block.label == nil && text == nil ? " sr-only" : ""
        return
            "<label for=\"\(id)\" class=\"field-label role-label\(hidden)\">\(HTML.escape(text ?? labelText))</label>"
    }

    private func issue(_ field: String) -> FieldIssue? { engine.issue(for: field) }

    /// `aria-describedby` and `aria-invalid` for a field's control.
    private func described(_ field: String, helper: Bool = true) -> String {
        var ids: [String] = []
        if helper, block.helper != nil { ids.append(Self.inputID(field) + "-help") }
        if issue(field) != nil { ids.append(Self.inputID(field) + "-error") }
        var html = ids.isEmpty ? "" : " aria-describedby=\"\(ids.joined(separator: " "))\""
        if issue(field) != nil { html += " aria-invalid=\"true\"" }
        return html
    }

    private func messages(_ field: String, helper: Bool = true) -> String {
        var html = ""
        if helper, let text = block.helper {
            html += "<p id=\"\(Self.inputID(field))-help\" class=\"helper role-caption\">\(HTML.escape(text))</p>"
        }
        if let issue = issue(field) {
            html += "<p id=\"\(Self.inputID(field))-error\" class=\"field-error role-caption\" role=\"alert\">"
            html += HTML.escape(issue.message) + "</p>"
        }
        return html
    }

    private func wrap(_ inner: String, classes: String = "") -> String {
        "<div class=\"field \(classes)\(issue(fieldID) != nil ? " has-error" : "")\">\(inner)</div>"
    }

    private var placeholder: String {
        block.placeholder.map { " placeholder=\"\(HTML.escape($0))\"" } ?? ""
    }

    // MARK: - Controls

    private func textField() -> String {
        var type = "text"
        var extra = ""
        switch field?.kind {
        case .email:
            type = "email"
            extra = " autocomplete=\"email\" inputmode=\"email\" autocapitalize=\"none\" spellcheck=\"false\""
        case .int:
            extra = " inputmode=\"numeric\""
        default:
            if field?.rule == .inviteCode { extra = " autocapitalize=\"characters\" autocomplete=\"off\"" }
            if let hint = Self.autocomplete[fieldID] { extra += " autocomplete=\"\(hint)\"" }
        }
        if let maximum = field?.maxLength { extra += " maxlength=\"\(maximum)\"" }
        let symbol = block.symbol.map {
            "<span class=\"input-symbol\" aria-hidden=\"true\">\(SymbolGlyphs.glyph($0))</span>"
        }
        let value = answer?.displayText ?? ""
        let input =
            "<input type=\"\(type)\" id=\"\(inputID)\" name=\"\(HTML.escape(fieldID))\" "
            + "value=\"\(HTML.escape(value))\" class=\"input role-input\"\(placeholder)\(extra)\(described(fieldID))>"
        let control = symbol.map { "<div class=\"input-with-symbol\">\($0)\(input)</div>" } ?? input
        return wrap(label(for: inputID) + control + messages(fieldID))
    }

    private static let autocomplete = [
        "firstName": "given-name", "lastName": "family-name", "fullName": "name", "name": "given-name",
        "cityOfBirth": "off",
    ]

    /// Six boxes, always empty: a code is used once, and a wrong one is typed again, not edited.
    private func codeEntry() -> String {
        var html = "<fieldset class=\"field code-entry\(issue(fieldID) != nil ? " has-error" : "")\" data-code-entry>"
        html += "<legend class=\"field-label role-label\">\(HTML.escape(labelText))</legend><div class=\"code-boxes\">"
        for index in 0..<CodeEntry.defaultLength {
            let attributes = HTML.attributes([
                "type": "text", "id": index == 0 ? inputID : nil, "name": fieldID,
                "inputmode": "numeric", "autocomplete": index == 0 ? "one-time-code" : "off",
                "maxlength": index == 0 ? String(CodeEntry.defaultLength) : "1", "pattern": "[0-9]*",
                "class": "code-box role-title",
                "aria-label": "\(labelText), digit \(index + 1) of \(CodeEntry.defaultLength)",
            ])
            html += "<input\(attributes)\(described(fieldID, helper: false))>"
        }
        return html + "</div>" + messages(fieldID) + "</fieldset>"
    }

    private func password() -> String {
        let isSignIn = field?.id == "loginPassword" || field?.minLength == 1
        let autocomplete = isSignIn ? "current-password" : "new-password"
        var html = label(for: inputID)
        html += "<input type=\"password\" id=\"\(inputID)\" name=\"\(HTML.escape(fieldID))\" class=\"input role-input\""
        html += "\(placeholder) autocomplete=\"\(autocomplete)\"\(described(fieldID))"
        if let rules = block.strength { html += " data-strength=\"\(rules.rawValue)\"" }
        html += ">"
        if let rules = block.strength { html += strengthMeter(rules) }
        html += messages(fieldID)
        guard let confirm = block.confirmField else { return wrap(html) }
        let confirmID = Self.inputID(confirm)
        var second = label(for: confirmID, text: block.confirmLabel ?? engine.flow.field(confirm)?.label ?? confirm)
        second += "<input type=\"password\" id=\"\(confirmID)\" name=\"\(HTML.escape(confirm))\" "
        second += "class=\"input role-input\" autocomplete=\"new-password\"\(described(confirm, helper: false))>"
        second += messages(confirm, helper: false)
        return wrap(html) + "<div class=\"field\(issue(confirm) != nil ? " has-error" : "")\">\(second)</div>"
    }

    /// The meter script fills in as a person types: TANDA's three levels, or Kordant's four checks.
    private func strengthMeter(_ rules: PasswordStrength.Rules) -> String {
        let checks = PasswordStrength.evaluate("", rules: rules).checks
        var html = "<div class=\"strength strength-\(rules.rawValue)\" data-strength-meter=\"\(inputID)\">"
        html += "<div class=\"strength-bar\" aria-hidden=\"true\"><span></span><span></span><span></span></div>"
        html += "<p class=\"strength-label role-caption\" aria-live=\"polite\"></p>"
        if rules == .kordant {
            html += "<ul class=\"strength-checks role-caption\">"
            html += checks.map { "<li data-check=\"\($0.id)\">\(HTML.escape($0.label))</li>" }.joined()
            html += "</ul>"
        }
        return html + "</div>"
    }

    private func checkbox() -> String {
        let checked = answer?.boolValue == true ? " checked" : ""
        var text = HTML.escape(block.label ?? field?.label ?? fieldID)
        if let linkText = block.linkText, let link = block.link, Self.isSafeLink(link) {
            text += " <a href=\"\(HTML.escape(link))\" target=\"_blank\" rel=\"noopener noreferrer\">"
            text += HTML.escape(linkText) + "</a>"
        } else if let linkText = block.linkText {
            text += " " + HTML.escape(linkText)
        }
        let input =
            "<input type=\"checkbox\" id=\"\(inputID)\" name=\"\(HTML.escape(fieldID))\" value=\"on\""
            + "\(checked)\(described(fieldID))>"
        return wrap(
            "\(input)<label for=\"\(inputID)\" class=\"role-label\">\(text)</label>" + messages(fieldID),
            classes: "checkbox")
    }

    static func isSafeLink(_ link: String) -> Bool {
        link.hasPrefix("https://") || link.hasPrefix("http://") || (link.hasPrefix("/") && !link.hasPrefix("//"))
    }

    private func stepper() -> String {
        guard let field, let stepper = Stepper(field: field, answer: answer) else { return "" }
        let unit = block.display == .feetInches ? "inches" : (field.unit ?? "")
        let labelWords = unit.isEmpty ? labelText : "\(labelText) (\(unit))"
        var html = label(for: inputID, text: block.label == nil ? nil : labelWords)
        html += "<div class=\"stepper\" data-stepper=\"\(block.display?.rawValue ?? "plain")\">"
        html += "<button type=\"submit\" name=\"_step\" value=\"\(HTML.escape(fieldID)):-1\" class=\"step\" "
        html += "aria-label=\"Decrease\" formnovalidate\(stepper.canDecrement ? "" : " disabled")>−</button>"
        html += "<div class=\"stepper-value\">"
        html += "<output for=\"\(inputID)\" class=\"stepper-display role-display\" aria-live=\"polite\">"
        html += HTML.escape(UnitFormatter.display(stepper.value, as: block.display)) + "</output>"
        html += "<input type=\"number\" id=\"\(inputID)\" name=\"\(HTML.escape(fieldID))\" value=\"\(stepper.value)\" "
        html += "min=\"\(stepper.minimum)\" max=\"\(stepper.maximum)\" step=\"\(stepper.step)\" "
        html += "class=\"stepper-input\" aria-label=\"\(HTML.escape(labelWords))\"\(described(fieldID))>"
        if !unit.isEmpty, block.display != .feetInches {
            html += "<span class=\"unit role-label\">\(HTML.escape(unit))</span>"
        }
        html += "</div><button type=\"submit\" name=\"_step\" value=\"\(HTML.escape(fieldID)):1\" class=\"step\" "
        html += "aria-label=\"Increase\" formnovalidate\(stepper.canIncrement ? "" : " disabled")>+</button></div>"
        return wrap(html + messages(fieldID))
    }

    private func choices(cards: Bool) -> String {
        let isMulti = field?.kind == .multiChoice
        let selected = Set(isMulti ? (answer?.arrayValue ?? []).compactMap(\.stringValue) : [answer?.stringValue ?? ""])
        let legendHidden = block.label == nil ? " sr-only" : ""
        var html =
            "<fieldset class=\"field choices\(cards ? " plan-cards" : "")\(issue(fieldID) != nil ? " has-error" : "")\""
        html +=
            "\(described(fieldID))><legend class=\"field-label role-label\(legendHidden)\">\(HTML.escape(labelText))</legend>"
        for (index, option) in engine.options(for: fieldID).enumerated() {
            let id = "\(inputID)-\(index)"
            let checked = selected.contains(option.value) ? " checked" : ""
            html += "<div class=\"choice\"><input type=\"\(isMulti ? "checkbox" : "radio")\" id=\"\(id)\" "
            html += "name=\"\(HTML.escape(fieldID))\" value=\"\(HTML.escape(option.value))\"\(checked)>"
            html += "<label for=\"\(id)\"><span class=\"choice-title role-heading\">\(HTML.escape(option.displayTitle))"
            if let badge = option.badge { html += " <span class=\"badge role-caption\">\(HTML.escape(badge))</span>" }
            html += "</span>"
            if let price = option.price { html += "<span class=\"price role-title\">\(HTML.escape(price))</span>" }
            if let detail = option.detail {
                html += "<span class=\"choice-detail role-caption\">\(HTML.escape(detail))</span>"
            }
            if let features = option.features, !features.isEmpty {
                html += "<ul class=\"plan-features role-caption\">"
                html += features.map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ul>"
            }
            html += "</label></div>"
        }
        return html + messages(fieldID) + "</fieldset>"
    }

    private func voiceAnswer() -> String {
        var html = label(for: inputID)
        if let prompts = block.prompts, !prompts.isEmpty {
            html +=
                "<ul class=\"prompts role-label\">" + prompts.map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ul>"
        }
        html += "<div class=\"voice\"><textarea id=\"\(inputID)\" name=\"\(HTML.escape(fieldID))\" rows=\"3\" "
        html += "class=\"input role-input\"\(placeholder)\(described(fieldID))>"
        html += HTML.escape(answer?.stringValue ?? "") + "</textarea>"
        html += "<button type=\"button\" class=\"mic\" data-mic=\"\(inputID)\" aria-label=\"Answer by voice\" "
        html += "aria-pressed=\"false\" hidden>🎙️</button></div>"
        if let pills = block.pills, !pills.isEmpty {
            html += "<div class=\"pills\" role=\"group\" aria-label=\"Quick answers\">"
            for (index, pill) in pills.enumerated() {
                html += "<button type=\"submit\" name=\"_pill\" value=\"\(HTML.escape(fieldID)):\(index)\" "
                html +=
                    "class=\"pill role-label\" data-fill=\"\(inputID)\" formnovalidate>\(HTML.escape(pill))</button>"
            }
            html += "</div>"
        }
        return wrap(html + messages(fieldID), classes: "voice-answer")
    }

    private func picker(type: String) -> String {
        var extra = ""
        if type == "date" {
            if field?.notInFuture == true { extra += " max=\"\(CalendarDate(now).description)\"" }
            if let earliest = field?.earliest { extra += " min=\"\(HTML.escape(earliest))\"" }
        }
        let symbol =
            block.symbol.map {
                "<span class=\"input-symbol\" aria-hidden=\"true\">\(SymbolGlyphs.glyph($0))</span>"
            } ?? ""
        let input =
            "<input type=\"\(type)\" id=\"\(inputID)\" name=\"\(HTML.escape(fieldID))\" "
            + "value=\"\(HTML.escape(answer?.stringValue ?? ""))\" class=\"input role-input\"\(extra)\(described(fieldID))>"
        return wrap(
            label(for: inputID) + "<div class=\"input-with-symbol\">\(symbol)\(input)</div>" + messages(fieldID))
    }

    private func listBuilder() -> String {
        let items = (answer?.arrayValue ?? []).compactMap(\.stringValue)
        var html = "<div class=\"list-builder\">"
        if !items.isEmpty {
            html += "<ul class=\"list-items\">"
            for (index, item) in items.enumerated() {
                html += "<li><input type=\"text\" name=\"\(HTML.escape(fieldID))\" value=\"\(HTML.escape(item))\" "
                html += "class=\"input role-input\" aria-label=\"\(HTML.escape(labelText)) \(index + 1)\">"
                html += "<button type=\"submit\" name=\"_remove\" value=\"\(HTML.escape(fieldID)):\(index)\" "
                html += "class=\"remove\" aria-label=\"Remove \(HTML.escape(item))\" formnovalidate>✕</button></li>"
            }
            html += "</ul>"
        }
        html += label(for: inputID, text: labelText)
        html += "<div class=\"list-add\"><input type=\"text\" id=\"\(inputID)\" name=\"\(HTML.escape(fieldID))\" "
        html += "class=\"input role-input\"\(placeholder)\(described(fieldID))>"
        html += "<button type=\"submit\" name=\"_add\" value=\"\(HTML.escape(fieldID))\" class=\"add role-button\" "
        html += "formnovalidate>Add</button></div></div>"
        return wrap(html + messages(fieldID))
    }

    /// The photo picker: a file input for JPEG or PNG, with the current photo when there is one.
    func avatar() -> String {
        let current = engine.value("avatar.url")?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        var html = "<div class=\"field avatar\(issue(fieldID) != nil ? " has-error" : "")\">"
        html += "<label for=\"\(inputID)\" class=\"avatar-circle\" aria-hidden=\"true\" data-avatar-preview>"
        if let current, Self.isSafeLink(current) {
            html += "<img src=\"\(HTML.escape(current))\" alt=\"\">"
        } else {
            let name = engine.render(block.text ?? "")
            let initials = name.split(separator: " ").compactMap(\.first).prefix(2).map(String.init).joined()
            html += "<span>\(initials.isEmpty ? "📷" : HTML.escape(initials.uppercased()))</span>"
        }
        html +=
            "<span class=\"avatar-badge\">+</span></label>" + label(for: inputID, text: block.label ?? "Choose a photo")
        html +=
            "<input type=\"file\" id=\"\(inputID)\" name=\"\(HTML.escape(fieldID))\" accept=\"image/jpeg,image/png\""
        html += "\(described(fieldID))>" + messages(fieldID) + "</div>"
        return html
    }
}
