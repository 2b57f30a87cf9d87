import DoorstepAPI
import Foundation

/// A user as the server describes them.
public typealias DoorstepUser = Components.Schemas.User

extension DoorstepClient {
    /// Whether an email has an account, and the methods it can use (identifier-first sign-in).
    public func identify(email: String) async throws -> (exists: Bool, methods: [String]) {
        switch try await send({ try await self.api.identify(body: .json(.init(email: email))) }) {
        case .ok(let ok):
            let body = try ok.body.json
            return (body.status == "existing", body.methods)
        case .default(let status, let problem): throw DoorstepError.problem(status, problem)
        }
    }

    /// The sign-in methods the server has enabled: `password`, `code`, `guest`, and `apple`, `google` and
    /// `passkey` where configured.
    public func enabledMethods() async throws -> [String] {
        switch try await send({ try await self.api.getAuthConfig() }) {
        case .ok(let ok): return try ok.body.json.methods
        case .default(let status, let problem): throw DoorstepError.problem(status, problem)
        }
    }

    /// Mails a 6-digit code for `purpose` (`signup`, `login` or `verifyEmail`).
    public func sendCode(email: String, purpose: String) async throws {
        let purpose = try Self.codePurpose(purpose)
        switch try await send({ try await self.api.sendCode(body: .json(.init(email: email, purpose: purpose))) }) {
        case .accepted: return
        case .default(let status, let problem): throw DoorstepError.problem(status, problem)
        }
    }

    /// Exchanges a code for a session; a guest signed in now is upgraded in place. A `passwordReset`
    /// code signs in to its account, and that session may then ``setPassword(_:currentPassword:)``
    /// without the current password for a few minutes.
    @discardableResult
    public func verifyCode(email: String, code: String, purpose: String) async throws -> (
        user: DoorstepUser, isNewUser: Bool
    ) {
        guard let purpose = Components.Schemas.VerifyCodeRequest.PurposePayload(rawValue: purpose) else {
            throw DoorstepError.notAnOption(
                "purpose", "The purpose must be signup, login, verifyEmail or passwordReset.")
        }
        let guestToken: String? = await authState == .signedOut ? nil : try? await validAccessToken()
        let output = try await BearerMiddleware.$token.withValue(guestToken) {
            try await send {
                try await self.api.verifyCode(body: .json(.init(email: email, code: code, purpose: purpose)))
            }
        }
        switch output {
        case .ok(let ok): return try await signedIn(try ok.body.json)
        case .default(let status, let problem): throw DoorstepError.problem(status, problem)
        }
    }

    /// Creates an account with a password; its email stays unverified until the mailed code returns.
    @discardableResult
    /// - Parameters:
    ///   - name: a full name typed in one field, instead of `firstName` and `lastName`.
    ///   - consents: the documents accepted on the sign-up form, recorded with the account.
    public func signUp(
        email: String, password: String, firstName: String? = nil, lastName: String? = nil, name: String? = nil,
        consents: [(document: String, version: String)] = []
    ) async throws -> DoorstepUser {
        let body = Components.Schemas.SignUpRequest(
            email: email, password: password, firstName: firstName, lastName: lastName, name: name,
            consents: consents.isEmpty ? nil : consents.map { .init(document: $0.document, version: $0.version) })
        switch try await send({ try await self.api.signUp(body: .json(body)) }) {
        case .created(let created): return try await signedIn(try created.body.json).user
        case .default(let status, let problem): throw DoorstepError.problem(status, problem)
        }
    }

    /// Signs in with a password.
    /// - Parameter remember: "Remember me": `false` keeps the session in memory only, never in the
    ///   token store, so the next launch of the app starts signed out.
    @discardableResult
    public func logIn(email: String, password: String, remember: Bool = true) async throws -> DoorstepUser {
        switch try await send({ try await self.api.logIn(body: .json(.init(email: email, password: password))) }) {
        case .ok(let ok): return try await signedIn(try ok.body.json, remember: remember).user
        case .default(let status, let problem): throw DoorstepError.problem(status, problem)
        }
    }

    /// Asks for a reset code; the answer never says whether the account exists.
    public func forgotPassword(email: String) async throws {
        switch try await send({ try await self.api.forgotPassword(body: .json(.init(email: email))) }) {
        case .accepted: return
        case .default(let status, let problem): throw DoorstepError.problem(status, problem)
        }
    }

    /// Sets a new password with a reset code and signs in; other sessions end.
    @discardableResult
    public func resetPassword(email: String, code: String, newPassword: String) async throws -> DoorstepUser {
        let body = Components.Schemas.ResetPasswordRequest(email: email, code: code, newPassword: newPassword)
        switch try await send({ try await self.api.resetPassword(body: .json(body)) }) {
        case .ok(let ok): return try await signedIn(try ok.body.json).user
        case .default(let status, let problem): throw DoorstepError.problem(status, problem)
        }
    }

    /// Sets or changes the signed-in user's password.
    public func setPassword(_ newPassword: String, currentPassword: String? = nil) async throws {
        try await authorized {
            switch try await self.send({
                try await self.api.setPassword(
                    body: .json(.init(newPassword: newPassword, currentPassword: currentPassword)))
            }) {
            case .noContent: return
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// Signs in as an anonymous guest.
    @discardableResult
    public func continueAsGuest() async throws -> DoorstepUser {
        switch try await send({ try await self.api.continueAsGuest() }) {
        case .created(let created): return try await signedIn(try created.body.json).user
        case .default(let status, let problem): throw DoorstepError.problem(status, problem)
        }
    }

    /// Signs in with the identity token Sign in with Apple gave the app.
    @discardableResult
    public func signInWithApple(
        identityToken: String, rawNonce: String?, authorizationCode: String?,
        firstName: String?, lastName: String?, remember: Bool = true
    ) async throws -> (user: DoorstepUser, isNewUser: Bool) {
        let body = Components.Schemas.AppleSignInRequest(
            identityToken: identityToken, rawNonce: rawNonce,
            authorizationCode: authorizationCode, firstName: firstName,
            lastName: lastName)
        switch try await send({ try await self.api.signInWithApple(body: .json(body)) }) {
        case .ok(let ok): return try await signedIn(try ok.body.json, remember: remember)
        case .default(let status, let problem): throw DoorstepError.problem(status, problem)
        }
    }

    /// Signs in with the ID token Google Sign-In gave the app.
    @discardableResult
    public func signInWithGoogle(idToken: String, rawNonce: String?, remember: Bool = true) async throws -> (
        user: DoorstepUser, isNewUser: Bool
    ) {
        switch try await send({
            try await self.api.signInWithGoogle(body: .json(.init(idToken: idToken, rawNonce: rawNonce)))
        }) {
        case .ok(let ok): return try await signedIn(try ok.body.json, remember: remember)
        case .default(let status, let problem): throw DoorstepError.problem(status, problem)
        }
    }

    /// Ends the session on the server and forgets every token here, whatever the server answers.
    public func logOut() async throws {
        defer { Task { await self.forgetSession() } }
        guard await authState != .signedOut else { return }
        _ = try? await authorized {
            switch try await self.send({ try await self.api.logOut() }) {
            case .noContent: return
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
        await forgetSession()
    }

    /// Adopts a new sign-in's session; refreshes keep whatever the sign-in chose about remembering it.
    func signedIn(_ session: Components.Schemas.Session, remember: Bool = true) async throws -> (
        user: DoorstepUser, isNewUser: Bool
    ) {
        rememberSessions(remember)
        try await adopt(session)
        return (session.user, session.isNewUser)
    }
}

extension DoorstepClient {
    static let purposeMessage = "The purpose must be signup, login or verifyEmail."

    static func codePurpose(_ raw: String) throws -> Components.Schemas.CodeRequest.PurposePayload {
        guard let purpose = Components.Schemas.CodeRequest.PurposePayload(rawValue: raw) else {
            throw DoorstepError.notAnOption("purpose", purposeMessage)
        }
        return purpose
    }
}
