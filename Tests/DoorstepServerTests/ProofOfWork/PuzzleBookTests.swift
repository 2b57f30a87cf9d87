import Crypto
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Proof-of-work puzzles")
struct PuzzleBookTests {
    let codeKey = SymmetricKey(size: .bits256)
    var book: PuzzleBook { PuzzleBook(codeKey: codeKey) }
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// Finds a nonce as a browser's worker does: counting up until the hash has enough zero bits.
    func solve(_ puzzle: Puzzle) -> PuzzleSolution {
        var nonce: UInt64 = 0
        while true {
            let hash = SHA256.hash(data: Data("\(puzzle.token).\(nonce)".utf8))
            if zeroBits(hash) >= puzzle.difficulty { return PuzzleSolution(token: puzzle.token, nonce: "\(nonce)") }
            nonce += 1
        }
    }

    func zeroBits(_ hash: SHA256.Digest) -> Int {
        var bits = 0
        for byte in hash {
            guard byte == 0 else { return bits + byte.leadingZeroBitCount }
            bits += 8
        }
        return bits
    }

    @Test("A solved puzzle is taken once, by any instance sharing the store")
    func solvedOnce() async throws {
        let storage = MemoryStorage()
        let puzzle = book.issue(difficulty: 10, now: now, random: SecureRandomSource())
        let solution = solve(puzzle)
        let checked = try book.check(solution, now: now.addingTimeInterval(30))
        #expect(checked.id == puzzle.id && checked.difficulty == 10)
        try await storage.transaction { try await book.spend(checked, now: now, in: $0) }
        // Another instance: same keys (they live in the store), its own book.
        let other = PuzzleBook(codeKey: codeKey)
        let again = try other.check(solution, now: now.addingTimeInterval(31))
        await #expect(throws: PuzzleBook.Refusal.replayed) {
            try await storage.transaction { try await other.spend(again, now: now, in: $0) }
        }
    }

    @Test("A token changed to ask for less work, another server's token, a late answer and a wrong nonce are refused")
    func refusals() throws {
        let puzzle = book.issue(difficulty: 12, now: now, random: SecureRandomSource())
        let solution = solve(puzzle)
        let halves = puzzle.token.split(separator: ".")
        let easier = String(decoding: Base64URL.decode(String(halves[0]))!, as: UTF8.self)
            .replacingOccurrences(of: "|12|", with: "|0|")
        let forged = PuzzleSolution(token: Base64URL.encode(Data(easier.utf8)) + "." + halves[1], nonce: "0")
        #expect(throws: PuzzleBook.Refusal.forged) { try book.check(forged, now: now) }
        let elsewhere = PuzzleBook(codeKey: SymmetricKey(size: .bits256))
        #expect(throws: PuzzleBook.Refusal.forged) { try elsewhere.check(solution, now: now) }
        #expect(throws: PuzzleBook.Refusal.expired) { try book.check(solution, now: puzzle.expiresAt + 1) }
        // Most numbers fall short; the first one that does is a guess, not a solution.
        let guess = (0..<UInt64.max).first { zeroBits(SHA256.hash(data: Data("\(puzzle.token).\($0)".utf8))) < 12 }!
        #expect(throws: PuzzleBook.Refusal.unsolved) {
            try book.check(PuzzleSolution(token: puzzle.token, nonce: "\(guess)"), now: now)
        }
        #expect(throws: PuzzleBook.Refusal.forged) {
            try book.check(PuzzleSolution(token: "x.y", nonce: "1"), now: now)
        }
    }

    @Test("A form value that is not a token and a number is no solution")
    func formValues() {
        #expect(PuzzleSolution(formValue: "abc.def 42") == PuzzleSolution(token: "abc.def", nonce: "42"))
        for bad in ["", "abc.def", "abc.def x", " 42", "abc.def 42 7", "abc.def 123456789012345678901"] {
            #expect(PuzzleSolution(formValue: bad) == nil, "\(bad)")
        }
    }

    @Test("Puzzles get harder while many are asked for, one bit per doubling, up to the ceiling")
    func difficultyUnderLoad() {
        let rule = PuzzleDifficulty(base: 16, maximum: 20, calmPerMinute: 100)
        #expect(rule.difficulty(forPuzzlesInLastMinute: 100) == 16)
        #expect(rule.difficulty(forPuzzlesInLastMinute: 101) == 17)
        #expect(rule.difficulty(forPuzzlesInLastMinute: 401) == 19)
        #expect(rule.difficulty(forPuzzlesInLastMinute: 1_000_000) == 20)
        var last = 0
        for second in 0..<30 { last = rule.next(at: now.addingTimeInterval(Double(second) / 10)) }
        #expect(last == 16, "30 in a minute is calm")
        for index in 0..<300 { last = rule.next(at: now.addingTimeInterval(3 + Double(index) / 1000)) }
        #expect(last == 18, "330 in a minute is past two doublings of 100")
        #expect(rule.next(at: now.addingTimeInterval(120)) == 16, "a minute later it is calm again")
    }
}
