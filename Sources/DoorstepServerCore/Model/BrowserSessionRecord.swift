import Foundation

/// What the web funnel keeps for one browser: its state as a JSON document, found by the hash of the
/// cookie that names it, so a copy of the database cannot be replayed as a cookie.
public struct BrowserSessionRecord: Sendable, Hashable {
    /// SHA-256 of the cookie's value, in hex.
    public var idHash: String
    /// The funnel's state for this browser, as JSON.
    public var state: Data
    public var updatedAt: Date
    /// After this moment the record is ignored and may be removed.
    public var expiresAt: Date

    /// Creates a record.
    public init(idHash: String, state: Data, updatedAt: Date, expiresAt: Date) {
        self.idHash = idHash
        self.state = state
        self.updatedAt = updatedAt
        self.expiresAt = expiresAt
    }
}
