import DoorstepFlow
import DoorstepServerCore
import HTTPTypes
import Hummingbird

/// The language a funnel page is in: the person's choice (a `lang` link, remembered in a cookie) or
/// the browser's `Accept-Language`, matched against the languages the flow has translations for.
package struct FunnelLanguage: Sendable, Hashable {
    /// The page's BCP 47 tag.
    package var tag: String
    package var isRightToLeft: Bool
    /// Every language the flow is offered in, its source language first.
    package var offered: [String]

    package static let source = FunnelLanguage(tag: "en", isRightToLeft: false, offered: ["en"])
    package static let cookieName = "doorstep_lang"

    /// A language's name in itself, as a language switch shows it.
    package static func name(of tag: String) -> String {
        switch tag.split(separator: "-").first.map(String.init) ?? tag {
        case "en": "English"
        case "es": "Español"
        case "ar": "العربية"
        case "fr": "Français"
        case "de": "Deutsch"
        case "pt": "Português"
        default: tag
        }
    }

    /// The languages the request prefers, most wanted first: a `lang` it asks for, the one chosen
    /// before (its cookie), then `Accept-Language` by quality.
    package static func preferred(by request: Request) -> [String] {
        var tags: [String] = []
        if let asked = request.uri.queryParameters.get("lang") { tags.append(String(asked)) }
        if let chosen = request.cookies[cookieName]?.value { tags.append(chosen) }
        return tags + acceptLanguage(request.headers[.acceptLanguage] ?? "")
    }

    /// `Accept-Language`'s tags by quality (RFC 9110 §12.5.4), `*` and refused (q=0) ones left out.
    static func acceptLanguage(_ header: String) -> [String] {
        let ranked = header.split(separator: ",").enumerated().compactMap { index, part -> (String, Double, Int)? in
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first, !tag.isEmpty, tag != "*", tag.count <= 35 else { return nil }
            let quality = pieces.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return quality > 0 ? (tag, quality, index) : nil
        }
        return ranked.sorted { ($0.1, -$0.2) > ($1.1, -$1.2) }.map(\.0)
    }
}
