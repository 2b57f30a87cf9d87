import Foundation

/// WCAG 2 contrast of a theme's colour pairs: the ratio of relative luminances, with translucent
/// colours blended over what they are drawn on.
public enum ThemeContrast {
    /// A pair of colour roles one is drawn on the other, and the ratio it needs.
    public struct Pair: Sendable, Hashable {
        public var foreground: String
        public var background: String
        /// 4.5 for body text, 3 for large text and the edges of controls (WCAG 2.2 AA).
        public var minimum: Double
    }

    /// The pairs Doorstep's renderers draw reading text and controls with; `link` stands for the
    /// theme's ``Theme/linkRole``. Every one is text of body size, so each needs 4.5:1.
    public static let pairs: [Pair] = [
        Pair(foreground: "textPrimary", background: "background", minimum: 4.5),
        Pair(foreground: "textSecondary", background: "background", minimum: 4.5),
        Pair(foreground: "textPrimary", background: "surface", minimum: 4.5),
        Pair(foreground: "textSecondary", background: "surface", minimum: 4.5),
        Pair(foreground: "textTertiary", background: "background", minimum: 4.5),
        Pair(foreground: "onAccent", background: "accent", minimum: 4.5),
        Pair(foreground: "link", background: "background", minimum: 4.5),
        Pair(foreground: "danger", background: "background", minimum: 4.5),
    ]

    /// Each pair of ``pairs`` with its ratio in `theme` (nil when a colour is missing or malformed), in
    /// light mode or, for a theme that follows the device, in dark mode.
    public static func ratios(in theme: Theme, dark: Bool = false) -> [(pair: Pair, ratio: Double?)] {
        pairs.map { pair in
            guard let background = theme.color(pair.background, dark: dark).flatMap(RGBA.init(hex:)),
                let foreground = theme.color(pair.foreground == "link" ? theme.linkRole : pair.foreground, dark: dark)
                    .flatMap(RGBA.init(hex:))
            else { return (pair, nil) }
            let base = background.over(RGBA(red: 0, green: 0, blue: 0, alpha: 1))
            return (pair, ratio(foreground.over(base), base))
        }
    }

    /// The contrast ratio of two opaque colours, from 1 to 21.
    public static func ratio(_ first: RGBA, _ second: RGBA) -> Double {
        let (lighter, darker) = (max(first.luminance, second.luminance), min(first.luminance, second.luminance))
        return (lighter + 0.05) / (darker + 0.05)
    }

    /// A colour with its opacity, each channel from 0 to 1.
    public struct RGBA: Sendable, Hashable {
        public var red: Double
        public var green: Double
        public var blue: Double
        public var alpha: Double

        /// Creates a colour.
        public init(red: Double, green: Double, blue: Double, alpha: Double) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        /// Reads `#RRGGBB` or `#RRGGBBAA`.
        public init?(hex: String) {
            let digits = Array(hex.dropFirst())
            guard hex.hasPrefix("#"), digits.count == 6 || digits.count == 8 else { return nil }
            var channels: [Double] = []
            for index in stride(from: 0, to: digits.count, by: 2) {
                guard let value = UInt8(String(digits[index...index + 1]), radix: 16) else { return nil }
                channels.append(Double(value) / 255)
            }
            self.init(
                red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 1)
        }

        /// This colour drawn over an opaque one.
        public func over(_ base: RGBA) -> RGBA {
            RGBA(
                red: red * alpha + base.red * (1 - alpha), green: green * alpha + base.green * (1 - alpha),
                blue: blue * alpha + base.blue * (1 - alpha), alpha: 1)
        }

        /// Relative luminance, as WCAG defines it.
        public var luminance: Double {
            func linear(_ channel: Double) -> Double {
                channel <= 0.039_28 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
        }
    }
}
