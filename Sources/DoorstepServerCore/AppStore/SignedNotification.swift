import Foundation
import JWTKit

/// An App Store Server Notification (version 2) once its signature is checked (Apple's
/// `ResponseBodyV2DecodedPayload`): what happened, to which purchase, signed when.
public struct SignedNotification: JWTPayload, Sendable, Hashable {
    /// The notification's own data: the app, the environment, and the transaction it is about, itself
    /// signed by the App Store.
    public struct Payload: Codable, Sendable, Hashable {
        public var bundleId: String?
        public var environment: String?
        public var signedTransactionInfo: String?

        /// A notification's data.
        public init(bundleId: String?, environment: String?, signedTransactionInfo: String?) {
            self.bundleId = bundleId
            self.environment = environment
            self.signedTransactionInfo = signedTransactionInfo
        }
    }

    /// `SUBSCRIBED`, `DID_RENEW`, `DID_CHANGE_RENEWAL_STATUS`, `EXPIRED`, `GRACE_PERIOD_EXPIRED`,
    /// `REFUND`, `REVOKE`, `TEST`, …
    public var notificationType: String
    public var subtype: String?
    /// The same for every time Apple sends this notification again.
    public var notificationUUID: String
    public var data: Payload?
    public var signedDate: Double

    /// A notification as the App Store signs it.
    public init(
        notificationType: String, subtype: String?, notificationUUID: String, data: Payload?, signedDate: Double
    ) {
        self.notificationType = notificationType
        self.subtype = subtype
        self.notificationUUID = notificationUUID
        self.data = data
        self.signedDate = signedDate
    }

    /// Claims are checked by ``AppStoreVerifier`` against the server's configuration, not here.
    public func verify(using algorithm: some JWTAlgorithm) async throws {}
}
