/// Lookups built once per flow, so a transition costs dictionary reads rather than list scans.
struct FlowIndex: Sendable {
    let screens: [String: Screen]
    let fields: [String: FieldDefinition]
    /// Transition positions by screen, then by action: two lookups, no key built per event.
    let transitions: [String: [String: [Int]]]
    let sectionTracks: [String: ProgressTrack]
    /// Fields whose options an effect delivers at run time.
    let fieldsWithRunTimeOptions: [FieldDefinition]
    /// Fields whose answers are secrets, kept out of every snapshot.
    let secretFields: Set<String>
    /// Positions of the transitions with an effect that reads a secret.
    let transitionsReadingSecrets: Set<Int>

    init(_ flow: FlowDefinition) {
        screens = Dictionary(flow.screens.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        fields = Dictionary(flow.fields.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        fieldsWithRunTimeOptions = flow.fields.filter { $0.optionsFrom != nil }
        let secretFields = flow.secretFieldIDs
        self.secretFields = secretFields
        transitionsReadingSecrets = Set(
            flow.transitions.indices.filter { position in
                (flow.transitions[position].effects ?? []).contains { !$0.keysRead.isDisjoint(with: secretFields) }
            })
        var transitions: [String: [String: [Int]]] = [:]
        for (position, transition) in flow.transitions.enumerated() {
            transitions[transition.from, default: [:]][transition.on, default: []].append(position)
        }
        self.transitions = transitions
        var tracks: [String: ProgressTrack] = [:]
        for track in flow.progress {
            for section in track.sections where tracks[section] == nil { tracks[section] = track }
        }
        sectionTracks = tracks
    }

    /// The positions of the transitions leaving `screen` on `action`, in the flow's order.
    func transitions(from screen: String, on action: String) -> [Int]? {
        transitions[screen]?[action]
    }
}
