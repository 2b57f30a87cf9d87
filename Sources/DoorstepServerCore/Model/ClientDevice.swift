import DoorstepFlow
import Foundation

/// The device a session signed in from, as the app says it: its name and model. Apps send it in the
/// `X-Doorstep-Device` header, form-encoded (`name=Sam%E2%80%99s%20iPhone&model=iPhone15%2C2`), so a
/// name in any script fits in a header. A browser sends none; its sessions are told apart by the
/// browser and system its `User-Agent` names (``BrowserDescription``).
public struct ClientDevice: Sendable, Hashable {
    /// The device's name, such as `Sam's iPhone`.
    public var name: String?
    /// Its model, such as `iPhone15,2`.
    public var model: String?

    /// The header apps send it in.
    public static let headerName = "X-Doorstep-Device"
    /// The longest name or model kept; longer ones are cut.
    public static let maximumLength = 64

    /// A device named and modelled, each trimmed and cut to ``maximumLength``; nil when neither is left.
    public init?(name: String?, model: String?) {
        self.name = Self.clean(name)
        self.model = Self.clean(model)
        if self.name == nil && self.model == nil { return nil }
    }

    /// The device a header value names; nil for an empty, oversized or unreadable value (a session is
    /// opened all the same, without a device).
    public init?(header: String?) {
        guard let header, !header.isEmpty, header.utf8.count <= 1_024 else { return nil }
        var fields: [String: String] = [:]
        for pair in header.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2,
                let value = String(parts[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
            else { continue }
            fields[String(parts[0]).lowercased()] = value
        }
        self.init(name: fields["name"], model: fields["model"])
    }

    /// The header value that names this device.
    public var headerValue: String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return [("name", name), ("model", model)].compactMap { key, value in
            value.flatMap { $0.addingPercentEncoding(withAllowedCharacters: allowed) }.map { "\(key)=\($0)" }
        }.joined(separator: "&")
    }

    private static func clean(_ raw: String?) -> String? {
        guard let raw else { return nil }
        let text = String(
            raw.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
                .map(Character.init)
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, !TextRules.hasControlCharacters(text) else { return nil }
        return String(text.prefix(maximumLength))
    }
}
