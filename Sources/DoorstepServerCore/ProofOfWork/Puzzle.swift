import Crypto
import Foundation

/// A proof-of-work puzzle a browser solves before an action a script could repeat (a sign-up, a
/// code mailed): find a `nonce` such that SHA-256 of `token.nonce` starts with `difficulty` zero bits.
/// The token carries everything the server needs to check a solution, signed with a key derived from
/// the server's code key, so no instance stores puzzles it hands out; a solved one is marked spent
/// in the security ledger every instance shares.
public struct Puzzle: Sendable, Hashable {
    /// Random; names the puzzle in the ledger once it is spent.
    public var id: String
    /// How many leading zero bits the solution's hash needs: each one doubles the work.
    public var difficulty: Int
    /// The last moment a solution is taken.
    public var expiresAt: Date
    /// What the browser solves and sends back: the fields above and their signature.
    public var token: String

    /// The hash a solution is judged by.
    static func digest(token: String, nonce: String) -> SHA256.Digest {
        SHA256.hash(data: Data("\(token).\(nonce)".utf8))
    }

    /// How many zero bits `digest` starts with.
    static func leadingZeroBits(_ digest: SHA256.Digest) -> Int {
        var bits = 0
        for byte in digest {
            if byte == 0 {
                bits += 8
                continue
            }
            return bits + byte.leadingZeroBitCount
        }
        return bits
    }
}

/// A browser's answer to a puzzle, as its form sends it: `token` and `nonce`, joined by a space.
public struct PuzzleSolution: Sendable, Hashable {
    /// The puzzle's token, as the server signed it.
    public var token: String
    /// The number the browser found, in decimal.
    public var nonce: String

    /// Creates a solution.
    public init(token: String, nonce: String) {
        self.token = token
        self.nonce = nonce
    }

    /// Reads `token nonce`; nil when the text is not of that shape.
    public init?(formValue: String) {
        let parts = formValue.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].count <= 20, UInt64(parts[1]) != nil else { return nil }
        self.init(token: String(parts[0]), nonce: String(parts[1]))
    }
}
