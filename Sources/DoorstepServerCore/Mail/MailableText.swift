import Foundation

/// Rules for text a person chose that goes into mail to someone else (a group's name, an inviter's
/// name): such text never goes into a subject, and text that reads as a web address is refused, so the
/// server's mail cannot carry someone's link ("Account locked – see evil.example") to a stranger.
public enum MailableText {
    /// Whether `text` holds something a mail client or a reader would take for a link: a scheme
    /// (`https://`), `www.`, or a host name such as `evil.example` or `pay-here.co.uk`.
    public static func looksLikeLink(_ text: String) -> Bool {
        let lowered = text.lowercased()
        if lowered.contains("://") || lowered.contains("www.") { return true }
        return lowered.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") })
            .contains(where: isHostName)
    }

    /// Two or more dot-separated labels, the last of two or more letters: `evil.example`, not `St.` or `J.R.R.`.
    private static func isHostName(_ word: Substring) -> Bool {
        let labels = word.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let last = labels.last, last.count >= 2, last.allSatisfy(\.isLetter) else {
            return false
        }
        return labels.allSatisfy { !$0.isEmpty }
    }
}
