import DoorstepAPI
import DoorstepServerCore

extension DoorstepAPIHandler {
    package func signInWithApple(_ input: Operations.SignInWithApple.Input) async throws
        -> Operations.SignInWithApple.Output
    {
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        let session = try await services.providers.signIn(
            provider: "apple", token: body.identityToken, rawNonce: body.rawNonce,
            authorizationCode: body.authorizationCode, firstName: body.firstName, lastName: body.lastName, meta: meta)
        return .ok(.init(body: .json(WireModels.session(session))))
    }

    package func signInWithGoogle(_ input: Operations.SignInWithGoogle.Input) async throws
        -> Operations.SignInWithGoogle.Output
    {
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        let session = try await services.providers.signIn(
            provider: "google", token: body.idToken, rawNonce: body.rawNonce, authorizationCode: nil, firstName: nil,
            lastName: nil, meta: meta)
        return .ok(.init(body: .json(WireModels.session(session))))
    }
}
