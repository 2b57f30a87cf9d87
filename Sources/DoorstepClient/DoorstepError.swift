import DoorstepAPI
import DoorstepFlow
import Foundation

/// Everything that can go wrong talking to a Doorstep server: an answer from the server, with its
/// stable code, or a failure to reach it. Nothing is swallowed.
public enum DoorstepError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server answered with a problem.
    case server(ServerProblem)
    /// The server could not be reached, or its answer could not be read.
    case transport(String)
    /// The call needs a signed-in session and there is none.
    case signedOut

    /// The stable code of a server problem, if this is one.
    public var code: ProblemCode? {
        if case .server(let problem) = self { return problem.code }
        return nil
    }

    public var description: String {
        switch self {
        case .server(let problem): return "\(problem.status) \(problem.code.rawValue): \(problem.detail)"
        case .transport(let reason): return "The server could not be reached: \(reason)"
        case .signedOut: return "Sign in to continue."
        }
    }
}

/// A server's `application/problem+json` answer.
public struct ServerProblem: Sendable, Hashable {
    public var status: Int
    public var code: ProblemCode
    public var detail: String
    /// Problems with individual fields, by field id.
    public var fieldProblems: [String: String]
    /// For ``ProblemCode/mfaRequired``: the challenge ``DoorstepClient/completeSecondFactor(challenge:code:)``
    /// completes with a code from the authenticator app.
    public var mfaChallenge: String? = nil
}

/// A stable error code from the server: the server's own ``ErrorCode``. An open set: codes this
/// version does not know still arrive intact, so a newer server never breaks an older app. After
/// ``ErrorCode/reauthenticationRequired``, confirm who the person is
/// (``DoorstepClient/reauthenticate(password:secondFactorCode:)``,
/// ``DoorstepClient/reauthenticate(code:secondFactorCode:)``); after ``ErrorCode/mfaRequired``, call
/// ``DoorstepClient/completeSecondFactor(challenge:code:)`` with the problem's
/// ``ServerProblem/mfaChallenge``.
public typealias ProblemCode = ErrorCode

extension DoorstepError {
    /// The error for a problem response.
    static func problem(_ status: Int, _ response: Components.Responses.Problem) -> DoorstepError {
        guard case .applicationProblemJson(let problem) = response.body else {
            return .server(
                ServerProblem(
                    status: status, code: .unknown, detail: "The server answered \(status).",
                    fieldProblems: [:]))
        }
        let fields = Dictionary(
            (problem.errors ?? []).map { ($0.field, $0.message) }, uniquingKeysWith: { first, _ in first })
        return .server(
            ServerProblem(
                status: status, code: ProblemCode(rawValue: problem.code), detail: problem.detail ?? "",
                fieldProblems: fields, mfaChallenge: problem.mfaChallenge))
    }

    /// A value the contract does not allow, refused before sending, as the server would refuse it.
    static func notAnOption(_ field: String, _ message: String) -> DoorstepError {
        .server(
            ServerProblem(
                status: 422, code: .validationFailed, detail: "Some fields are not valid.",
                fieldProblems: [field: message]))
    }

    /// Wraps anything thrown by the generated client: transport failures stay distinct from answers.
    static func wrap(_ error: any Error) -> DoorstepError {
        if let error = error as? DoorstepError { return error }
        return .transport(String(describing: error))
    }
}
