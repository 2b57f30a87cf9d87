import DoorstepServerCore
import Foundation
import Hummingbird
import Logging
import OpenAPIRuntime

/// Turns every error into `application/problem+json` with a stable code. Errors the contract names
/// keep their status; a failure nobody anticipated is logged with its cause and answered with a
/// plain 500 that reveals nothing. A path that exists asked with a method it does not serve is
/// answered 405 with `Allow`.
package struct ProblemMiddleware: RouterMiddleware {
    package typealias Context = DoorstepRequestContext
    let logger: Logger
    let routes: RouteIndex

    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            if error is CancellationError { throw error }
            if let error = error as? HTTPError, error.status == .notFound {
                let allowed = routes.allowedMethods(at: request.uri.path)
                if !allowed.isEmpty, !allowed.contains(request.method.rawValue) {
                    return Self.methodNotAllowed(allowed)
                }
            }
            let language = ServerMessages.language(for: FunnelLanguage.preferred(by: request))
            return Problem.response(for: serviceError(for: error, request: request), language: language)
        }
    }

    func serviceError(for error: any Error, request: Request) -> ServiceError {
        switch error {
        case let error as StorageError:
            return storageError(error)
        case let error as any ProblemConvertible:
            return error.serviceError
        case let error as ServerError:
            if let underlying = error.underlyingError as? StorageError { return storageError(underlying) }
            if let underlying = error.underlyingError as? any ProblemConvertible { return underlying.serviceError }
            if let decoding = error.underlyingError as? DecodingError {
                // Without a body, what did not decode was a path or query parameter.
                let detail =
                    error.requestBody == nil ? "A parameter of the request is not valid." : Self.describe(decoding)
                return ServiceError(status: 400, code: .malformedRequest, detail: detail)
            }
            if Self.isInternal(error.underlyingError) { return unexpected(error.underlyingError, request: request) }
            return ServiceError(status: 400, code: .malformedRequest, detail: "The request could not be read.")
        case let error as HTTPError:
            return httpError(error)
        default:
            return unexpected(error, request: request)
        }
    }

    static func methodNotAllowed(_ allowed: [String]) -> Response {
        var response = Problem.response(
            for: ServiceError(status: 405, code: .methodNotAllowed, detail: "This method is not allowed here."))
        response.headers[.allow] = allowed.joined(separator: ", ")
        return response
    }

    private func httpError(_ error: HTTPError) -> ServiceError {
        switch error.status {
        case .notFound: return .notFound
        case .methodNotAllowed:
            return ServiceError(status: 405, code: .methodNotAllowed, detail: "This method is not allowed here.")
        case .contentTooLarge: return RequestBodyMiddleware.tooLarge
        case .unsupportedMediaType: return RequestBodyMiddleware.unsupported
        default:
            if error.status.code >= 500 { return unexpected(error, request: nil) }
            return ServiceError(status: error.status.code, code: .malformedRequest, detail: error.status.reasonPhrase)
        }
    }

    /// A storage error as the contract states it; a database that is away is logged with its reason.
    private func storageError(_ error: StorageError) -> ServiceError {
        if case .unavailable(let reason) = error {
            logger.error("storage unavailable", metadata: ["reason": "\(reason)"])
        }
        return error.serviceError
    }

    private func unexpected(_ error: any Error, request: Request?) -> ServiceError {
        logger.error(
            "unexpected error",
            metadata: [
                "error": "\(String(reflecting: error))", "path": "\(request?.uri.path ?? "-")",
            ])
        return ServiceError(status: 500, code: "internal_error", detail: "Something went wrong on our side.")
    }

    /// Errors raised by the handlers themselves rather than by reading the request.
    private static func isInternal(_ error: any Error) -> Bool {
        !(String(describing: type(of: error)).contains("RuntimeError"))
    }

    /// Where and why a body did not decode, without echoing its content.
    static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return "body" + text
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])) is missing."
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context.codingPath)) has the wrong type."
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "The body is not valid JSON." : "\(path(context.codingPath)) is not valid."
        @unknown default:
            return "The body could not be read."
        }
    }

    /// Creates it from its parts.
    package init(logger: Logger, routes: RouteIndex) {
        self.logger = logger
        self.routes = routes
    }
}
