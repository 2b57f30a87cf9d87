/// What a renderer keeps on screen as the flow moves: the page underneath, and a sheet over it while
/// the current screen is presented as one (TANDA's half sheets over its carousel).
public struct ScreenStack: Sendable, Hashable {
    /// The full screen drawn underneath.
    public private(set) var page: ScreenPresentation?
    /// The screen shown in a sheet over ``page``, if the current one is.
    public private(set) var sheet: ScreenPresentation?

    /// Creates a stack showing nothing.
    public init() {}

    /// The screen the person is on: the sheet when one shows, else the page.
    public var current: ScreenPresentation? { sheet ?? page }

    /// The layer a screen is drawn on.
    public enum Layer: Sendable, Hashable {
        case page, sheet
    }

    /// The one layer the system's own sheets (confirming who one is, the photo picker) are presented
    /// from: the topmost, since only the view on top can present, and only one, so a question is never
    /// asked twice.
    public var promptLayer: Layer { sheet == nil ? .page : .sheet }

    /// Shows the flow's current screen where it belongs: a sheet over the page before it; a page or a
    /// full-screen cover in place of everything, closing any sheet. A sheet with no page to cover (the
    /// flow resumed on it) is drawn as the page.
    public mutating func show(_ screen: ScreenPresentation) {
        if screen.presentation == .sheet, let page, page.flowID == screen.flowID {
            self.page = page
            sheet = screen
        } else {
            page = screen
            sheet = nil
        }
    }
}
