import Foundation
import Synchronization
import Testing

@testable import DoorstepPostgres

/// The mechanics behind PostgreSQL's shared session reads, with a stand-in for the statement that
/// holds each one on its way until the test lets it go.
@Suite("Reads sent together")
struct BatchedReadsTests {
    /// A statement's stand-in: notes the keys each statement carries, reads them from `rows` as they
    /// are when it is sent, then waits to be let go.
    final class Statements: Sendable {
        let rows: Mutex<[String: String]>
        private let sent = Mutex<[[String]]>([])
        private let gate = Mutex<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

        init(_ rows: [String: String]) { self.rows = Mutex(rows) }

        var carried: [[String]] { sent.withLock { $0 } }

        func fetch(_ keys: [String]) async throws -> [String: String] {
            let read = rows.withLock { rows in rows.filter { keys.contains($0.key) } }
            sent.withLock { $0.append(keys) }
            await withCheckedContinuation { continuation in
                let open = gate.withLock { gate in
                    if !gate.open { gate.waiting.append(continuation) }
                    return gate.open
                }
                if open { continuation.resume() }
            }
            if keys.contains("broken") { throw Broken() }
            return read
        }

        func letGo() {
            let waiting = gate.withLock { gate in
                gate.open = true
                defer { gate.waiting = [] }
                return gate.waiting
            }
            for continuation in waiting { continuation.resume() }
        }
    }

    struct Broken: Error {}

    /// Waits until `reads` has `waiting` reads waiting and `sent` statements have read their rows.
    func until(_ reads: BatchedReads<String, String>, waiting: Int, sent: Int, _ statements: Statements) async {
        while reads.waitingCount != waiting || statements.carried.count != sent { await Task.yield() }
    }

    @Test("Reads asked while a statement is on its way go together in the next one, each with its own answer")
    func gathered() async throws {
        let statements = Statements(Dictionary(uniqueKeysWithValues: (0..<10).map { ("k\($0)", "v\($0)") }))
        let reads = BatchedReads<String, String>(statementsAtOnce: 1, keysPerStatement: 100, fetch: statements.fetch)
        async let first = reads.value(for: "k0")
        await until(reads, waiting: 0, sent: 1, statements)
        let answers = try await withThrowingTaskGroup(of: (String, String?).self) { group in
            for key in (0..<10).map({ "k\($0)" }) + ["k3", "unknown"] {
                group.addTask { (key, try await reads.value(for: key)) }
            }
            await until(reads, waiting: 12, sent: 1, statements)
            statements.letGo()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let alone = try await first
        #expect(alone == "v0")
        #expect(answers.count == 12)
        for (key, value) in answers {
            #expect(value == (key == "unknown" ? nil : "v" + key.dropFirst()))
        }
        let carried = statements.carried
        #expect(carried.count == 2, "one statement for the read alone, one for the twelve asked during it")
        #expect(carried.last.map(Set.init) == Set((0..<10).map { "k\($0)" } + ["unknown"]))
        #expect(carried.last?.count == 11, "a key asked twice is read once")
    }

    /// Asks `first`, runs `meanwhile` once its statement is on its way, asks `second` behind it, then
    /// lets the statements go; the two answers, in that order.
    func oneBehindAnother(
        _ first: String, _ second: String, in statements: Statements, meanwhile: () -> Void = {}
    ) async -> (Result<String?, any Error>, Result<String?, any Error>) {
        let reads = BatchedReads<String, String>(statementsAtOnce: 1, keysPerStatement: 100, fetch: statements.fetch)
        async let earlier = Self.outcome { try await reads.value(for: first) }
        await until(reads, waiting: 0, sent: 1, statements)
        meanwhile()
        async let later = Self.outcome { try await reads.value(for: second) }
        await until(reads, waiting: 1, sent: 1, statements)
        statements.letGo()
        return await (earlier, later)
    }

    static func outcome(_ read: () async throws -> String?) async -> Result<String?, any Error> {
        do { return .success(try await read()) } catch { return .failure(error) }
    }

    @Test("A read asked after a change is never answered by a statement sent before it")
    func freshAfterChange() async throws {
        let statements = Statements(["session": "active"])
        let (before, after) = await oneBehindAnother("session", "session", in: statements) {
            statements.rows.withLock { $0["session"] = "ended" }
        }
        #expect(try before.get() == "active")
        #expect(try after.get() == "ended", "the read asked after the change waited for the next statement")
    }

    @Test("A failed statement fails the reads it carried; the reads after it are answered")
    func failure() async throws {
        let statements = Statements(["fine": "yes"])
        let (broken, fine) = await oneBehindAnother("broken", "fine", in: statements)
        #expect(throws: Broken.self) { try broken.get() }
        #expect(try fine.get() == "yes")
    }

    @Test("No statement carries more than its share; two go at once when allowed")
    func limits() async throws {
        let statements = Statements(Dictionary(uniqueKeysWithValues: (0..<7).map { ("k\($0)", "v\($0)") }))
        let reads = BatchedReads<String, String>(statementsAtOnce: 2, keysPerStatement: 3, fetch: statements.fetch)
        let answers = try await withThrowingTaskGroup(of: String?.self) { group in
            group.addTask { try await reads.value(for: "k0") }
            group.addTask { try await reads.value(for: "k1") }
            await until(reads, waiting: 0, sent: 2, statements)
            for index in 2..<7 { group.addTask { try await reads.value(for: "k\(index)") } }
            await until(reads, waiting: 5, sent: 2, statements)
            statements.letGo()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(answers.compactMap { $0 }) == Set((0..<7).map { "v\($0)" }))
        let carried = statements.carried
        #expect(carried.prefix(2).map(\.count) == [1, 1])
        #expect(carried.dropFirst(2).allSatisfy { $0.count <= 3 })
        #expect(carried.joined().count == 7)
    }
}
