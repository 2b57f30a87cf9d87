/// One screen: an ordered list of blocks and the actions a person can take on it.
public struct Screen: Codable, Sendable, Hashable {
    /// How a screen is presented over the previous one.
    public enum Presentation: String, Codable, Sendable, Hashable {
        case page, sheet, fullScreen
    }

    /// A stable identifier, used in transitions and snapshots.
    public var id: String
    /// The section progress counts this screen in.
    public var section: String?
    /// A renderer hint naming the screen's layout, such as `introHero` or `voice`.
    public var template: String?
    /// How the screen is presented; defaults to a page.
    public var presentation: Presentation?
    /// A theme background drawn behind the screen, such as an Aurora palette.
    public var background: String?
    /// The title of the page in a browser tab or for assistive technology.
    public var title: String?
    /// What the screen shows, top to bottom.
    public var blocks: [Block]
    /// What a person can do here.
    public var actions: [Action]
    /// Reaching this screen completes the flow.
    public var terminal: Bool?
    /// Whether going back from here is allowed; defaults to `true`.
    public var allowsBack: Bool?
    /// Entering this screen forgets the screens before it (for example once an email is verified).
    public var clearsHistory: Bool?
    /// The screen works only for a signed-in person; a launch without a session does not resume here.
    public var requiresSession: Bool?

    /// Creates a screen.
    public init(id: String, section: String? = nil, blocks: [Block] = [], actions: [Action] = []) {
        self.id = id
        self.section = section
        self.blocks = blocks
        self.actions = actions
    }

    /// Whether this screen completes the flow.
    public var isTerminal: Bool { terminal ?? false }

    /// The action with this id, if the screen has one.
    public func action(_ id: String) -> Action? {
        actions.first { $0.id == id }
    }

    /// The ids of the fields this screen's blocks are bound to, in order.
    public var boundFields: [String] {
        blocks.compactMap(\.field) + blocks.compactMap(\.confirmField)
    }
}
