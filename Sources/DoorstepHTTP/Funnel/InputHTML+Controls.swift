import DoorstepFlow
import Foundation

/// The inputs with more moving parts: steppers, choices and plan cards, voice answers, date and time
/// pickers, list builders and the photo picker.
extension InputHTML {
    func stepper() -> String {
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

    func choices(cards: Bool) -> String {
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

    func voiceAnswer() -> String {
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

    func picker(type: String) -> String {
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

    func listBuilder() -> String {
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
