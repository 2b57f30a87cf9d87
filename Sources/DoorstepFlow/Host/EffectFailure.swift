/// How a failed effect reaches the engine: a code the flow's `errors` map, and the message shown
/// when the flow names none. The codes both hosts share are here, so app and web fail alike.
public struct EffectFailure: Error, Sendable, Hashable {
    public var code: String
    public var message: String?

    /// Creates a failure.
    public init(code: String, message: String?) {
        self.code = code
        self.message = message
    }

    /// A failure with one of the shared codes.
    public init(_ code: ErrorCode, message: String?) {
        self.init(code: code.rawValue, message: message)
    }

    /// The person closed a sheet or picker: the flow stays where it was, quietly.
    public static func cancelled(_ reason: String? = nil) -> EffectFailure {
        EffectFailure(.cancelled, message: reason)
    }

    /// The server could not be reached.
    public static let network = EffectFailure(.network, message: "Check your connection and try again.")

    /// The session ended.
    public static let unauthenticated = EffectFailure(.unauthenticated, message: "Sign in to continue.")

    /// Anything else.
    public static let unavailable = EffectFailure(.unavailable, message: "Something went wrong. Please try again.")

    /// An effect this host cannot run.
    static func unsupported(_ name: String) -> EffectFailure {
        EffectFailure(.unsupported, message: "This app cannot run \(name).")
    }

    /// The failure as the engine takes it.
    public var result: EffectOutcome.Result { .failure(code: code, message: message) }
}
