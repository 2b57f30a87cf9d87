import DoorstepAPI
import DoorstepServerCore
import Foundation
import OpenAPIRuntime

/// Implements the generated API: reads the typed request, calls the services, writes the typed
/// answer. Errors are thrown and rendered by ``ProblemMiddleware``.
///
/// A class: the generated routes copy their handler into every request, and a reference is one
/// retain where a struct of services was dozens (a tenth of the server's CPU on `GET /v1/me`).
package final class DoorstepAPIHandler: APIProtocol, Sendable {
    let services: ServerServices
    let storage: any Storage
    let mailbox: DevMailbox?
    /// Reading the dev mailbox first delivers what the outbox holds, so it shows every mail written.
    let outbox: MailOutbox
    /// The catalog's flows in the languages they ship, for clients that send `Accept-Language`.
    let translations: FlowTranslations
    /// What sign-up, code sends, guests and password log-ins ask of a request's proof, and App Attest.
    let proofs: HumanProofGate

    var meta: RequestMeta {
        RequestMeta(
            userAgent: RequestInfo.current.userAgent, bearerToken: RequestInfo.current.bearerToken,
            device: RequestInfo.current.device, languages: RequestInfo.current.preferredLanguages)
    }

    /// The signed-in caller, or 401.
    func caller() async throws -> Caller {
        guard let token = RequestInfo.current.bearerToken, !token.isEmpty else { throw ServiceError.unauthenticated }
        let caller = try await services.auth.sessions.authenticate(bearer: token)
        RequestTrace.current?.record(userID: caller.userID.lowercasedText)
        return caller
    }

    package func health(_ input: Operations.Health.Input) async throws -> Operations.Health.Output {
        guard await storage.isHealthy() else {
            throw ServiceError(status: 503, code: .unavailable, detail: "The database is not reachable.")
        }
        return .ok(.init(body: .json(.init(status: "ok"))))
    }

    package func getAuthConfig(_ input: Operations.GetAuthConfig.Input) async throws -> Operations.GetAuthConfig.Output
    {
        let policy = services.auth.policy
        return .ok(
            .init(
                body: .json(
                    .init(
                        codeLength: policy.codeLength, codeLifetime: Int(policy.codeLifetime),
                        resendAfter: Int(policy.resendAfter),
                        password: .init(minLength: 8, maxLength: 128),
                        methods: ["password", "code", "guest"] + services.providers.enabledProviders
                            + (services.passkeys == nil ? [] : ["passkey"]),
                        identifierFirst: policy.identifyEnabled))))
    }

    package func getMe(_ input: Operations.GetMe.Input) async throws -> Operations.GetMe.Output {
        guard let token = RequestInfo.current.bearerToken, !token.isEmpty else { throw ServiceError.unauthenticated }
        let user = try await services.auth.sessions.signedInUser(bearer: token)
        RequestTrace.current?.record(userID: user.id.lowercasedText)
        return .ok(.init(body: .json(WireModels.user(user))))
    }

    /// Creates it from its parts.
    package init(
        services: ServerServices, storage: any Storage, mailbox: DevMailbox?, outbox: MailOutbox,
        translations: FlowTranslations, proofs: HumanProofGate
    ) {
        self.services = services
        self.storage = storage
        self.mailbox = mailbox
        self.outbox = outbox
        self.translations = translations
        self.proofs = proofs
    }
}

/// Conversions from service values to wire types.
enum WireModels {
    static func user(_ user: UserRecord) -> Components.Schemas.User {
        Components.Schemas.User(
            id: user.id.lowercasedText, email: user.email, emailVerified: user.emailVerified,
            firstName: user.firstName, lastName: user.lastName, name: user.displayName,
            avatarUrl: user.avatarID.map { "/v1/avatars/\($0)" }, isGuest: user.isGuest, providers: user.providers,
            hasPassword: user.passwordHash != nil, createdAt: user.createdAt)
    }

    static func session(_ session: AuthSession) -> Components.Schemas.Session {
        Components.Schemas.Session(
            accessToken: session.accessToken, refreshToken: session.refreshToken, expiresIn: session.expiresIn,
            user: user(session.user), isNewUser: session.isNewUser)
    }
}

/// The JSON body of a request, or 400 when it is missing.
func jsonBody<Body>(_ body: Body?) throws -> Body {
    guard let body else {
        throw ServiceError(status: 400, code: .malformedRequest, detail: "The request needs a JSON body.")
    }
    return body
}
