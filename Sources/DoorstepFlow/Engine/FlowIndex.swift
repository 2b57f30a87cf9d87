/// Lookups built once per flow, so a transition costs dictionary reads rather than list scans.
struct FlowIndex: Sendable {
    let screens: [String: Screen]
    let fields: [String: FieldDefinition]
    let transitions: [String: [Int]]
    let sectionTracks: [String: ProgressTrack]
    /// Fields whose options an effect delivers at run time.
    let fieldsWithRunTimeOptions: [FieldDefinition]

    init(_ flow: FlowDefinition) {
        screens = Dictionary(flow.screens.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        fields = Dictionary(flow.fields.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        fieldsWithRunTimeOptions = flow.fields.filter { $0.optionsFrom != nil }
        var transitions: [String: [Int]] = [:]
        for (position, transition) in flow.transitions.enumerated() {
            transitions[Self.key(transition.from, transition.on), default: []].append(position)
        }
        self.transitions = transitions
        var tracks: [String: ProgressTrack] = [:]
        for track in flow.progress {
            for section in track.sections where tracks[section] == nil { tracks[section] = track }
        }
        sectionTracks = tracks
    }

    static func key(_ screen: String, _ action: String) -> String { screen + "\u{1F}" + action }
}
