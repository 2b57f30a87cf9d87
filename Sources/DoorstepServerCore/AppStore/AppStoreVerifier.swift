import Foundation
import JWTKit
import X509

/// Why App Store signed data was refused, in words for the log (never the data itself).
public struct AppStoreVerificationError: Error, Sendable, Equatable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
}

/// Checks what the App Store signs (a JWS whose `x5c` header carries its certificate chain) the way
/// Apple says to: exactly three certificates, chaining to a trusted root (Apple Root CA - G3 unless a
/// test brings its own) and valid at the time given, Apple's markers on the leaf and the intermediate,
/// the signature by the leaf's key, and then the app's bundle id and the server's environment.
public struct AppStoreVerifier: Sendable {
    /// The app whose purchases this server takes, such as `com.example.kordant`.
    public let bundleID: String
    public let environment: AppStoreEnvironment
    let chains: X5CVerifier
    /// Whether the only root trusted is Apple's (anything else is for tests).
    public let trustsOnlyApple: Bool

    /// A verifier for `bundleID` in `environment`, trusting `rootCertificates` (DER).
    public init(
        bundleID: String, environment: AppStoreEnvironment, rootCertificates: [Data] = [AppleRootCertificates.rootG3]
    ) throws {
        self.bundleID = bundleID
        self.environment = environment
        trustsOnlyApple = rootCertificates == [AppleRootCertificates.rootG3]
        chains = try X5CVerifier(
            rootCertificates: try rootCertificates.map { try Certificate(derEncoded: [UInt8]($0)) })
    }

    /// The transaction `jws` describes, once every check above holds at `now`.
    public func transaction(_ jws: String, at now: Date) async throws(AppStoreVerificationError) -> SignedTransaction {
        let transaction = try await verified(jws, as: SignedTransaction.self, at: now)
        try check(bundleID: transaction.bundleId, environment: transaction.environment, of: "transaction")
        return transaction
    }

    /// The App Store Server Notification `jws` carries, once every check above holds at `now`.
    public func notification(_ jws: String, at now: Date) async throws(AppStoreVerificationError)
        -> SignedNotification
    {
        let notification = try await verified(jws, as: SignedNotification.self, at: now)
        try check(
            bundleID: notification.data?.bundleId ?? "", environment: notification.data?.environment ?? "",
            of: "notification")
        return notification
    }

    private func verified<Payload: JWTPayload>(_ jws: String, as payload: Payload.Type, at now: Date)
        async throws(AppStoreVerificationError) -> Payload
    {
        let certificates = try Self.chainLength(of: jws)
        guard certificates == 3 else {
            throw AppStoreVerificationError(reason: "the x5c chain has \(certificates) certificates, not 3")
        }
        do {
            return try await chains.verifyJWS(
                Array(jws.utf8), as: Payload.self, jsonDecoder: .defaultForJWT, validationTime: .fixed(now),
                policy: { AppStoreChainPolicy() })
        } catch {
            throw AppStoreVerificationError(reason: "the signature or its chain is not Apple's: \(error)")
        }
    }

    private func check(bundleID: String, environment: String, of what: String) throws(AppStoreVerificationError) {
        guard bundleID == self.bundleID else {
            throw AppStoreVerificationError(reason: "the \(what) is for \(bundleID), not \(self.bundleID)")
        }
        guard environment == self.environment.rawValue else {
            throw AppStoreVerificationError(
                reason: "the \(what) is from \(environment), not \(self.environment.rawValue)")
        }
    }

    /// How many certificates the JWS header's `x5c` holds (read before anything is trusted).
    static func chainLength(of jws: String) throws(AppStoreVerificationError) -> Int {
        guard let header = JWSHeader.fields(of: jws) else {
            throw AppStoreVerificationError(reason: "the JWS header cannot be read")
        }
        return (header["x5c"] as? [Any])?.count ?? 0
    }
}
