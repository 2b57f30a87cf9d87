import Foundation

/// Everything needed to put a person back where they were after the app is killed: the flow and its
/// version, the screen, answers, effect results, history for back, and any effect still under way.
///
/// Hosts save it after every command list holding ``FlowCommand/saveSnapshot``.
public struct FlowSnapshot: Codable, Sendable, Hashable {
    /// The flow's id.
    public var flowID: String
    /// The version of the flow the snapshot was saved with.
    public var flowVersion: Int
    /// The screen on display.
    public var screen: String
    /// Answers by field id.
    public var answers: [String: Value]
    /// Effect and session results by key, such as `account.exists`.
    public var results: [String: Value]
    /// Screens to go back to, oldest first.
    public var history: [String]
    /// How many screens forward the person has come, for progress (history may be cleared on the way).
    public var depth: Int
    /// A move whose effects are still running.
    public var pending: PendingMove?
    /// Problems shown next to fields.
    public var issues: [FieldIssue]
    /// A problem shown for the whole screen.
    public var message: String?
    /// When each effect last succeeded, for cooldowns such as resending a code.
    public var effectTimes: [String: Date]
    /// Whether a terminal screen has been reached.
    public var completed: Bool
    /// The id the next effect request gets.
    public var nextRequestID: Int

    /// A snapshot at the start of `flow`.
    public init(startOf flow: FlowDefinition) {
        self.init(flowID: flow.id, flowVersion: flow.version, screen: flow.start)
    }

    /// Creates a snapshot at a given screen.
    public init(
        flowID: String, flowVersion: Int, screen: String, answers: [String: Value] = [:],
        results: [String: Value] = [:], history: [String] = []
    ) {
        self.flowID = flowID
        self.flowVersion = flowVersion
        self.screen = screen
        self.answers = answers
        self.results = results
        self.history = history
        self.depth = history.count
        self.pending = nil
        self.issues = []
        self.message = nil
        self.effectTimes = [:]
        self.completed = false
        self.nextRequestID = 1
    }
}

extension FlowSnapshot {
    /// The answers it holds that are secrets of `flow`: none, for a snapshot an engine made.
    public func secretAnswers(of flow: FlowDefinition) -> Set<String> {
        flow.secretFieldIDs.intersection(answers.keys)
    }

    private enum CodingKeys: String, CodingKey {
        case flowID, flowVersion, screen, answers, results, history, depth, pending, issues, message, effectTimes
        case completed, nextRequestID
    }

    /// Decodes a snapshot; keys added in later releases may be missing from older saves.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        flowID = try container.decode(String.self, forKey: .flowID)
        flowVersion = try container.decode(Int.self, forKey: .flowVersion)
        screen = try container.decode(String.self, forKey: .screen)
        answers = try container.decodeIfPresent([String: Value].self, forKey: .answers) ?? [:]
        results = try container.decodeIfPresent([String: Value].self, forKey: .results) ?? [:]
        history = try container.decodeIfPresent([String].self, forKey: .history) ?? []
        depth = try container.decodeIfPresent(Int.self, forKey: .depth) ?? history.count
        pending = try container.decodeIfPresent(PendingMove.self, forKey: .pending)
        issues = try container.decodeIfPresent([FieldIssue].self, forKey: .issues) ?? []
        message = try container.decodeIfPresent(String.self, forKey: .message)
        effectTimes = try container.decodeIfPresent([String: Date].self, forKey: .effectTimes) ?? [:]
        completed = try container.decodeIfPresent(Bool.self, forKey: .completed) ?? false
        nextRequestID = try container.decodeIfPresent(Int.self, forKey: .nextRequestID) ?? 1
    }
}

/// A move that is waiting for its effects: which transition, and which effect runs now.
public struct PendingMove: Codable, Sendable, Hashable {
    /// The transition's position in the flow's list.
    public var transition: Int
    /// The position of the running effect in the transition's effects.
    public var effect: Int
    /// The id of the running effect's request; results for other ids are ignored.
    public var requestID: Int

    /// Creates a pending move.
    public init(transition: Int, effect: Int, requestID: Int) {
        self.transition = transition
        self.effect = effect
        self.requestID = requestID
    }
}
