import Foundation

/// One step of one person's walk through a flow, as an app or the web funnel saw it. Never a value
/// typed: a field answered is named by its id alone.
public struct AnalyticsEventRecord: Sendable, Hashable {
    /// What happened.
    public enum Kind: String, Sendable, CaseIterable {
        case screenShown
        case fieldAnswered
        case action
        case errorShown
        case effectFailed
        case completed
    }

    /// The client's id for the event; sending it again changes nothing.
    public var id: UUID
    /// An opaque id of the app install or browser, made on the device.
    public var installID: String
    /// The account, once the install signed in.
    public var userID: UUID?
    public var flowID: String
    public var flowVersion: Int
    /// The experiment variant the install walked, if any.
    public var variant: String?
    public var kind: Kind
    public var screen: String
    /// The field, action or error code, by kind.
    public var subject: String?
    /// The event's place in the install's walk, counted on the device.
    public var sequence: Int
    /// When it happened, by the device's clock (clamped to the server's).
    public var at: Date
    /// When the server took it.
    public var receivedAt: Date

    /// Creates an event.
    public init(
        id: UUID, installID: String, userID: UUID? = nil, flowID: String, flowVersion: Int, variant: String? = nil,
        kind: Kind, screen: String, subject: String? = nil, sequence: Int, at: Date, receivedAt: Date
    ) {
        self.id = id
        self.installID = installID
        self.userID = userID
        self.flowID = flowID
        self.flowVersion = flowVersion
        self.variant = variant
        self.kind = kind
        self.screen = screen
        self.subject = subject
        self.sequence = sequence
        self.at = at
        self.receivedAt = receivedAt
    }
}
