import Foundation

/// An error that reaches a person, as the HTTP contract states it. The API, the web funnel and the
/// account pages each turn an error into words through this one conformance, so a refusal reads the
/// same on every surface: an address taken in a race is `email_taken` everywhere, never "unavailable".
public protocol ProblemConvertible: Error {
    /// The refusal: status, code and words.
    var serviceError: ServiceError { get }
}

extension ServiceError: ProblemConvertible {
    public var serviceError: ServiceError { self }
}

extension HashingBusy: ProblemConvertible {}

extension PasskeyError: ProblemConvertible {}

extension StorageError: ProblemConvertible {
    /// A write another request won is what that request's refusal would have been; a database that
    /// cannot be reached is 503 `unavailable`.
    public var serviceError: ServiceError {
        switch self {
        case .duplicateEmail: .emailTaken
        case .duplicatePasskey: PasskeyError.alreadyRegistered.serviceError
        case .duplicateAttestedKey: AppAttestError.alreadyAttested.serviceError
        case .unavailable:
            ServiceError(status: 503, code: .unavailable, detail: "The service is unavailable. Try again soon.")
        }
    }
}
