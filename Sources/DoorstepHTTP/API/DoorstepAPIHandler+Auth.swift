import DoorstepAPI
import DoorstepServerCore
import Foundation

extension DoorstepAPIHandler {
    package func identify(_ input: Operations.Identify.Input) async throws -> Operations.Identify.Output {
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        let answer = try await services.auth.signIn.identify(email: body.email)
        return .ok(
            .init(
                body: .json(
                    .init(
                        email: answer.email, status: answer.exists ? "existing" : "new",
                        methods: answer.methods))))
    }

    package func sendCode(_ input: Operations.SendCode.Input) async throws -> Operations.SendCode.Output {
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        try await requireProof(for: .codeSend)
        let sent = try await services.auth.codes.sendCode(
            email: body.email, purpose: CodePurpose(rawValue: body.purpose.rawValue), language: meta.language)
        return .accepted(.init(body: .json(.init(expiresIn: sent.expiresIn, resendAfter: sent.resendAfter))))
    }

    package func verifyCode(_ input: Operations.VerifyCode.Input) async throws -> Operations.VerifyCode.Output {
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        let session = try await services.auth.signIn.verifyCode(
            email: body.email, code: body.code,
            purpose: CodePurpose(rawValue: body.purpose.rawValue), meta: meta)
        return .ok(.init(body: .json(WireModels.session(session))))
    }

    package func signUp(_ input: Operations.SignUp.Input) async throws -> Operations.SignUp.Output {
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        try await requireProof(for: .signUp)
        let session = try await services.auth.signIn.signUp(
            email: body.email, password: body.password, firstName: body.firstName, lastName: body.lastName,
            name: body.name, consents: (body.consents ?? []).map { ($0.document, $0.version) }, meta: meta)
        return .created(.init(body: .json(WireModels.session(session))))
    }

    package func logIn(_ input: Operations.LogIn.Input) async throws -> Operations.LogIn.Output {
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        try await requireProof(for: .passwordLogIn)
        let session = try await services.auth.signIn.logIn(email: body.email, password: body.password, meta: meta)
        return .ok(.init(body: .json(WireModels.session(session))))
    }

    package func forgotPassword(_ input: Operations.ForgotPassword.Input) async throws
        -> Operations.ForgotPassword.Output
    {
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        try await requireProof(for: .codeSend)
        let sent = try await services.auth.passwords.forgotPassword(email: body.email, language: meta.language)
        return .accepted(.init(body: .json(.init(expiresIn: sent.expiresIn, resendAfter: sent.resendAfter))))
    }

    package func resetPassword(_ input: Operations.ResetPassword.Input) async throws -> Operations.ResetPassword.Output
    {
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        let session = try await services.auth.passwords.resetPassword(
            email: body.email, code: body.code, newPassword: body.newPassword,
            meta: meta)
        return .ok(.init(body: .json(WireModels.session(session))))
    }

    package func setPassword(_ input: Operations.SetPassword.Input) async throws -> Operations.SetPassword.Output {
        let caller = try await caller()
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        try await services.auth.passwords.setPassword(
            newPassword: body.newPassword, currentPassword: body.currentPassword, caller: caller)
        return .noContent(.init())
    }

    package func reauthenticate(_ input: Operations.Reauthenticate.Input) async throws
        -> Operations.Reauthenticate.Output
    {
        let caller = try await caller()
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        try await services.auth.recentSignIn.reauthenticate(
            password: body.password, code: body.code, secondFactorCode: body.mfaCode, caller: caller)
        return .noContent(.init())
    }

    package func refreshToken(_ input: Operations.RefreshToken.Input) async throws -> Operations.RefreshToken.Output {
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        return .ok(
            .init(
                body: .json(
                    WireModels.session(try await services.auth.sessions.refresh(refreshToken: body.refreshToken)))))
    }

    package func logOut(_ input: Operations.LogOut.Input) async throws -> Operations.LogOut.Output {
        try await services.auth.sessions.logOut(try await caller())
        return .noContent(.init())
    }

    package func continueAsGuest(_ input: Operations.ContinueAsGuest.Input) async throws
        -> Operations.ContinueAsGuest.Output
    {
        try await requireProof(for: .guest)
        return .created(
            .init(body: .json(WireModels.session(try await services.auth.signIn.continueAsGuest(meta: meta)))))
    }

    package func listSessions(_ input: Operations.ListSessions.Input) async throws -> Operations.ListSessions.Output {
        let sessions = try await services.auth.sessions.sessions(try await caller())
        return .ok(
            .init(
                body: .json(
                    sessions.map { session in
                        Components.Schemas.SessionInfo(
                            id: session.id.lowercasedText, createdAt: session.createdAt,
                            lastUsedAt: session.lastUsedAt,
                            userAgent: session.userAgent, deviceName: session.deviceName,
                            deviceModel: session.deviceModel, device: session.device, current: session.isCurrent)
                    })))
    }

    package func revokeSession(_ input: Operations.RevokeSession.Input) async throws -> Operations.RevokeSession.Output
    {
        try await services.auth.sessions.revokeSession(id: input.path.id, caller: try await caller())
        return .noContent(.init())
    }
}
