import DoorstepHTTP
import DoorstepPresentation

/// The inputs with more moving parts: steppers, choices and plan cards, voice answers, date and time
/// pickers, list builders and the photo picker.
extension InputHTML {
    static func stepper(_ content: StepperContent) -> String {
        let field = content.field
        let id = inputID(field.id)
        let name = HTML.escape(field.id)
        let labelWords = content.unit.map { "\(field.label) (\($0))" } ?? field.label
        var html = label(field, text: field.showsLabel ? labelWords : nil)
        html += "<div class=\"stepper\" data-stepper=\"\(content.display.rawValue)\">"
        html += "<button type=\"submit\" \(HTML.name(.step)) value=\"\(name):-1\" class=\"step\" "
        html += "aria-label=\"Decrease\" formnovalidate\(content.canDecrement ? "" : " disabled")>−</button>"
        html += "<div class=\"stepper-value\">"
        html += "<output for=\"\(id)\" class=\"stepper-display role-display\" aria-live=\"polite\">"
        html += HTML.escape(content.displayValue) + "</output>"
        html += "<input type=\"number\" id=\"\(id)\" name=\"\(name)\" value=\"\(content.value)\" "
        html += "min=\"\(content.minimum)\" max=\"\(content.maximum)\" step=\"\(content.step)\" "
        html += "class=\"stepper-input\" aria-label=\"\(HTML.escape(labelWords))\"\(described(field))>"
        if let unit = content.unit, content.display != .feetInches {
            html += "<span class=\"unit role-label\">\(HTML.escape(unit))</span>"
        }
        html += "</div><button type=\"submit\" \(HTML.name(.step)) value=\"\(name):1\" class=\"step\" "
        html += "aria-label=\"Increase\" formnovalidate\(content.canIncrement ? "" : " disabled")>+</button></div>"
        return wrap(field, html + messages(field))
    }

    /// Options to pick from; `highlighted` is the value of the plan card drawn as recommended.
    static func choices(_ content: ChoicesContent, highlighted: String? = nil) -> String {
        let field = content.field
        let cards = content.style == .planCards
        let legendHidden = field.showsLabel ? "" : " sr-only"
        var html = "<fieldset class=\"field choices\(cards ? " plan-cards" : "")"
        html += "\(field.error != nil ? " has-error" : "")\"\(described(field))>"
        html += "<legend class=\"field-label role-label\(legendHidden)\">\(HTML.escape(field.label))</legend>"
        for (index, option) in content.options.enumerated() {
            let id = "\(inputID(field.id))-\(index)"
            let recommended = option.value == highlighted ? " recommended" : ""
            html +=
                "<div class=\"choice\(recommended)\"><input type=\"\(content.allowsMany ? "checkbox" : "radio")\" id=\"\(id)\" "
            html += "name=\"\(HTML.escape(field.id))\" value=\"\(HTML.escape(option.value))\""
            html += "\(option.isSelected ? " checked" : "")>"
            html += "<label for=\"\(id)\"><span class=\"choice-title role-heading\">\(HTML.escape(option.title))"
            if let badge = option.badge { html += " <span class=\"badge role-caption\">\(HTML.escape(badge))</span>" }
            html += "</span>"
            if let price = option.price { html += "<span class=\"price role-title\">\(HTML.escape(price))</span>" }
            if let detail = option.detail {
                html += "<span class=\"choice-detail role-caption\">\(HTML.escape(detail))</span>"
            }
            if !option.features.isEmpty {
                html += "<ul class=\"plan-features role-caption\">"
                html += option.features.map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ul>"
            }
            html += "</label></div>"
        }
        return html + messages(field) + "</fieldset>"
    }

    static func voiceAnswer(_ content: VoiceAnswerContent) -> String {
        let field = content.field
        let id = inputID(field.id)
        var html = label(field)
        if !content.prompts.isEmpty {
            html += "<ul class=\"prompts role-label\">"
            html += content.prompts.map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ul>"
        }
        html += "<div class=\"voice\"><textarea id=\"\(id)\" name=\"\(HTML.escape(field.id))\" rows=\"3\" "
        html += "class=\"input role-input\"\(placeholder(field))\(field.isFocused ? " autofocus" : "")"
        html += "\(described(field))>" + HTML.escape(field.value) + "</textarea>"
        html += "<button type=\"button\" class=\"mic\" data-mic=\"\(id)\" aria-label=\"Answer by voice\" "
        html += "aria-pressed=\"false\" hidden>\(SymbolGlyphs.glyph("mic"))</button></div>"
        if !content.quickAnswers.isEmpty {
            html += "<div class=\"pills\" role=\"group\" aria-label=\"Quick answers\">"
            for (index, pill) in content.quickAnswers.enumerated() {
                html += "<button type=\"submit\" \(HTML.name(.pill)) value=\"\(HTML.escape(field.id)):\(index)\" "
                html += "class=\"pill role-label\" data-fill=\"\(id)\" formnovalidate>\(HTML.escape(pill))</button>"
            }
            html += "</div>"
        }
        return wrap(field, html + messages(field), classes: "voice-answer")
    }

    static func picker(_ content: PickerContent) -> String {
        let field = content.field
        var extra = ""
        if let latest = content.latest { extra += " max=\"\(HTML.escape(latest))\"" }
        if let earliest = content.earliest { extra += " min=\"\(HTML.escape(earliest))\"" }
        let input =
            "<input type=\"\(content.mode.rawValue)\" id=\"\(inputID(field.id))\" name=\"\(HTML.escape(field.id))\" "
            + "value=\"\(HTML.escape(field.value))\" class=\"input role-input\"\(extra)\(described(field))"
            + "\(checks(field))>"
        return wrap(
            field,
            label(field) + "<div class=\"input-with-symbol\">\(symbol(content.symbol) ?? "")\(input)</div>"
                + messages(field))
    }

    static func listBuilder(_ content: ListBuilderContent) -> String {
        let field = content.field
        let name = HTML.escape(field.id)
        var html = "<div class=\"list-builder\">"
        if !content.items.isEmpty {
            html += "<ul class=\"list-items\">"
            for (index, item) in content.items.enumerated() {
                html += "<li><input type=\"text\" name=\"\(name)\" value=\"\(HTML.escape(item))\" "
                html += "class=\"input role-input\" aria-label=\"\(HTML.escape(field.label)) \(index + 1)\">"
                html += "<button type=\"submit\" \(HTML.name(.remove)) value=\"\(name):\(index)\" "
                html += "class=\"remove\" aria-label=\"Remove \(HTML.escape(item))\" formnovalidate>"
                html += SymbolGlyphs.glyph("xmark") + "</button></li>"
            }
            html += "</ul>"
        }
        html += label(field)
        html += "<div class=\"list-add\"><input type=\"text\" id=\"\(inputID(field.id))\" name=\"\(name)\" "
        html += "value=\"\(HTML.escape(content.entry))\" "
        html += "class=\"input role-input\"\(placeholder(field))\(typing(field))\(described(field))>"
        html += "<button type=\"submit\" \(HTML.name(.add)) value=\"\(name)\" class=\"add role-button\" "
        html += "formnovalidate>\(HTML.escape(content.addTitle))</button></div></div>"
        return wrap(field, html + messages(field))
    }

    /// The photo picker: a file input for the types the server takes, with the current photo when
    /// there is one, else the person's initials, else a camera.
    static func avatar(_ content: AvatarContent) -> String {
        let field = content.field
        let id = inputID(field.id)
        let hasPhoto = content.photoURL != nil
        var html =
            "<div class=\"field avatar\(hasPhoto ? " has-photo" : "")\(field.error != nil ? " has-error" : "")\">"
        html += "<label for=\"\(id)\" class=\"avatar-circle\" aria-hidden=\"true\" data-avatar-preview>"
        if let photo = content.photoURL {
            html += "<img src=\"\(HTML.escape(photo))\" alt=\"\">"
        } else {
            html += "<span class=\"avatar-empty\">\(SymbolGlyphs.glyph(content.emptySymbol))</span>"
        }
        // Both badges are drawn; the circle's state shows one: plus while empty, pencil with a photo.
        html += "<span class=\"avatar-badge\"><span class=\"badge-add\">\(SymbolGlyphs.glyph("plus"))</span>"
        html += "<span class=\"badge-change\">\(SymbolGlyphs.glyph("pencil"))</span></span></label>"
        html += label(field, text: content.buttonTitle)
        html += "<input type=\"file\" class=\"file-input\" id=\"\(id)\" name=\"\(HTML.escape(field.id))\" "
        html += "accept=\"\(content.acceptedTypes.joined(separator: ","))\"\(described(field))>"
        return html + messages(field) + "</div>"
    }
}
