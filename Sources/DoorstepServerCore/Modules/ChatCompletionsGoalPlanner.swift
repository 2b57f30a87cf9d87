import DoorstepFlow
import Foundation

/// A planner backed by a language model behind an OpenAI-compatible chat-completions API (a hosted
/// service or a local one). Configuration only: when the model's answer is missing or malformed, the
/// deterministic planner answers instead, so onboarding never stalls on a model.
public struct ChatCompletionsGoalPlanner: GoalPlanner {
    /// Where and which model to ask.
    public struct Configuration: Sendable {
        /// The API's base URL, such as `https://api.example.com/v1`.
        public var baseURL: URL
        public var model: String
        public var apiKey: String?

        /// Creates a configuration.
        public init(baseURL: URL, model: String, apiKey: String?) {
            self.baseURL = baseURL
            self.model = model
            self.apiKey = apiKey
        }
    }

    let configuration: Configuration
    let fetcher: any HTTPFetcher
    let fallback: any GoalPlanner

    /// Creates the planner.
    public init(
        configuration: Configuration, fetcher: any HTTPFetcher, fallback: any GoalPlanner = DeterministicGoalPlanner()
    ) {
        self.configuration = configuration
        self.fetcher = fetcher
        self.fallback = fallback
    }

    public func goalOptions(intake: [String: Value], instruction: String?) async throws -> [GoalOption] {
        let prompt = """
            Intake answers (JSON): \(Self.json(intake))
            \(instruction.map { "The person asked: \($0)" } ?? "")
            Reply with JSON only: {"options": [{"summary": "...", "detail": "..."}]} holding 3 or 4 concrete, \
            measurable fitness goals that fit the answers.
            """
        if let content = try? await complete(prompt),
            let data = Self.jsonObject(in: content).data(using: .utf8),
            let reply = try? JSONDecoder().decode(OptionsReply.self, from: data),
            (3...4).contains(reply.options.count),
            reply.options.allSatisfy({ !$0.summary.isEmpty && $0.summary.count <= 200 && $0.detail.count <= 1_000 })
        {
            return reply.options.map {
                GoalOption(
                    id: DeterministicGoalPlanner.identifier($0.summary + $0.detail), summary: $0.summary,
                    detail: $0.detail)
            }
        }
        return try await fallback.goalOptions(intake: intake, instruction: instruction)
    }

    public func program(intake: [String: Value], goal: GoalOption, previous: String?, instruction: String?) async throws
        -> String
    {
        let prompt = """
            Intake answers (JSON): \(Self.json(intake))
            Goal: \(goal.summary) — \(goal.detail)
            \(previous.map { "Current program:\n\($0)" } ?? "")
            \(instruction.map { "The person asked: \($0)" } ?? "")
            Write the training program in Markdown with the sections Overview, Weekly Schedule, Sessions, \
            Progression and Notes. Respect the training frequency, equipment and injuries.
            """
        if let content = try? await complete(prompt), content.contains("#"), content.count <= 50_000 {
            return content
        }
        return try await fallback.program(intake: intake, goal: goal, previous: previous, instruction: instruction)
    }

    struct OptionsReply: Decodable {
        struct Option: Decodable {
            var summary: String
            var detail: String
        }
        var options: [Option]
    }

    /// The model's reply to one user message.
    func complete(_ prompt: String) async throws -> String {
        let request: [String: Any] = [
            "model": configuration.model,
            "messages": [
                ["role": "system", "content": "You are a careful personal trainer. Be concrete and safe."],
                ["role": "user", "content": prompt],
            ],
        ]
        var headers = ["Content-Type": "application/json"]
        if let key = configuration.apiKey { headers["Authorization"] = "Bearer \(key)" }
        let (status, body) = try await fetcher.post(
            configuration.baseURL.appendingPathComponent("chat/completions"), headers: headers,
            body: try JSONSerialization.data(withJSONObject: request))
        guard (200..<300).contains(status),
            let reply = try JSONSerialization.jsonObject(with: body) as? [String: Any],
            let message = (reply["choices"] as? [[String: Any]])?.first?["message"] as? [String: Any],
            let content = message["content"] as? String
        else { throw ServiceError(status: 503, code: .unavailable, detail: "The planner did not answer.") }
        return content
    }

    static func json(_ intake: [String: Value]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(intake)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The outermost JSON object in a reply that may wrap it in prose or a code fence.
    static func jsonObject(in text: String) -> String {
        guard let start = text.firstIndex(of: "{"), let end = text.lastIndex(of: "}"), start < end else { return text }
        return String(text[start...end])
    }
}
