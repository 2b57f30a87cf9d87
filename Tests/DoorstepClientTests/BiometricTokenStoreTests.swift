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

    @Test("While on, every refresh rewrites the protected copy, so Face ID never restores a rotated token")
    func refreshKeepsProtectedCopyCurrent() async throws {
        let item = FakeProtectedItem()
        let store = BiometricTokenStore(InMemoryTokenStore(session("r1")), protected: item)
        #expect(await store.enable())
        try await store.save(session("r2"))
        #expect(await item.session?.refreshToken == "r2")
    }

    @Test("While off, saving never creates a protected copy")
    func offStaysOff() async throws {
        let item = FakeProtectedItem()
        let store = BiometricTokenStore(InMemoryTokenStore(), protected: item)
        try await store.save(session("r1"))
        #expect(await item.session == nil)
        #expect(await store.isEnabled == false)
    }

    @Test("Enabling without a session protects nothing")
    func enableNeedsSession() async {
        let store = BiometricTokenStore(InMemoryTokenStore(), protected: FakeProtectedItem())
        #expect(await store.enable() == false)
        #expect(await store.isEnabled == false)
    }

    @Test("At launch the protected session becomes the client's only after Face ID recognises the person")
    func unlockAfterFaceID() async throws {
        let primary = InMemoryTokenStore()
        let item = FakeProtectedItem(session("r7"))
        let store = BiometricTokenStore(primary, protected: item)
        await item.setRecognises(false)
        #expect(await store.unlock(reason: "Unlock") == .declined)
        #expect(try await primary.load() == nil)
        await item.setRecognises(true)
        #expect(await store.unlock(reason: "Unlock") == .unlocked)
        #expect(try await primary.load()?.refreshToken == "r7")
        #expect(await item.prompts == 2)
    }

    @Test("With Face ID sign-in off, launch asks for nothing")
    func unlockWhenOff() async {
        let item = FakeProtectedItem()
        let store = BiometricTokenStore(InMemoryTokenStore(session("r1")), protected: item)
        #expect(await store.unlock(reason: "Unlock") == .notEnabled)
        #expect(await item.prompts == 0)
    }

    @Test("An item a new enrolment invalidated is deleted, and Face ID sign-in is off")
    func invalidatedItem() async {
        let item = FakeProtectedItem()
        await item.invalidate()
        let store = BiometricTokenStore(InMemoryTokenStore(), protected: item)
        #expect(await store.unlock(reason: "Unlock") == .invalidated)
        #expect(await store.isEnabled == false)
    }

    @Test("The setting turns it off and deletes the protected copy; signing out deletes both")
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
    }
}
