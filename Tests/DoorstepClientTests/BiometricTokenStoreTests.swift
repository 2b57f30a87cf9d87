import DoorstepClient
import Foundation
import Testing

/// Face ID sign-in: the protected copy follows every refresh, opens only after Face ID, and goes with
/// the setting and with sign-out.
@Suite("Biometric token store")
struct BiometricTokenStoreTests {
    /// A protected item in memory that answers Face ID as told and counts the prompts.
    actor FakeProtectedItem: ProtectedSessionItem {
        var session: StoredSession?
        /// The item exists but no longer opens, as after a new face is enrolled.
        var isInvalidated = false
        var recognises = true
        var prompts = 0

        init(_ session: StoredSession? = nil) { self.session = session }

        func setRecognises(_ value: Bool) { recognises = value }
        func invalidate() {
            session = nil
            isInvalidated = true
        }

        func exists() -> Bool { session != nil || isInvalidated }
        func write(_ session: StoredSession) { self.session = session }
        func delete() {
            session = nil
            isInvalidated = false
        }
        func read(afterAuthenticating reason: String) -> ProtectedRead {
            prompts += 1
            return recognises ? .granted(session) : .declined
        }
    }

    func session(_ refreshToken: String) -> StoredSession {
        StoredSession(
            accessToken: "access-\(refreshToken)", refreshToken: refreshToken,
            accessTokenExpiresAt: Date(timeIntervalSince1970: 1_800_000_000), userID: "u1", isGuest: false)
    }

    @Test("While on, the readable store holds no token and every refresh rewrites the protected item")
    func onlyTheProtectedItemHoldsTheSession() async throws {
        let primary = InMemoryTokenStore(session("r1"))
        let item = FakeProtectedItem()
        let store = BiometricTokenStore(primary, protected: item)
        #expect(await store.enable())
        #expect(try await primary.load() == nil, "no readable copy once Face ID protects the session")
        #expect(try await store.load()?.refreshToken == "r1", "the client goes on in this launch")
        try await store.save(session("r2"))
        #expect(await item.session?.refreshToken == "r2")
        #expect(try await primary.load() == nil, "a refresh is not written where it could be read")
    }

    @Test("While off, saving never creates a protected copy")
    func offStaysOff() async throws {
        let item = FakeProtectedItem()
        let store = BiometricTokenStore(InMemoryTokenStore(), protected: item)
        try await store.save(session("r1"))
        #expect(await item.session == nil)
        #expect(await store.isEnabled == false)
        #expect(try await store.load()?.refreshToken == "r1")
    }

    @Test("Enabling without a session protects nothing")
    func enableNeedsSession() async {
        let store = BiometricTokenStore(InMemoryTokenStore(), protected: FakeProtectedItem())
        #expect(await store.enable() == false)
        #expect(await store.isEnabled == false)
    }

    @Test("At launch the client has no session until Face ID recognises the person, and then only in memory")
    func unlockAfterFaceID() async throws {
        let primary = InMemoryTokenStore()
        let item = FakeProtectedItem(session("r7"))
        let store = BiometricTokenStore(primary, protected: item)
        #expect(try await store.load() == nil, "locked: nothing to sign in with")
        await item.setRecognises(false)
        #expect(await store.unlock(reason: "Unlock") == .declined)
        #expect(try await store.load() == nil)
        await item.setRecognises(true)
        #expect(await store.unlock(reason: "Unlock") == .unlocked)
        #expect(try await store.load()?.refreshToken == "r7")
        #expect(try await primary.load() == nil, "never copied where it could be read")
        #expect(await item.prompts == 2)
    }

    @Test("With Face ID sign-in off, launch asks for nothing")
    func unlockWhenOff() async {
        let item = FakeProtectedItem()
        let store = BiometricTokenStore(InMemoryTokenStore(session("r1")), protected: item)
        #expect(await store.unlock(reason: "Unlock") == .notEnabled)
        #expect(await item.prompts == 0)
    }

    @Test("An item a new enrolment invalidated is deleted and leaves the person signed out, with no copy")
    func invalidatedItem() async throws {
        let item = FakeProtectedItem()
        await item.invalidate()
        let store = BiometricTokenStore(InMemoryTokenStore(), protected: item)
        #expect(await store.unlock(reason: "Unlock") == .invalidated)
        #expect(await store.isEnabled == false)
        #expect(try await store.load() == nil, "signed out: a code or the password signs in again")
    }

    @Test("Turning it off puts an unlocked session back in the readable store; signing out deletes everything")
    func offAndSignOut() async throws {
        let primary = InMemoryTokenStore(session("r1"))
        let item = FakeProtectedItem()
        let store = BiometricTokenStore(primary, protected: item)
        #expect(await store.enable())
        await store.disable()
        #expect(await item.session == nil)
        #expect(try await primary.load()?.refreshToken == "r1")
        #expect(await store.enable())
        try await store.clear()
        #expect(await item.session == nil)
        #expect(try await primary.load() == nil)
        #expect(try await store.load() == nil)
    }
}
