import DoorstepAPI
import DoorstepServerCore
import Foundation

extension DoorstepAPIHandler {
    package func createAttestationChallenge(
        _ input: Operations.CreateAttestationChallenge.Input
    ) async throws -> Operations.CreateAttestationChallenge.Output {
        let issued = try await requireAppAttest().issueChallenge()
        return .created(.init(body: .json(.init(challenge: issued.challenge, expiresIn: issued.expiresIn))))
    }

    package func attestDevice(_ input: Operations.AttestDevice.Input) async throws -> Operations.AttestDevice.Output {
        let appAttest = try requireAppAttest()
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        let key = try await appAttest.attest(
            keyID: body.keyId, attestationObject: body.attestationObject, challenge: body.challenge)
        return .created(.init(body: .json(.init(keyId: key.id, environment: key.environment))))
    }

    /// Lets a protected action go on, or refuses it as the policy says, by the proof the request carries.
    func requireProof(for action: ProtectedAction) async throws {
        try await proofs.check(action, proof: HumanProofMiddleware.current)
    }

    /// App Attest, or 404 when the server lists no app.
    private func requireAppAttest() throws -> AppAttestService {
        guard let appAttest = proofs.appAttest else { throw AppAttestError.disabled }
        return appAttest
    }
}
