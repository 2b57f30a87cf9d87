/// A colour as four 8-bit channels, written `#RRGGBBAA` when encoded so golden files read like a
/// design spec.
public struct RGBA: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Red, 0–255.
    public var red: UInt8
    /// Green, 0–255.
    public var green: UInt8
    /// Blue, 0–255.
    public var blue: UInt8
    /// Opacity, 0 (clear) – 255 (opaque).
    public var alpha: UInt8

    /// Creates a colour from its channels.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Reads `#RGB`, `#RRGGBB` or `#RRGGBBAA`; `nil` for anything else.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        var digits = String(hex.dropFirst())
        if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
        if digits.count == 6 { digits += "FF" }
        guard digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        self.init(
            red: UInt8(value >> 24), green: UInt8((value >> 16) & 0xFF), blue: UInt8((value >> 8) & 0xFF),
            alpha: UInt8(value & 0xFF))
    }

    /// `#RRGGBBAA`.
    public var description: String {
        "#"
            + [red, green, blue, alpha].map { byte in
                let text = String(byte, radix: 16, uppercase: true)
                return byte < 16 ? "0" + text : text
            }.joined()
    }

    /// The same colour at `opacity` (0–1) of its own alpha.
    public func withOpacity(_ opacity: Double) -> RGBA {
        var copy = self
        copy.alpha = UInt8((Double(alpha) * min(max(opacity, 0), 1)).rounded())
        return copy
    }

    /// Channels from 0 to 1, for drawing APIs.
    public var components: (red: Double, green: Double, blue: Double, alpha: Double) {
        (Double(red) / 255, Double(green) / 255, Double(blue) / 255, Double(alpha) / 255)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let color = RGBA(hex: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "\(text) is not a #RRGGBBAA colour"))
        }
        self = color
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Opaque black, drawn where a theme names a colour it does not define (the linter forbids that).
    public static let black = RGBA(red: 0, green: 0, blue: 0)
}

/// A colour in light and in dark mode. A theme drawn in one appearance gives the same colour twice;
/// Aurora orbs and system colours differ.
public struct ColorPair: Sendable, Hashable, Codable {
    /// The colour in light mode.
    public var light: RGBA
    /// The colour in dark mode.
    public var dark: RGBA

    /// A colour that differs by appearance.
    public init(light: RGBA, dark: RGBA) {
        self.light = light
        self.dark = dark
    }

    /// A colour that is the same in both appearances.
    public init(_ color: RGBA) {
        self.init(light: color, dark: color)
    }

    /// The colour for an appearance.
    public func color(isDark: Bool) -> RGBA { isDark ? dark : light }

    public init(from decoder: any Decoder) throws {
        if let single = try? RGBA(from: decoder) {
            self.init(single)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            light: try container.decode(RGBA.self, forKey: .light), dark: try container.decode(RGBA.self, forKey: .dark)
        )
    }

    /// One colour when both appearances agree, so golden files stay short.
    public func encode(to encoder: any Encoder) throws {
        if light == dark {
            try light.encode(to: encoder)
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(light, forKey: .light)
        try container.encode(dark, forKey: .dark)
    }

    private enum CodingKeys: String, CodingKey {
        case light, dark
    }
}
