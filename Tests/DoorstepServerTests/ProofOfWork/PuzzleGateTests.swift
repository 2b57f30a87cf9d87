import Crypto
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Logging
import Testing

@Suite("The web's puzzle at the gate")
struct PuzzleGateTests {
    @Test("Only a puzzle checked and spent proves anything: one let through unchecked cannot carry an enforced action")
    func onlyCheckedPuzzlesProve() async throws {
        let clock = ManualClock()
        let puzzles = PuzzleService(
            book: PuzzleBook(codeKey: SymmetricKey(size: .bits256)), difficulty: PuzzleDifficulty(base: 8, maximum: 8),
            storage: MemoryStorage(),
            context: ServiceContext(clock: clock, random: SecureRandomSource()))
        let gate = HumanProofGate(
            policy: try HumanProofPolicy(parsing: "web.sign-up=monitor,web.code-send=enforce"), appAttest: nil,
            puzzles: puzzles, metrics: .disabled, audit: SecurityAudit(logger: Logger(label: "test"), trail: nil))
        let garbage = HumanProof.puzzle(PuzzleSolution(token: "not.signed", nonce: "1"))
        #expect(try await gate.check(.guest, proof: garbage, onTheWeb: true) == false, "off: nothing checked")
        #expect(try await gate.check(.signUp, proof: garbage, onTheWeb: true) == false, "monitored, not proven")
        await #expect(throws: ServiceError.self) { try await gate.check(.codeSend, proof: garbage, onTheWeb: true) }

        let puzzle = puzzles.issue()
        let nonce = (0..<UInt64.max).first { nonce in
            let hash = Array(SHA256.hash(data: Data("\(puzzle.token).\(nonce)".utf8)))
            return hash[0] == 0
        }!
        let solved = HumanProof.puzzle(PuzzleSolution(token: puzzle.token, nonce: "\(nonce)"))
        #expect(try await gate.check(.codeSend, proof: solved, onTheWeb: true))
        await #expect(throws: ServiceError.self, "spent") {
            try await gate.check(.codeSend, proof: solved, onTheWeb: true)
        }
    }
}
