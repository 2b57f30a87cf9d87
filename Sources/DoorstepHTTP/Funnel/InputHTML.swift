import DoorstepFlow
import Foundation

/// The HTML of a block bound to a field: every control has a label, and a problem with the answer is
/// shown under it, announced, and tied to it with `aria-describedby` and `aria-invalid`.
struct InputHTML {
    let engine: FlowEngine
    let block: Block
    let now: Date

    var fieldID: String { block.field ?? "" }
    var field: FieldDefinition? { engine.flow.field(fieldID) }
    var answer: Value? { engine.snapshot.answers[fieldID] }
    var inputID: String { Self.inputID(fieldID) }

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

    var labelText: String { block.label ?? field?.label ?? fieldID }

    /// A visible label, or one for assistive technology only when the screen's heading asks the question.
    func label(for id: String, text: String? = nil) -> String {
        let hidden = block.label == nil && text == nil ? " sr-only" : ""
        return
            "<label for=\"\(id)\" class=\"field-label role-label\(hidden)\">\(HTML.escape(text ?? labelText))</label>"
    }

    func issue(_ field: String) -> FieldIssue? { engine.issue(for: field) }

    /// `aria-describedby` and `aria-invalid` for a field's control.
    func described(_ field: String, helper: Bool = true) -> String {
        var ids: [String] = []
        if helper, block.helper != nil { ids.append(Self.inputID(field) + "-help") }
        if issue(field) != nil { ids.append(Self.inputID(field) + "-error") }
        var html = ids.isEmpty ? "" : " aria-describedby=\"\(ids.joined(separator: " "))\""
        if issue(field) != nil { html += " aria-invalid=\"true\"" }
        return html
    }

    func messages(_ field: String, helper: Bool = true) -> String {
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

    func wrap(_ inner: String, classes: String = "") -> String {
        "<div class=\"field \(classes)\(issue(fieldID) != nil ? " has-error" : "")\">\(inner)</div>"
    }

    var placeholder: String {
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
        if let minimum = field?.minLength { extra += " minlength=\"\(minimum)\"" }
        if block.autofocus == true { extra += " autofocus" }
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
        if !isSignIn { html += " minlength=\"\(field?.minLength ?? PasswordPolicy.minimumLength)\"" }
        if let rules = block.strength { html += " data-strength=\"\(rules.rawValue)\"" }
        html += ">"
        if let rules = block.strength { html += strengthMeter(rules) }
        html += messages(fieldID)
        guard let confirm = block.confirmField else { return wrap(html) }
        let confirmID = Self.inputID(confirm)
        var second = label(for: confirmID, text: block.confirmLabel ?? engine.flow.field(confirm)?.label ?? confirm)
        second += "<input type=\"password\" id=\"\(confirmID)\" name=\"\(HTML.escape(confirm))\" "
        second += "class=\"input role-input\" autocomplete=\"new-password\" data-matches=\"\(inputID)\""
        second += "\(described(confirm, helper: false))>"
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
}
