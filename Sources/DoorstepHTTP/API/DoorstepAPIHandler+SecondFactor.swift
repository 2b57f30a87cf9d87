import DoorstepAPI
import DoorstepServerCore
import Foundation

extension DoorstepAPIHandler {
    package func completeSecondFactor(
        _ input: Operations.CompleteSecondFactor.Input
    ) async throws -> Operations.CompleteSecondFactor.Output {
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        let session = try await services.auth.secondFactor.completeSecondFactor(
            challenge: body.challenge, code: body.code, meta: meta)
        return .ok(.init(body: .json(WireModels.session(session))))
    }

    package func getSecondFactor(_ input: Operations.GetSecondFactor.Input) async throws
        -> Operations.GetSecondFactor.Output
    {
        let status = try await services.auth.secondFactor.secondFactorStatus(try await caller())
        return .ok(.init(body: .json(.init(enabled: status.enabled, recoveryCodesLeft: status.recoveryCodesLeft))))
    }

    package func beginSecondFactor(
        _ input: Operations.BeginSecondFactor.Input
    ) async throws -> Operations.BeginSecondFactor.Output {
        let enrolment = try await services.auth.secondFactor.beginSecondFactorEnrolment(
            try await caller(), issuer: services.secondFactorIssuer)
        return .created(
            .init(
                body: .json(
                    .init(
                        secret: enrolment.secret, provisioningUrl: enrolment.provisioningURL,
                        qrCodeSvg: enrolment.qrCodeSVG, recoveryCodes: enrolment.recoveryCodes))))
    }

    package func confirmSecondFactor(
        _ input: Operations.ConfirmSecondFactor.Input
    ) async throws -> Operations.ConfirmSecondFactor.Output {
        let caller = try await caller()
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        try await services.auth.secondFactor.confirmSecondFactor(caller, code: body.code)
        return .noContent(.init())
    }

    package func disableSecondFactor(
        _ input: Operations.DisableSecondFactor.Input
    ) async throws -> Operations.DisableSecondFactor.Output {
        let caller = try await caller()
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        try await services.auth.secondFactor.disableSecondFactor(caller, code: body.code)
        return .noContent(.init())
    }
}
