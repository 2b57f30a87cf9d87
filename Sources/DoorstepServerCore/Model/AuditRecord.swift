import Foundation

/// One line of the audit log: a security or administrative event, who it concerned, who did it,
/// when, in which request and from which network. Never a secret, never a whole client address.
public struct AuditRecord: Sendable, Hashable {
    public var id: UUID
    public var at: Date
    /// What happened, such as `login_failed` or `account_deleted` (``SecurityAudit/Event``).
    public var event: String
    /// The account it concerned, when known.
    public var accountID: UUID?
    /// Who acted: `user` (the account itself), `operator` (the command line), an admin on the admin
    /// page (`admin:token`, `admin:<account id>`, or `admin:unknown` for a refused token), or `system`.
    public var actor: String
    public var sessionID: UUID?
    /// The request it happened in (`X-Request-ID`), for a request.
    public var requestID: String?
    /// The client's network: a /24 for IPv4, a /48 for IPv6.
    public var network: String?
    /// A short detail without personal data (`log_out`, `attestation=none`).
    public var detail: String?

    /// Creates an entry.
    public init(
        id: UUID, at: Date, event: String, accountID: UUID?, actor: String, sessionID: UUID? = nil,
        requestID: String? = nil, network: String? = nil, detail: String? = nil
    ) {
        self.id = id
        self.at = at
        self.event = event
        self.accountID = accountID
        self.actor = actor
        self.sessionID = sessionID
        self.requestID = requestID
        self.network = network
        self.detail = detail
    }
}
