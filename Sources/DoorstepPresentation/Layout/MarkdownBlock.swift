import Foundation

/// One block of a Markdown document, as a renderer lays it out: SwiftUI's `Text` draws only inline
/// Markdown (emphasis, links, code), so headings, list items and paragraphs are split here and each
/// drawn as its own text.
public enum MarkdownBlock: Sendable, Hashable {
    /// `#` to `######`: the level and the inline text.
    case heading(level: Int, text: String)
    /// `-`, `*` or `+` items, or numbered ones: the marker to draw (`•` or `3.`) and the inline text.
    case listItem(marker: String, text: String)
    /// Lines that run together, as Markdown joins them.
    case paragraph(String)

    /// Splits a document into blocks. Blank lines end paragraphs; a list item's continuation lines join it.
    public static func parse(_ source: String) -> [MarkdownBlock] {
        var blocks: [MarkdownBlock] = []
        var open: [String] = []
        func closeParagraph() {
            if !open.isEmpty { blocks.append(.paragraph(open.joined(separator: " "))) }
            open = []
        }
        for rawLine in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty {
                closeParagraph()
            } else if let heading = heading(line) {
                closeParagraph()
                blocks.append(heading)
            } else if let item = listItem(line) {
                closeParagraph()
                blocks.append(item)
            } else if open.isEmpty, case .listItem(let marker, let text)? = blocks.last, rawLine.first == " " {
                blocks[blocks.count - 1] = .listItem(marker: marker, text: text + " " + line)
            } else {
                open.append(line)
            }
        }
        closeParagraph()
        return blocks
    }

    private static func heading(_ line: String) -> MarkdownBlock? {
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes), line.dropFirst(hashes).first == " " else { return nil }
        return .heading(level: hashes, text: line.dropFirst(hashes + 1).trimmingCharacters(in: .whitespaces))
    }

    private static func listItem(_ line: String) -> MarkdownBlock? {
        if let first = line.first, "-*+".contains(first), line.dropFirst().first == " " {
            return .listItem(marker: "•", text: String(line.dropFirst(2)))
        }
        let digits = line.prefix { $0.isNumber }
        let rest = line.dropFirst(digits.count)
        guard !digits.isEmpty, digits.count < 10, rest.hasPrefix(". ") || rest.hasPrefix(") ") else { return nil }
        return .listItem(marker: String(digits) + ".", text: String(rest.dropFirst(2)))
    }
}

extension MarkdownContent {
    /// The source split into the blocks to draw.
    public var blocks: [MarkdownBlock] { MarkdownBlock.parse(source) }
}
