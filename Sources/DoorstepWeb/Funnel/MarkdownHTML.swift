import DoorstepHTTP

/// The Markdown a program is written in, as HTML: headings, lists, paragraphs, bold and italics.
/// Everything is escaped first, so Markdown from a planner (or a language model) cannot inject markup.
enum MarkdownHTML {
    static func render(_ markdown: String) -> String {
        var html = ""
        var list: String?
        var paragraph: [String] = []
        func closeParagraph() {
            if !paragraph.isEmpty { html += "<p>\(paragraph.joined(separator: " "))</p>" }
            paragraph = []
        }
        func closeList() {
            if let tag = list { html += "</\(tag)>" }
            list = nil
        }
        for raw in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty {
                closeParagraph()
                closeList()
            } else if let level = headingLevel(line) {
                closeParagraph()
                closeList()
                let text = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
                html += "<h\(level + 1)>\(inline(text))</h\(level + 1)>"
            } else if let item = listItem(line) {
                closeParagraph()
                if list != item.tag {
                    closeList()
                    html += "<\(item.tag)>"
                    list = item.tag
                }
                html += "<li>\(inline(item.text))</li>"
            } else {
                closeList()
                paragraph.append(inline(line))
            }
        }
        closeParagraph()
        closeList()
        return html
    }

    private static func headingLevel(_ line: String) -> Int? {
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...4).contains(hashes), line.dropFirst(hashes).first == " " else { return nil }
        return hashes
    }

    private static func listItem(_ line: String) -> (tag: String, text: String)? {
        if line.hasPrefix("- ") || line.hasPrefix("* ") { return ("ul", String(line.dropFirst(2))) }
        let digits = line.prefix { $0.isNumber }
        if !digits.isEmpty, line.dropFirst(digits.count).hasPrefix(". ") {
            return ("ol", String(line.dropFirst(digits.count + 2)))
        }
        return nil
    }

    /// Escapes, then turns `**bold**` and `*italic*` into tags.
    private static func inline(_ text: String) -> String {
        var result = HTML.escape(text)
        result = wrap(result, marker: "**", tag: "strong")
        result = wrap(result, marker: "*", tag: "em")
        return result
    }

    private static func wrap(_ text: String, marker: String, tag: String) -> String {
        let parts = text.components(separatedBy: marker)
        guard parts.count >= 3 else { return text }
        var result = ""
        for (index, part) in parts.enumerated() {
            if index == 0 {
                result += part
            } else if index % 2 == 1 {
                result += index == parts.count - 1 ? marker + part : "<\(tag)>" + part
            } else {
                result += "</\(tag)>" + part
            }
        }
        return result
    }
}
