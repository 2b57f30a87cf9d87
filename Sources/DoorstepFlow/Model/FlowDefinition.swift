import Foundation

/// One app's first minutes as data: its screens, fields, branches, sections, theme and launch rules.
///
/// A definition is versioned and `Codable`; the catalog keeps each one as a JSON file, the server
/// hands them out as remote configuration, and every renderer (SwiftUI, web funnel, tests) walks the
/// same value through ``FlowEngine``.
public struct FlowDefinition: Codable, Sendable, Hashable {
    /// A stable identifier, such as `tanda`.
    public var id: String
    /// Increases whenever screens or fields change; snapshots of older versions are migrated.
    public var version: Int
    /// The app's name, shown in listings.
    public var title: String
    /// One line that says what the flow does.
    public var summary: String
    /// Design tokens every screen is drawn with.
    public var theme: Theme
    /// Every answer slot the flow can fill.
    public var fields: [FieldDefinition]
    /// The named parts of the flow that progress indicators count.
    public var sections: [Section]
    /// How sections are grouped into progress indicators.
    public var progress: [ProgressTrack]
    /// Every screen, in reading order.
    public var screens: [Screen]
    /// Where a first run begins.
    public var start: String
    /// Where each move goes, first match wins.
    public var transitions: [Transition]
    /// Where a launch lands, first match wins; with none matching a launch resumes or starts.
    public var entry: [EntryRule]
    /// How snapshots saved by older versions of this flow are brought forward.
    public var migrations: [Migration]
    /// The variants on trial, if any; hosts walk ``assigned(toInstall:)``, not the flow as written.
    public var experiment: Experiment?
    /// The language its words are in (a BCP 47 tag), as ``localized(with:preferredLanguages:)`` sets
    /// it; `nil` for the flow as written, in its catalog's source language (English).
    public var language: String?

    /// Creates a flow definition.
    public init(
        id: String, version: Int, title: String, summary: String, theme: Theme,
        fields: [FieldDefinition], sections: [Section] = [], progress: [ProgressTrack] = [],
        screens: [Screen], start: String, transitions: [Transition], entry: [EntryRule] = [],
        migrations: [Migration] = [], experiment: Experiment? = nil
    ) {
        self.id = id
        self.version = version
        self.title = title
        self.summary = summary
        self.theme = theme
        self.fields = fields
        self.sections = sections
        self.progress = progress
        self.screens = screens
        self.start = start
        self.transitions = transitions
        self.entry = entry
        self.migrations = migrations
        self.experiment = experiment
    }

    private enum CodingKeys: String, CodingKey {
        case id, version, title, summary, theme, fields, sections, progress, screens, start, transitions
        case entry, migrations, experiment, language
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        version = try container.decode(Int.self, forKey: .version)
        title = try container.decode(String.self, forKey: .title)
        summary = try container.decode(String.self, forKey: .summary)
        theme = try container.decode(Theme.self, forKey: .theme)
        fields = try container.decodeIfPresent([FieldDefinition].self, forKey: .fields) ?? []
        sections = try container.decodeIfPresent([Section].self, forKey: .sections) ?? []
        progress = try container.decodeIfPresent([ProgressTrack].self, forKey: .progress) ?? []
        screens = try container.decode([Screen].self, forKey: .screens)
        start = try container.decode(String.self, forKey: .start)
        transitions = try container.decode([Transition].self, forKey: .transitions)
        entry = try container.decodeIfPresent([EntryRule].self, forKey: .entry) ?? []
        migrations = try container.decodeIfPresent([Migration].self, forKey: .migrations) ?? []
        experiment = try container.decodeIfPresent(Experiment.self, forKey: .experiment)
        language = try container.decodeIfPresent(String.self, forKey: .language)
    }
}

extension FlowDefinition {
    /// Decodes a definition from JSON data.
    public static func decode(from data: Data) throws -> FlowDefinition {
        try ValueDecoder().decode(FlowDefinition.self, from: data)
    }

    /// Encodes the definition as pretty-printed JSON with sorted keys.
    public func encodedJSON() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// The screen with this id, if the flow has one.
    public func screen(_ id: String) -> Screen? {
        screens.first { $0.id == id }
    }

    /// The field with this id, if the flow has one.
    public func field(_ id: String) -> FieldDefinition? {
        fields.first { $0.id == id }
    }

    /// The ids of the fields whose answers are secrets (see ``FieldDefinition/isSecret``).
    public var secretFieldIDs: Set<String> {
        Set(fields.lazy.filter(\.isSecret).map(\.id))
    }
}
