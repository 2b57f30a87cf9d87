import Crypto
import Foundation

/// Hands out puzzles and judges their solutions. Pure but for the ledger: the clock, the randomness
/// and the difficulty are handed in.
public struct PuzzleBook: Sendable {
    /// Why a solution is not taken.
    public enum Refusal: String, Error, Sendable, Hashable {
        /// The token was not made by this server (or was changed).
        case forged
        /// The puzzle's time ran out.
        case expired
        /// The hash does not start with enough zero bits.
        case unsolved
        /// The puzzle was solved and spent before.
        case replayed
    }

    private let key: SymmetricKey
    /// How long a browser has to solve a puzzle and send the form.
    public let lifetime: TimeInterval

    /// Creates a book whose tokens are signed with a key derived from `codeKey`.
    public init(codeKey: SymmetricKey, lifetime: TimeInterval = 600) {
        key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: codeKey, info: Data("doorstep proof-of-work v1".utf8), outputByteCount: 32)
        self.lifetime = lifetime
    }

    /// A fresh puzzle of `difficulty` bits.
    public func issue(difficulty: Int, now: Date, random: any RandomSource) -> Puzzle {
        let id = Base64URL.encode(random.bytes(16))
        let expiresAt = now.addingTimeInterval(lifetime)
        let payload = "v1|\(id)|\(difficulty)|\(Int(expiresAt.timeIntervalSince1970))"
        let token = Base64URL.encode(Data(payload.utf8)) + "." + Base64URL.encode(signature(of: payload))
        return Puzzle(id: id, difficulty: difficulty, expiresAt: expiresAt, token: token)
    }

    /// The puzzle `solution` answers, when it is this server's, still open and solved; not yet
    /// checked against the ledger (``spend(_:now:in:)`` does that).
    public func check(_ solution: PuzzleSolution, now: Date) throws(Refusal) -> Puzzle {
        let halves = solution.token.split(separator: ".", omittingEmptySubsequences: false)
        guard halves.count == 2, let payloadBytes = Base64URL.decode(String(halves[0])),
            let mac = Base64URL.decode(String(halves[1])),
            HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: payloadBytes, using: key)
        else { throw .forged }
        let fields = String(decoding: payloadBytes, as: UTF8.self).split(separator: "|").map(String.init)
        guard fields.count == 4, fields[0] == "v1", let difficulty = Int(fields[2]), let expiry = Int(fields[3]) else {
            throw .forged
        }
        let puzzle = Puzzle(
            id: fields[1], difficulty: difficulty, expiresAt: Date(timeIntervalSince1970: TimeInterval(expiry)),
            token: solution.token)
        guard now <= puzzle.expiresAt else { throw .expired }
        guard Puzzle.leadingZeroBits(Puzzle.digest(token: solution.token, nonce: solution.nonce)) >= difficulty else {
            throw .unsolved
        }
        return puzzle
    }

    /// Marks a checked puzzle spent, in the transaction of the action it lets through; a puzzle
    /// already spent, by this instance or another, is refused.
    public func spend(_ puzzle: Puzzle, now: Date, in store: any SecurityLedgerRepository) async throws {
        let since = puzzle.expiresAt.addingTimeInterval(-lifetime - 1)
        guard try await store.marks(.puzzleSolved, subject: puzzle.id, since: since).isEmpty else {
            throw Refusal.replayed
        }
        try await store.mark(
            .puzzleSolved, subject: puzzle.id, LedgerMark(at: now, weight: 1),
            forgettingBefore: now.addingTimeInterval(-lifetime))
    }

    private func signature(of payload: String) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: Data(payload.utf8), using: key))
    }
}
