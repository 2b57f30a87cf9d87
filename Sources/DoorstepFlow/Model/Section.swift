/// A named part of a flow, such as the trainer's `ABOUT YOU`; screens belong to at most one.
public struct Section: Codable, Sendable, Hashable {
    /// A stable identifier.
    public var id: String
    /// The label a top bar shows while a screen of this section is on screen.
    public var label: String?

    /// Creates a section.
    public init(id: String, label: String? = nil) {
        self.id = id
        self.label = label
    }
}

/// A progress indicator: which sections it counts, and how it is drawn.
public struct ProgressTrack: Codable, Sendable, Hashable {
    /// How a track is drawn.
    public enum Style: String, Codable, Sendable, Hashable {
        /// One bar per section, filled once reached (TANDA's four steps).
        case segmented
        /// One bar per section, filled in proportion to the screens done in it (the trainer's intake).
        case sectioned
        /// One dot per section, the current one highlighted (carousels, Kordant's steps).
        case dots
    }

    /// A stable identifier.
    public var id: String
    /// How the track is drawn.
    public var style: Style
    /// The sections it counts, in order.
    public var sections: [String]

    /// Creates a progress track.
    public init(id: String, style: Style, sections: [String]) {
        self.id = id
        self.style = style
        self.sections = sections
    }
}

/// Where a launch lands when its condition holds.
public struct EntryRule: Codable, Sendable, Hashable {
    /// Which launches this rule is for; no condition matches every launch.
    public var when: Condition?
    /// `start`, `resume`, or a screen id.
    public var go: String

    /// Creates an entry rule.
    public init(when: Condition? = nil, go: String) {
        self.when = when
        self.go = go
    }
}

/// How to bring a snapshot saved by an older version of a flow forward to this one.
public struct Migration: Codable, Sendable, Hashable {
    /// The version this step upgrades from; it leads to the next declared step or the current version.
    public var from: Int
    /// Old screen id to the screen that replaces it (renamed, or the fallback for a removed screen).
    public var screens: [String: String]?
    /// Old field id to its new id (renamed or moved fields).
    public var fields: [String: String]?
    /// Fields that no longer exist; their answers are dropped.
    public var removedFields: [String]?

    /// Creates a migration step.
    public init(
        from: Int, screens: [String: String]? = nil, fields: [String: String]? = nil, removedFields: [String]? = nil
    ) {
        self.from = from
        self.screens = screens
        self.fields = fields
        self.removedFields = removedFields
    }
}
