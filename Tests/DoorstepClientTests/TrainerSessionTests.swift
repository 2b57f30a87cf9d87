import DoorstepClient
import DoorstepFlow
import DoorstepPresentation
import DoorstepTestSupport
import Foundation
import OpenAPIRuntime
import Testing

@Suite("Trainer through the SDK: signing in and the intake already kept")
struct TrainerSessionTests {
    /// Opens the trainer and plays the intro to its call to action; requests travel over `connection`
    /// when the test drops some, straight to the server otherwise.
    func launch(
        _ backend: TestServer, _ http: TestHTTPClient, over connection: FailingTransport? = nil
    ) async throws -> (FlowSession, DoorstepClient) {
        let (session, client) = try await openFlow("trainer", backend, http, transport: connection)
        try await session.tap("continue")
        try await session.fireTimer("finished")
        #expect(await session.screen == "introCTA")
        return (session, client)
    }

    /// Answers every intake question with its example, the first with `name`.
    func answerIntake(_ session: FlowSession, name: String) async throws {
        let flow = try #require(try FlowCatalog.bundled().flow("trainer"))
        try await session.tap("getStarted")
        for question in flow.screens.filter({ $0.section != nil }).map(\.id) {
            let answer = question == "name" ? .string(name) : try #require(flow.field(question)?.example)
            try await session.answer(question, answer)
            try await session.tap("next")
        }
        #expect(await session.screen == "complete")
        try await session.tap("createProgram")
    }

    func enterCode(_ session: FlowSession, _ backend: TestServer, to email: String) async throws {
        try await session.answer("code", .string(try #require(await backend.latestCode(to: email))))
        try await session.tap("verify")
    }

    @Test("A returning person signs in before the intake and goes straight to goals from the intake kept")
    func signInBeforeIntake() async throws {
        let backend = try await TestServer.make { $0.rateLimits = false }
        try await backend.test { http in
            let (first, firstClient) = try await launch(backend, http)
            try await answerIntake(first, name: "Alex")
            try await first.answer("email", "alex@example.com")
            try await first.answer("agreedToTerms", true)
            try await first.tap("continue")
            try await enterCode(first, backend, to: "alex@example.com")
            #expect(await first.screen == "preparingGoals", "the code screen is left once the code is accepted")
            try await first.fireTimer("prepare")
            #expect(await first.screen == "goalReview")
            #expect(try await firstClient.answers(in: "trainer")["name"] == "Alex")
            backend.clock.advance(by: 120)

            let (second, client) = try await launch(backend, http)
            try await second.tap("signIn")
            #expect(await second.screen == "signIn")
            try await second.answer("email", "alex@example.com")
            try await second.tap("continue")
            #expect(await second.screen == "otp")
            try await enterCode(second, backend, to: "alex@example.com")
            #expect(await second.screen == "preparingGoals", "no questions again: the intake is kept")
            try await second.fireTimer("prepare")
            #expect(await second.screen == "goalReview")
            #expect(await second.engine.options(for: "goalChoice").count >= 2)
            #expect(try await client.answers(in: "trainer")["name"] == "Alex")
        }
    }

    @Test("Answering the intake again and signing in asks before the kept intake is replaced")
    func keptIntakeIsNotOverwrittenWithoutAsking() async throws {
        let backend = try await TestServer.make { $0.rateLimits = false }
        try await backend.test { http in
            let (first, _) = try await launch(backend, http)
            try await answerIntake(first, name: "Alex")
            try await first.answer("email", "alex@example.com")
            try await first.answer("agreedToTerms", true)
            try await first.tap("continue")
            try await enterCode(first, backend, to: "alex@example.com")
            try await first.fireTimer("prepare")
            backend.clock.advance(by: 120)

            let (second, client) = try await launch(backend, http)
            try await answerIntake(second, name: "Sasha")
            try await second.answer("email", "alex@example.com")
            try await second.answer("agreedToTerms", true)
            try await second.tap("continue")
            try await enterCode(second, backend, to: "alex@example.com")
            #expect(await second.screen == "keepIntake")
            #expect(try await client.answers(in: "trainer")["name"] == "Alex", "nothing replaced before asking")
            try await second.tap("keepSaved")
            try await second.fireTimer("prepare")
            #expect(await second.screen == "goalReview")
            #expect(try await client.answers(in: "trainer")["name"] == "Alex", "the kept intake stays")
        }
    }

    @Test(
        "A failed intake sync or goal generation leaves the person on the goal screen with Retry, which shows the goals once it works",
        arguments: ["submitAnswers", "trainerGoalOptions"])
    func goalsRetried(_ failing: String) async throws {
        let backend = try await TestServer.make { $0.rateLimits = false }
        try await backend.test { http in
            let connection = FailingTransport(client: http)
            let (session, client) = try await launch(backend, http, over: connection)
            try await answerIntake(session, name: "Alex")
            try await session.answer("email", "alex@example.com")
            try await session.answer("agreedToTerms", true)
            try await session.tap("continue")
            try await enterCode(session, backend, to: "alex@example.com")
            #expect(await session.screen == "preparingGoals", "the code is accepted: on to the goal screen")
            #expect(await session.presented(at: backend.clock.now).texts.first == "Which goal feels right?")

            connection.fail(failing)
            try await session.fireTimer("prepare")
            #expect(await session.screen == "preparingGoals", "still the goal screen, not the code screen")
            let failed = await session.presented(at: backend.clock.now)
            #expect(failed.texts.first == "Which goal feels right?")
            #expect(failed.banner == "Check your connection and try again.")
            let retry = try #require(failed.allActions.first { $0.id == "retry" })
            #expect(retry.title == "Retry" && retry.isEnabled)
            #expect(await session.engine.options(for: "goalChoice").isEmpty)

            connection.heal()
            try await session.tap("retry")
            #expect(await session.screen == "goalReview")
            #expect(await session.presented(at: backend.clock.now).banner == nil)
            #expect(await session.engine.options(for: "goalChoice").count >= 2)
            #expect(try await client.answers(in: "trainer")["name"] == "Alex", "the intake reached the server")
        }
    }
}
