import DoorstepFlow
import DoorstepServer
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

@Suite("Trainer with a chat-completions planner", .serialized)
struct ChatPlannerTests {
    /// A local stand-in for an OpenAI-compatible API that answers from a script.
    final class FakeChatAPI: Sendable {
        let replies: Mutex<[String]>
        let prompts = Mutex<[String]>([])

        init(replies: [String]) {
            self.replies = Mutex(replies)
        }

        func serve<Value: Sendable>(_ body: @Sendable (URL) async throws -> Value) async throws -> Value {
            let router = Router()
            router.post("/v1/chat/completions") { request, _ -> Response in
                var request = request
                let text = String(buffer: try await request.collectBody(upTo: 1 << 20))
                self.prompts.withLock { $0.append(text) }
                let content = self.replies.withLock { $0.isEmpty ? "" : $0.removeFirst() }
                let reply = try JSONSerialization.data(withJSONObject: [
                    "choices": [["message": ["role": "assistant", "content": content]]]
                ])
                return Response(
                    status: .ok, headers: [.contentType: "application/json"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: reply)))
            }
            let application = Application(
                router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
            return try await application.test(.live) { client in
                try await body(URL(string: "http://127.0.0.1:\(client.port!)/v1")!)
            }
        }
    }

    static let intake = #"{"flowVersion": 2, "answers": {"name": "Alex", "goals": "Run a 10K", "frequency": "3 days"}}"#

    @Test("Goal options and the program come from the model when it answers well")
    func modelAnswers() async throws {
        let api = FakeChatAPI(replies: [
            #"Here you go: {"options": [{"summary": "Run 10K in 12 weeks", "detail": "Three runs a week."}, {"summary": "Run 5K fast", "detail": "Speed work."}, {"summary": "Hike a mountain", "detail": "Hills."}]}"#,
            "# Your Training Program\n\n## Overview\nThree runs a week.\n",
        ])
        try await api.serve { base in
            let server = try await TestServer.make {
                $0.planner = .init(baseURL: base, model: "test-model", apiKey: "secret")
            }
            try await server.test { client in
                let session = try await client.signUpWithCode("alex@example.com", server: server)
                _ = try await client.send(
                    .post, "/v1/me/flows/trainer/answers", body: Self.intake, bearer: session.accessToken)
                let options = try #require(
                    try await client.post("/v1/trainer/goals/options", bearer: session.accessToken)
                        .json["options"] as? [[String: Any]])
                #expect(
                    options.map { $0["summary"] as? String } == [
                        "Run 10K in 12 weeks", "Run 5K fast", "Hike a mountain",
                    ])
                _ = try await client.post(
                    "/v1/trainer/goals/options/\(options[0]["id"]!)/confirm", bearer: session.accessToken)
                let program = try await client.post("/v1/trainer/programs/draft", bearer: session.accessToken)
                #expect(
                    program.json["programMarkdown"] as? String
                        == "# Your Training Program\n\n## Overview\nThree runs a week.\n")
            }
        }
        #expect(api.prompts.withLock { $0.first?.contains("Run a 10K") } == true, "the intake reaches the model")
    }

    @Test("A malformed answer falls back to the deterministic planner")
    func fallback() async throws {
        let api = FakeChatAPI(replies: ["I would love to help!"])
        try await api.serve { base in
            let server = try await TestServer.make {
                $0.planner = .init(baseURL: base, model: "test-model", apiKey: nil)
            }
            try await server.test { client in
                let session = try await client.signUpWithCode("alex@example.com", server: server)
                _ = try await client.send(
                    .post, "/v1/me/flows/trainer/answers", body: Self.intake, bearer: session.accessToken)
                let options = try #require(
                    try await client.post("/v1/trainer/goals/options", bearer: session.accessToken)
                        .json["options"] as? [[String: Any]])
                #expect(options.first?["summary"] as? String == "Run a 10K in 12 weeks")
            }
        }
    }
}
