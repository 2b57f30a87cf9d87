import DoorstepHTTP
import DoorstepPresentation

/// The HTML of a block bound to a field: every control has a label, and a problem with the answer is
/// shown under it, announced, and tied to it with `aria-describedby` and `aria-invalid`.
enum InputHTML {
    static func html(_ content: BlockContent) -> String {
        switch content {
        case .textField(let content): return textField(content)
        case .codeEntry(let content): return codeEntry(content)
        case .password(let content): return password(content)
        case .checkbox(let content): return checkbox(content)
        case .stepper(let content): return stepper(content)
        case .choices(let content): return choices(content)
        case .voiceAnswer(let content): return voiceAnswer(content)
        case .picker(let content): return picker(content)
        case .listBuilder(let content): return listBuilder(content)
        default: return ""
        }
    }

    static func inputID(_ field: String) -> String { "f-" + HTML.token(field) }

    // MARK: - Parts every input shares

    /// A visible label, or one for assistive technology only when the screen's heading asks the question.
    static func label(_ field: FieldPresentation, text: String? = nil) -> String {
        let hidden = field.showsLabel ? "" : " sr-only"
        return "<label for=\"\(inputID(field.id))\" class=\"field-label role-label\(hidden)\">"
            + "\(HTML.escape(text ?? field.label))</label>"
    }

    /// `aria-describedby` and `aria-invalid` for a field's control.
    static func described(_ field: FieldPresentation, helper: Bool = true) -> String {
        var ids: [String] = []
        if helper, field.helper != nil { ids.append(inputID(field.id) + "-help") }
        if field.error != nil { ids.append(inputID(field.id) + "-error") }
        var html = ids.isEmpty ? "" : " aria-describedby=\"\(ids.joined(separator: " "))\""
        if field.error != nil { html += " aria-invalid=\"true\"" }
        return html
    }

    static func messages(_ field: FieldPresentation, helper: Bool = true) -> String {
        var html = ""
        if helper, let text = field.helper {
            html += "<p id=\"\(inputID(field.id))-help\" class=\"helper role-caption\">\(HTML.escape(text))</p>"
        }
        if let error = field.error {
            html += "<p id=\"\(inputID(field.id))-error\" class=\"field-error role-caption\" role=\"alert\">"
            html += HTML.escape(error) + "</p>"
        }
        return html
    }

    static func wrap(_ field: FieldPresentation, _ inner: String, classes: String = "") -> String {
        let classes = classes.isEmpty ? "field" : "field \(classes)"
        return "<div class=\"\(classes)\(field.error != nil ? " has-error" : "")\">\(inner)</div>"
    }

    static func placeholder(_ field: FieldPresentation) -> String {
        field.placeholder.map { " placeholder=\"\(HTML.escape($0))\"" } ?? ""
    }

    static func symbol(_ name: String?) -> String? {
        name.map { "<span class=\"input-symbol\" aria-hidden=\"true\">\(SymbolGlyphs.glyph($0))</span>" }
    }

    /// The attributes that tell the browser's keyboard, autofill and spelling what the field wants.
    static func typing(_ field: FieldPresentation) -> String {
        var html = ""
        if let contentType = field.contentType { html += " autocomplete=\"\(contentType.autocomplete)\"" }
        switch field.keyboard {
        case .emailAddress: html += " inputmode=\"email\""
        case .numberPad: html += " inputmode=\"numeric\""
        case .default, .asciiCapable: break
        }
        switch field.capitalization {
        case .none: html += " autocapitalize=\"none\""
        case .characters: html += " autocapitalize=\"characters\""
        case .words, .sentences: break
        }
        if !field.autocorrects { html += " spellcheck=\"false\"" }
        if let maximum = field.maxLength { html += " maxlength=\"\(maximum)\"" }
        if let minimum = field.minLength { html += " minlength=\"\(minimum)\"" }
        if let pattern = field.pattern { html += " pattern=\"\(HTML.escape(pattern))\"" }
        if field.isFocused { html += " autofocus" }
        return html + checks(field)
    }

    /// The engine's words for what the page's script can see wrong in a filled answer, shown when the
    /// person leaves the field (funnel.js); without script, the server says the same on submit.
    static func checks(_ field: FieldPresentation) -> String {
        guard let messages = field.checkMessages else { return "" }
        return HTML.attributes([
            "data-message-form": messages.wrongForm, "data-message-short": messages.tooShort,
            "data-message-mismatch": messages.mismatch, "data-message-late": messages.tooLate,
            "data-message-early": messages.tooEarly, "data-error-id": inputID(field.id) + "-error",
        ])
    }

    // MARK: - Controls

    private static func textField(_ content: TextFieldContent) -> String {
        let field = content.field
        let type = field.keyboard == .emailAddress ? "email" : "text"
        let input =
            "<input type=\"\(type)\" id=\"\(inputID(field.id))\" name=\"\(HTML.escape(field.id))\" "
            + "value=\"\(HTML.escape(field.value))\" class=\"input role-input\"\(placeholder(field))\(typing(field))"
            + "\(described(field))>"
        let control = symbol(content.symbol).map { "<div class=\"input-with-symbol\">\($0)\(input)</div>" } ?? input
        return wrap(field, label(field) + control + messages(field))
    }

    /// Boxes, always empty: a code is used once, and a wrong one is typed again, not edited.
    private static func codeEntry(_ content: CodeEntryContent) -> String {
        let field = content.field
        var html = "<fieldset class=\"field code-entry\(field.error != nil ? " has-error" : "")\" data-code-entry>"
        html +=
            "<legend class=\"field-label role-label\">\(HTML.escape(field.label))</legend><div class=\"code-boxes\">"
        for index in 0..<content.length {
            let attributes = HTML.attributes([
                "type": "text", "id": index == 0 ? inputID(field.id) : nil, "name": field.id,
                "inputmode": "numeric", "autocomplete": index == 0 ? ContentKind.oneTimeCode.autocomplete : "off",
                "maxlength": index == 0 ? String(content.length) : "1", "pattern": "[0-9]*",
                "class": "code-box role-title",
                "aria-label": "\(field.label), digit \(index + 1) of \(content.length)",
                "autofocus": index == 0 && field.isFocused ? "" : nil,
            ])
            html += "<input\(attributes)\(described(field, helper: false))>"
        }
        return html + "</div>" + messages(field) + "</fieldset>"
    }

    private static func password(_ content: PasswordContent) -> String {
        let field = content.field
        var html = label(field)
        var input = "<input type=\"password\" id=\"\(inputID(field.id))\" name=\"\(HTML.escape(field.id))\" "
        input += "class=\"input role-input\"\(placeholder(field))\(typing(field))\(described(field))"
        if let strength = content.strength { input += " data-strength=\"\(strength.rules.rawValue)\"" }
        input += ">"
        html += revealing(input, id: inputID(field.id), content.reveal)
        if let strength = content.strength { html += strengthMeter(strength, for: field) }
        html += messages(field)
        guard let confirmation = content.confirmation else { return wrap(field, html) }
        let confirmID = inputID(confirmation.id)
        var second = label(confirmation)
        var confirm = "<input type=\"password\" id=\"\(confirmID)\" name=\"\(HTML.escape(confirmation.id))\" "
        confirm += "class=\"input role-input\"\(typing(confirmation)) data-matches=\"\(inputID(field.id))\""
        confirm += "\(described(confirmation, helper: false))>"
        second += revealing(confirm, id: confirmID, content.reveal)
        second += messages(confirmation, helper: false)
        return wrap(field, html) + wrap(confirmation, second)
    }

    /// A password input with its Show/Hide button, which script reveals (it needs script to work).
    private static func revealing(_ input: String, id: String, _ reveal: PasswordReveal) -> String {
        let button = HTML.attributes([
            "type": "button", "class": "reveal role-label", "data-reveal": id, "aria-controls": id,
            "aria-pressed": "false", "aria-label": reveal.label(isRevealed: false),
            "data-show": reveal.show, "data-hide": reveal.hide,
            "data-show-label": reveal.showLabel, "data-hide-label": reveal.hideLabel,
        ])
        return "<div class=\"input-with-reveal\">\(input)<button\(button) hidden>"
            + "\(HTML.escape(reveal.title(isRevealed: false)))</button></div>"
    }

    /// The meter script fills in as a person types: TANDA's three levels, or Kordant's four checks.
    private static func strengthMeter(_ strength: StrengthContent, for field: FieldPresentation) -> String {
        var html = "<div class=\"strength strength-\(strength.rules.rawValue)\" "
        html += "data-strength-meter=\"\(inputID(field.id))\" "
        html += "data-levels=\"\(HTML.escape(strength.levelWords.joined(separator: "|")))\">"
        html += "<div class=\"strength-bar\" aria-hidden=\"true\"><span></span><span></span><span></span></div>"
        html += "<p class=\"strength-label role-caption\" aria-live=\"polite\"></p>"
        if strength.rules == .kordant {
            html += "<ul class=\"strength-checks role-caption\">"
            html += strength.checks.map { "<li data-check=\"\($0.id)\">\(HTML.escape($0.label))</li>" }.joined()
            html += "</ul>"
        }
        return html + "</div>"
    }

    private static func checkbox(_ content: CheckboxContent) -> String {
        let field = content.field
        var text = HTML.escape(field.label)
        if let linkText = content.linkText, let link = content.link {
            text += " <a href=\"\(HTML.escape(link))\" target=\"_blank\" rel=\"noopener noreferrer\">"
            text += HTML.escape(linkText) + "</a>"
        } else if let linkText = content.linkText {
            text += " " + HTML.escape(linkText)
        }
        let input =
            "<input type=\"checkbox\" id=\"\(inputID(field.id))\" name=\"\(HTML.escape(field.id))\" value=\"on\""
            + "\(content.isOn ? " checked" : "")\(described(field))>"
        return wrap(
            field, "\(input)<label for=\"\(inputID(field.id))\" class=\"role-label\">\(text)</label>" + messages(field),
            classes: "checkbox")
    }
}
