/// A goal the trainer proposes.
public struct EffectGoalOption: Sendable, Hashable {
    public var id: String
    public var summary: String
    public var detail: String

    /// Creates a goal option.
    public init(id: String, summary: String, detail: String) {
        self.id = id
        self.summary = summary
        self.detail = detail
    }

    static func results(_ options: [EffectGoalOption]) -> [String: Value] {
        let values: [Value] = options.map {
            ["id": .string($0.id), "summary": .string($0.summary), "detail": .string($0.detail)]
        }
        return ["trainer.goalOptions": .array(values)]
    }
}

/// A training program drafted or edited.
public struct EffectProgram: Sendable, Hashable {
    public var id: String
    public var version: Int
    public var markdown: String

    /// Creates a program result.
    public init(id: String, version: Int, markdown: String) {
        self.id = id
        self.version = version
        self.markdown = markdown
    }

    static let keys = ["trainer.program.id", "trainer.program.version", "trainer.program.markdown"]

    var results: [String: Value] {
        [
            "trainer.program.id": .string(id), "trainer.program.version": .int(version),
            "trainer.program.markdown": .string(markdown),
        ]
    }
}
