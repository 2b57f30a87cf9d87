import DoorstepServerCore
import Foundation
import Testing

@Suite("Firebase's modified scrypt")
struct FirebaseScryptTests {
    /// The example `firebase/scrypt` publishes: a project's parameters, a user's salt and password, and
    /// the hash Firebase keeps.
    static let published = try! FirebaseScrypt(
        signerKey: "jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==",
        saltSeparator: "Bw==", rounds: 8, memoryCost: 14)
    static let salt = Data(base64Encoded: "42xEC+ixf3L2lw==")!
    static let hash = Data(
        base64Encoded: "lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==")!

    @Test("Firebase's published example hashes to the published hash")
    func knownAnswer() throws {
        #expect(try Self.published.hash("user1password", salt: Self.salt) == Self.hash)
        #expect(Self.published.verify("user1password", salt: Self.salt, hash: Self.hash))
    }

    @Test("Another password, salt or signer key does not match")
    func mismatches() throws {
        #expect(!Self.published.verify("user1Password", salt: Self.salt, hash: Self.hash))
        #expect(!Self.published.verify("user1password", salt: Data(Self.salt.reversed()), hash: Self.hash))
        let otherKey = try FirebaseScrypt(
            signerKey: Data(repeating: 7, count: 64).base64EncodedString(), saltSeparator: "Bw==", rounds: 8,
            memoryCost: 14)
        #expect(!otherKey.verify("user1password", salt: Self.salt, hash: Self.hash))
    }

    @Test("Parameters that are not Firebase's are refused in one line")
    func badParameters() {
        #expect(throws: ImportError.self) {
            try FirebaseScrypt(signerKey: "not base64!", saltSeparator: "Bw==", rounds: 8, memoryCost: 14)
        }
        #expect(throws: ImportError.self) {
            try FirebaseScrypt(signerKey: "AAAA", saltSeparator: "Bw==", rounds: 0, memoryCost: 14)
        }
        #expect(throws: ImportError.self) {
            try FirebaseScrypt(signerKey: "AAAA", saltSeparator: "Bw==", rounds: 8, memoryCost: 40)
        }
    }
}
