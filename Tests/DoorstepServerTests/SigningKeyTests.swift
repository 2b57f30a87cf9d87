import Crypto
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import JWTKit
import Testing

@Suite("Signing keys in the store")
struct SigningKeyTests {
    let start = Date(timeIntervalSince1970: 1_790_000_000)

    /// The `kid` in a token's header.
    func keyID(of token: String) throws -> String? {
        let header = try #require(token.split(separator: ".").first)
        var base64 = header.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        let json = try JSONSerialization.jsonObject(with: try #require(Data(base64Encoded: base64)))
        return (json as? [String: Any])?["kid"] as? String
    }

    @Test("A new key is published at once, signs after the delay; the old one verifies until its tokens expire")
    func rotation() async throws {
        let storage = MemoryStorage()
        let store = ServerKeyStore(storage: storage, encryptionKey: nil)
        let first = try await store.load(at: start)
        let policy = KeyRotationPolicy()
        let tokens = await AccessTokens(keys: first, issuer: "doorstep", audience: "doorstep-app", rotation: policy)
        let oldID = try #require(first.signingKeys.first?.id)
        let user = UUID()
        let session = UUID()

        let rotatedAt = start + 3_600
        let new = try await store.rotate(at: rotatedAt)
        await tokens.install(try await store.signingKeys())
        #expect(tokens.publicKeys.map(\.keyID) == [oldID, new.id], "both published")
        let beforeDelay = try await tokens.issue(userID: user, sessionID: session, now: rotatedAt + 299)
        #expect(try keyID(of: beforeDelay) == oldID, "the new key waits until caches have seen it")
        let lastOfOld = try await tokens.issue(userID: user, sessionID: session, now: rotatedAt + 299)
        let afterDelay = try await tokens.issue(userID: user, sessionID: session, now: rotatedAt + 300)
        #expect(try keyID(of: afterDelay) == new.id)

        #expect(try await store.retire(at: rotatedAt + 300 + 900, policy: policy).isEmpty, "tokens of the old key live")
        #expect(try await tokens.verify(lastOfOld, now: rotatedAt + 299 + 899).userID == user)
        let retired = try await store.retire(at: rotatedAt + 300 + 900 + 60, policy: policy)
        #expect(retired.map(\.id) == [oldID])
        await tokens.install(try await store.signingKeys())
        #expect(tokens.publicKeys.map(\.keyID) == [new.id])
        #expect(try await tokens.verify(afterDelay, now: rotatedAt + 301).userID == user)

        let restarted = try await store.load(at: rotatedAt + 7_200)
        #expect(restarted.signingKeys.map(\.id) == [new.id], "a restart keeps the keys")
        #expect(restarted.codeKey == first.codeKey)
    }

    @Test("With a key-encryption key no private key is stored in the clear; without it or with another, loading fails")
    func sealing() async throws {
        let storage = MemoryStorage()
        let clear = try await ServerKeyStore(storage: storage, encryptionKey: nil).load(at: start)
        let storedClear = try await storage.read { try await $0.signingKeys() }
        #expect(storedClear.allSatisfy { !$0.isSealed && $0.material.contains("PRIVATE KEY") })

        let encryptionKey = SymmetricKey(size: .bits256)
        let sealed = try await ServerKeyStore(storage: storage, encryptionKey: encryptionKey).load(at: start)
        #expect(sealed.signingKeys.map(\.id) == clear.signingKeys.map(\.id), "the same keys, now sealed")
        #expect(sealed.codeKey == clear.codeKey)
        let records = try await storage.read { store in
            (try await store.signingKeys(), try await store.serverSecret(name: "code"))
        }
        #expect(records.0.allSatisfy { $0.isSealed && !$0.material.contains("PRIVATE KEY") })
        let clearCode = clear.codeKey.withUnsafeBytes { Data(Array($0)).base64EncodedString() }
        #expect(records.1?.isSealed == true && records.1?.material != clearCode)

        await #expect(throws: KeyStoreError.sealedWithoutKey) {
            _ = try await ServerKeyStore(storage: storage, encryptionKey: nil).load(at: start)
        }
        await #expect(throws: KeyStoreError.wrongEncryptionKey) {
            _ = try await ServerKeyStore(storage: storage, encryptionKey: SymmetricKey(size: .bits256)).load(at: start)
        }
        #expect(throws: KeyStoreError.badEncryptionKey) { try ServerKeyStore.encryptionKey(base64: "c2hvcnQ=") }
    }
}
