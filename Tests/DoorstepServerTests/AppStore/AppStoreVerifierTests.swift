import Crypto
import DoorstepServerCore
import Foundation
import Testing
import X509

/// Signed transactions checked as Apple says, against a chain made in the test: each forgery an
/// attacker could bring is refused, with the reason the log gets.
@Suite("App Store signatures")
struct AppStoreVerifierTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    let account = UUID()

    func verifier(_ store: TestAppStore, environment: AppStoreEnvironment = .sandbox) throws -> AppStoreVerifier {
        try AppStoreVerifier(
            bundleID: "com.example.kordant", environment: environment, rootCertificates: [store.rootDER])
    }

    /// The reason a signed transaction is refused, or nil when it is accepted.
    func refusal(_ jws: String, by verifier: AppStoreVerifier) async -> String? {
        do {
            _ = try await verifier.transaction(jws, at: now)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test("Apple's root is the one published: SHA-256 63343ABF…653E9179")
    func appleRoot() throws {
        let digest = SHA256.hash(data: AppleRootCertificates.rootG3).map { String(format: "%02X", $0) }.joined()
        #expect(digest == "63343ABFB89A6A03EBB57E9B3F5FA7BE7C4F5C756F3017B3A8C488C3653E9179")
        let root = try Certificate(derEncoded: [UInt8](AppleRootCertificates.rootG3))
        #expect(root.subject.description.contains("Apple Root CA - G3"))
    }

    @Test("A transaction signed with Apple's markers to the trusted root is read as it was signed")
    func accepted() async throws {
        let store = try TestAppStore()
        let jws = try store.sign(TestAppStore.transaction(for: account, signedAt: now))
        let transaction = try await verifier(store).transaction(jws, at: now)
        #expect(transaction.appAccountToken == account.uuidString)
        #expect(transaction.productId == "com.example.kordant.premium.monthly")
    }

    @Test("A chain of two or of four certificates is refused")
    func chainLength() async throws {
        let store = try TestAppStore()
        let transaction = TestAppStore.transaction(for: account, signedAt: now)
        let short = try store.sign(transaction, chain: [store.leaf.certificate, store.intermediate.certificate])
        #expect(await refusal(short, by: try verifier(store)) == "the x5c chain has 2 certificates, not 3")
        let long = try store.sign(
            transaction,
            chain: [
                store.leaf.certificate, store.intermediate.certificate, store.root.certificate, store.root.certificate,
            ])
        #expect(await refusal(long, by: try verifier(store)) == "the x5c chain has 4 certificates, not 3")
    }

    @Test("A signing certificate or intermediate without Apple's marker is refused, though it chains to the root")
    func markers() async throws {
        let transaction = TestAppStore.transaction(for: account, signedAt: now)
        for store in [try TestAppStore(leafMarked: false), try TestAppStore(intermediateMarked: false)] {
            let jws = try store.sign(transaction)
            #expect(
                await refusal(jws, by: try verifier(store))?.hasPrefix("the signature or its chain is not Apple's")
                    == true)
        }
    }

    @Test("A chain to another root, and a payload changed after signing, are refused")
    func forgeries() async throws {
        let store = try TestAppStore()
        let other = try TestAppStore()
        let jws = try other.sign(TestAppStore.transaction(for: account, signedAt: now))
        #expect(
            await refusal(jws, by: try verifier(store))?.hasPrefix("the signature or its chain is not Apple's") == true)
        let genuine = try store.sign(TestAppStore.transaction(for: account, signedAt: now))
        var parts = genuine.split(separator: ".").map(String.init)
        let forged = TestAppStore.transaction(for: UUID(), signedAt: now)
        parts[1] = try JSONEncoder().encode(forged).base64URLEncoded
        #expect(
            await refusal(parts.joined(separator: "."), by: try verifier(store))?
                .hasPrefix("the signature or its chain is not Apple's") == true)
    }

    @Test("Another app's transaction, or one from the other environment, is refused")
    func bundleAndEnvironment() async throws {
        let store = try TestAppStore()
        let otherApp = try store.sign(
            TestAppStore.transaction(for: account, signedAt: now, bundleID: "com.example.other"))
        #expect(
            await refusal(otherApp, by: try verifier(store))
                == "the transaction is for com.example.other, not com.example.kordant")
        let sandbox = try store.sign(TestAppStore.transaction(for: account, signedAt: now))
        #expect(
            await refusal(sandbox, by: try verifier(store, environment: .production))
                == "the transaction is from Sandbox, not Production")
    }

    @Test("A chain whose certificates have expired is refused")
    func expired() async throws {
        let store = try TestAppStore()
        let jws = try store.sign(TestAppStore.transaction(for: account, signedAt: now))
        do {
            _ = try await verifier(store).transaction(jws, at: TestAppStore.validUntil.addingTimeInterval(1))
            Issue.record("an expired chain was accepted")
        } catch let error as AppStoreVerificationError {
            #expect(error.reason.hasPrefix("the signature or its chain is not Apple's"))
        }
    }
}
