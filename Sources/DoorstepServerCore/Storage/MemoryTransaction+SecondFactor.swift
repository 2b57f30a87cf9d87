import Foundation

extension MemoryTransaction {
    func secondFactor(userID: UUID) async throws -> SecondFactorRecord? {
        state.withLock { $0.secondFactors[userID] }
    }

    func saveSecondFactor(_ factor: SecondFactorRecord) async throws {
        state.withLock { $0.secondFactors[factor.userID] = factor }
    }

    func deleteSecondFactor(userID: UUID) async throws {
        state.withLock { state in
            state.secondFactors[userID] = nil
            state.recoveryCodes[userID] = nil
        }
    }

    func replaceRecoveryCodes(userID: UUID, hashes: [String]) async throws {
        state.withLock { $0.recoveryCodes[userID] = Dictionary(uniqueKeysWithValues: hashes.map { ($0, false) }) }
    }

    func useRecoveryCode(userID: UUID, hash: String, at date: Date) async throws -> Bool {
        state.withLock { state in
            guard state.recoveryCodes[userID]?[hash] == false else { return false }
            state.recoveryCodes[userID]?[hash] = true
            return true
        }
    }

    func unusedRecoveryCodes(userID: UUID) async throws -> Int {
        state.withLock { ($0.recoveryCodes[userID] ?? [:]).values.filter { !$0 }.count }
    }

    func insertSecondFactorChallenge(_ challenge: SecondFactorChallengeRecord) async throws {
        state.withLock { $0.secondFactorChallenges[challenge.hash] = challenge }
    }

    func secondFactorChallenge(hash: String) async throws -> SecondFactorChallengeRecord? {
        state.withLock { $0.secondFactorChallenges[hash] }
    }

    func updateSecondFactorChallenge(_ challenge: SecondFactorChallengeRecord) async throws {
        state.withLock { state in
            if state.secondFactorChallenges[challenge.hash] != nil {
                state.secondFactorChallenges[challenge.hash] = challenge
            }
        }
    }

    func deleteSecondFactorChallenge(hash: String, expiredBefore date: Date) async throws {
        state.withLock { state in
            state.secondFactorChallenges[hash] = nil
            state.secondFactorChallenges = state.secondFactorChallenges.filter { $0.value.expiresAt >= date }
        }
    }

    func deleteSecondFactorChallenges(userID: UUID) async throws -> Int {
        state.withLock { state in
            let before = state.secondFactorChallenges.count
            state.secondFactorChallenges = state.secondFactorChallenges.filter { $0.value.userID != userID }
            return before - state.secondFactorChallenges.count
        }
    }
}
