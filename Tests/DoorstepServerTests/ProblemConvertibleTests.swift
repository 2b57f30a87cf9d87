import Foundation
import Testing

@testable import DoorstepServerCore

@Suite("One error vocabulary: every surface states a refusal the same way")
struct ProblemConvertibleTests {
    @Test("An address taken in a race is email_taken, as the check before the write says; an absent database is 503")
    func storageRefusals() {
        #expect(StorageError.duplicateEmail.serviceError == ServiceError.emailTaken)
        #expect(StorageError.duplicatePasskey.serviceError == PasskeyError.alreadyRegistered.serviceError)
        let away = StorageError.unavailable("connection refused").serviceError
        #expect(away.status == 503 && away.code == .unavailable)
        #expect(!away.detail.contains("connection refused"), "the reason is logged, not told")
    }

    @Test("Every error a person can meet converts through the one protocol")
    func everyKind() {
        let errors: [any Error] = [
            ServiceError.emailTaken, HashingBusy(retryAfter: 2), PasskeyError.challengeInvalid,
            StorageError.duplicateEmail,
        ]
        let codes = errors.compactMap { ($0 as? any ProblemConvertible)?.serviceError.code }
        #expect(codes == [.emailTaken, .rateLimited, .passkeyChallengeInvalid, .emailTaken])
    }
}
