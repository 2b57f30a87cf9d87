/// A test of one or more changes to a flow — another screen order, other copy, an extra screen.
///
/// Each install walks one variant, chosen by weight from a hash of the install id and the
/// experiment id (see ``variant(forInstall:)``), so it keeps the same variant on every launch and
/// on every host (SDK, web funnel) without asking a server. The first variant is the control.
public struct Experiment: Codable, Sendable, Hashable {
    /// A stable identifier; changing it reshuffles every install.
    public var id: String
    /// What the experiment asks, for the people who read its results.
    public var summary: String
    /// The versions of the flow on trial, the control first.
    public var variants: [FlowVariant]

    /// Creates an experiment.
    public init(id: String, summary: String, variants: [FlowVariant]) {
        self.id = id
        self.summary = summary
        self.variants = variants
    }

    /// The variant this install walks: the same for the same install id, and spread over the
    /// variants in proportion to their weights across installs.
    public func variant(forInstall installID: String) -> FlowVariant? {
        let total = variants.reduce(0) { $0 + max($1.weight, 0) }
        guard total > 0 else { return variants.first }
        var point = Self.stableHash("\(id)/\(installID)").multipliedFullWidth(by: UInt64(total)).high
        for variant in variants where variant.weight > 0 {
            if point < UInt64(variant.weight) { return variant }
            point -= UInt64(variant.weight)
        }
        return variants.last
    }

    /// FNV-1a over the UTF-8 bytes, then a 64-bit finaliser so that every bit depends on every byte:
    /// the same on every platform and every run, unlike `Hasher`.
    static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        hash = (hash ^ (hash >> 33)) &* 0xff51_afd7_ed55_8ccd
        hash = (hash ^ (hash >> 33)) &* 0xc4ce_b9fe_1a85_ec53
        return hash ^ (hash >> 33)
    }
}

/// One arm of an ``Experiment``: its share of installs and how it changes the flow.
public struct FlowVariant: Codable, Sendable, Hashable {
    /// A stable identifier, recorded with every event of an install that walks it.
    public var id: String
    /// Its share of installs relative to the other variants' weights; 0 pauses it.
    public var weight: Int
    /// How it differs from the flow as written; none for the control.
    public var changes: FlowChanges

    /// Creates a variant.
    public init(id: String, weight: Int, changes: FlowChanges = FlowChanges()) {
        self.id = id
        self.weight = weight
        self.changes = changes
    }

    private enum CodingKeys: String, CodingKey { case id, weight, changes }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        weight = try container.decode(Int.self, forKey: .weight)
        changes = try container.decodeIfPresent(FlowChanges.self, forKey: .changes) ?? FlowChanges()
    }
}

/// What a variant changes in a flow, applied in this order: screens and sections removed (with the
/// transitions from and to those screens), screens replaced or added, transitions put before the
/// flow's own so that they win, and another start screen.
public struct FlowChanges: Codable, Sendable, Hashable {
    /// Screens that are not shown.
    public var removedScreens: [String]
    /// Sections that are not counted, dropped from every progress track.
    public var removedSections: [String]
    /// Screens that replace the flow's screen with the same id, or are added after the last one.
    public var screens: [Screen]
    /// Transitions tried before the flow's own.
    public var transitions: [Transition]
    /// Another first screen.
    public var start: String?

    /// Creates a set of changes; with no arguments, a variant that changes nothing.
    public init(
        removedScreens: [String] = [], removedSections: [String] = [], screens: [Screen] = [],
        transitions: [Transition] = [], start: String? = nil
    ) {
        self.removedScreens = removedScreens
        self.removedSections = removedSections
        self.screens = screens
        self.transitions = transitions
        self.start = start
    }

    private enum CodingKeys: String, CodingKey { case removedScreens, removedSections, screens, transitions, start }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        removedScreens = try container.decodeIfPresent([String].self, forKey: .removedScreens) ?? []
        removedSections = try container.decodeIfPresent([String].self, forKey: .removedSections) ?? []
        screens = try container.decodeIfPresent([Screen].self, forKey: .screens) ?? []
        transitions = try container.decodeIfPresent([Transition].self, forKey: .transitions) ?? []
        start = try container.decodeIfPresent(String.self, forKey: .start)
    }
}
