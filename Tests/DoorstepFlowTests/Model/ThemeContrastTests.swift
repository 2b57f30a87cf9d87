import DoorstepFlow
import Testing

@Suite("Theme contrast")
struct ThemeContrastTests {
    @Test("Black on white is 21:1 and a colour on itself 1:1")
    func extremes() throws {
        let black = try #require(ThemeContrast.RGBA(hex: "#000000"))
        let white = try #require(ThemeContrast.RGBA(hex: "#FFFFFF"))
        #expect(abs(ThemeContrast.ratio(black, white) - 21) < 0.001)
        #expect(ThemeContrast.ratio(white, white) == 1)
        #expect(ThemeContrast.RGBA(hex: "#12345") == nil)
    }

    @Test("A translucent colour is measured as drawn over its background")
    func translucent() throws {
        let halfWhite = try #require(ThemeContrast.RGBA(hex: "#FFFFFF80"))
        let black = try #require(ThemeContrast.RGBA(hex: "#000000"))
        let blended = halfWhite.over(black)
        #expect(abs(blended.red - 0.502) < 0.01)
        #expect(ThemeContrast.ratio(blended, black) < 6, "half-white on black is far from white's 21:1")
    }

    @Test(
        "Every reference theme's text and controls meet WCAG AA, in dark mode too where it follows the device",
        arguments: FlowCatalog.referenceIDs)
    func catalogThemes(_ id: String) throws {
        let flow = try #require(try FlowCatalog.bundled().flow(id))
        let appearances = flow.theme.appearance == .system ? [false, true] : [false]
        for dark in appearances {
            for (pair, ratio) in ThemeContrast.ratios(in: flow.theme, dark: dark) {
                let measured = try #require(ratio, "\(pair.foreground) on \(pair.background) is missing")
                #expect(
                    measured >= pair.minimum,
                    "\(flow.theme.name)\(dark ? " (dark)" : ""): \(pair.foreground) on \(pair.background) is \(measured):1"
                )
            }
        }
    }

    @Test("FamilySync follows the device: its text reads light on a dark background at night")
    func familySyncAtNight() throws {
        let theme = try #require(try FlowCatalog.bundled().flow("familysync")).theme
        #expect(theme.appearance == .system)
        let day = try #require(theme.color("background").flatMap(ThemeContrast.RGBA.init(hex:)))
        let night = try #require(theme.color("background", dark: true).flatMap(ThemeContrast.RGBA.init(hex:)))
        #expect(day.luminance > 0.8 && night.luminance < 0.05)
        #expect(theme.color("accent", dark: false) != theme.color("accent", dark: true))
    }
}
