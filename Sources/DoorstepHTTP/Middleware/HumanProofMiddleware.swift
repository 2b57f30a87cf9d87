import DoorstepServerCore
import HTTPTypes
import Hummingbird

/// Reads the proof a request carries — today an App Attest assertion in `Doorstep-App-Assertion` —
/// with the hash of its body (read whole by ``RequestBodyMiddleware`` before), for the handlers of
/// protected actions to check against the policy. A header that cannot be read is kept as such, so
/// the policy, not the middleware, decides what it costs.
package struct HumanProofMiddleware: RouterMiddleware {
    package typealias Context = DoorstepRequestContext
    static let header = HTTPField.Name(AppAssertion.headerName)!

    /// The proof of the request being handled; nil when it carries none.
    @TaskLocal static var current: HumanProof? = nil

    static let tooLong = ServiceError(
        status: 400, code: .malformedRequest, detail: "The Doorstep-App-Assertion header is too long.")

    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let value = request.headers[Self.header] else { return try await next(request, context) }
        // As the API's contract bounds it, whether or not the action it came with is guarded.
        guard value.utf8.count <= 4096 else { throw Self.tooLong }
        var request = request
        let body = try await request.collectBody(upTo: .max)
        let proof: HumanProof
        switch AppAssertion.parse(header: value, body: body.readableBytesView) {
        case .success(let assertion): proof = .appAttest(assertion)
        case .failure(let error): proof = .unreadable(error)
        }
        return try await Self.$current.withValue(proof) { try await next(request, context) }
    }

    /// Creates it from its parts.
    package init() {
    }
}
