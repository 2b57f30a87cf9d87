import Foundation

/// The web's proof that a person is at the keyboard: puzzles handed out at the difficulty the load
/// calls for, and solutions redeemed once across every instance.
public struct PuzzleService: Sendable {
    let book: PuzzleBook
    let difficulty: PuzzleDifficulty
    let storage: any Storage
    let context: ServiceContext

    /// Creates the service.
    public init(book: PuzzleBook, difficulty: PuzzleDifficulty, storage: any Storage, context: ServiceContext) {
        self.book = book
        self.difficulty = difficulty
        self.storage = storage
        self.context = context
    }

    /// A puzzle for a page, counted towards the load.
    public func issue() -> Puzzle {
        let now = context.clock.now
        return book.issue(difficulty: difficulty.next(at: now), now: now, random: context.random)
    }

    /// Takes a solution, or throws why not (``PuzzleBook/Refusal``); once taken it is spent.
    public func redeem(_ solution: PuzzleSolution) async throws {
        let now = context.clock.now
        let puzzle = try book.check(solution, now: now)
        try await storage.transaction { store in try await book.spend(puzzle, now: now, in: store) }
    }
}
