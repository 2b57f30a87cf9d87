import Synchronization

/// What one request's log line says about it beyond the request itself: its id, and the account
/// once a handler knows it. Handlers reach it through ``RequestTrace/current``.
public final class RequestTrace: Sendable {
    @TaskLocal public static var current: RequestTrace?

    /// The id of the request, from `X-Request-ID` or made here.
    public let id: String
    /// The client's network as the audit log keeps it (a /24 or a /48), when known.
    public let networkPrefix: String?
    /// The client as per-client limits count it (an address, an IPv6 client's /64), when known; kept in
    /// memory for limits only, never logged or stored.
    public let clientKey: String?
    private let user = Mutex<String?>(nil)

    /// Starts the trace of a request.
    public init(id: String, networkPrefix: String? = nil, clientKey: String? = nil) {
        self.id = id
        self.networkPrefix = networkPrefix
        self.clientKey = clientKey
    }

    /// The account the request acts for, once known.
    public var userID: String? { user.withLock { $0 } }

    /// Notes the account the request acts for.
    public func record(userID: String) {
        user.withLock { $0 = userID }
    }
}
