import Foundation

/// What Sign in with Apple gave the app.
public struct AppleCredential: Sendable, Hashable {
    public var identityToken: String
    public var rawNonce: String?
    public var authorizationCode: String?
    public var firstName: String?
    public var lastName: String?

    /// Creates a credential.
    public init(
        identityToken: String, rawNonce: String?, authorizationCode: String?, firstName: String?, lastName: String?
    ) {
        self.identityToken = identityToken
        self.rawNonce = rawNonce
        self.authorizationCode = authorizationCode
        self.firstName = firstName
        self.lastName = lastName
    }
}

/// The parts of effects only the device can do: pick a photo, ask for a permission, show the Apple
/// or Google sheet, enrol Face ID. The SwiftUI layer implements them with Apple's frameworks; tests
/// and other hosts pass their own.
public protocol DeviceEffects: Sendable {
    /// A photo the person picked, or nil when they cancelled.
    func pickImage() async -> (data: Data, isPNG: Bool)?
    /// Whether the person granted the permission (`notifications`, `iCloud`…).
    func requestPermission(_ permission: String) async -> Bool
    /// Whether Face ID or Touch ID was enrolled for sign-in.
    func enableBiometrics() async -> Bool
    /// Whether Face ID or Touch ID sign-in can be turned on here: the device has biometrics enrolled.
    func canEnableBiometrics() async -> Bool
    /// Forgets the Face ID or Touch ID enrolment and what it keeps in the Keychain (on log-out).
    func forgetBiometrics() async
    /// Sign in with Apple's credential, or nil when the person cancelled.
    func appleCredential() async -> AppleCredential?
    /// Google Sign-In's ID token and raw nonce, or nil when the person cancelled.
    func googleCredential() async -> (idToken: String, rawNonce: String?)?
    /// A new passkey made for the server's options, or nil when cancelled or unsupported.
    func passkeyRegistration(_ options: PasskeyCreationOptions) async -> PasskeyRegistration?
    /// A passkey assertion for the server's options, or nil when cancelled or unsupported.
    func passkeyAssertion(_ options: PasskeyRequestOptions) async -> PasskeyAssertion?
    /// Whether the device can make a passkey (Apple platforms since iOS 16 and macOS 13 can).
    func canMakePasskeys() async -> Bool
    /// Whether the person already signed in with a passkey the keyboard's AutoFill offered, since
    /// the last time this was asked; the sign-in effect then has nothing left to do.
    func takeAutoFillPasskeySignIn() async -> Bool
    /// Asks the person to confirm who they are — their password, or the code just mailed to them — for
    /// a change that needs a recent sign-in (deleting the account, adding a passkey, setting a
    /// password); nil when they cancel.
    func confirmIdentity(_ request: IdentityConfirmation) async -> IdentityProof?
    /// Asks for the code the person's authenticator app shows now (or a recovery code), for a sign-in
    /// whose first factor was right; `problem` says why the last code was refused. Nil when cancelled.
    func secondFactorCode(problem: String?) async -> String?
    /// Buys an App Store product with `appAccountToken` set to the signed-in account's id, so the server
    /// can tell whose purchase it is.
    func purchase(productID: String, appAccountToken: UUID) async -> StorePurchase
    /// Syncs with the App Store (which may ask the person to sign in to their Apple Account) and
    /// returns the signed transactions of everything the Apple Account may use now.
    func restorePurchases() async -> [String]
}

extension DeviceEffects {
    /// Hosts without passkeys decline.
    public func passkeyRegistration(_ options: PasskeyCreationOptions) async -> PasskeyRegistration? { nil }
    /// Hosts without passkeys decline.
    public func passkeyAssertion(_ options: PasskeyRequestOptions) async -> PasskeyAssertion? { nil }
    /// Devices make passkeys unless they say otherwise (every platform Doorstep's UI runs on can).
    public func canMakePasskeys() async -> Bool { true }
    /// Hosts without passkey AutoFill never sign in through it.
    public func takeAutoFillPasskeySignIn() async -> Bool { false }
    /// Hosts that cannot ask decline: the change fails with its message.
    public func confirmIdentity(_ request: IdentityConfirmation) async -> IdentityProof? { nil }
    /// Hosts that cannot ask decline: the sign-in fails with the server's words.
    public func secondFactorCode(problem: String?) async -> String? { nil }
    /// Hosts without a store sell nothing.
    public func purchase(productID: String, appAccountToken: UUID) async -> StorePurchase { .notSold }
    /// Hosts without a store have nothing to restore.
    public func restorePurchases() async -> [String] { [] }
}

/// How a purchase on the device ended.
public enum StorePurchase: Sendable, Hashable {
    /// Bought: the transaction as the App Store signed it (`Transaction.jwsRepresentation`).
    case purchased(signedTransaction: String)
    /// Waiting for approval (Ask to Buy) or an action in the App Store; it arrives later as an update.
    case pending
    /// The person closed the sheet.
    case cancelled
    /// The store could not sell it: no such product, purchases turned off, no connection.
    case unavailable
    /// This host has no store (a test host, a platform without the App Store): the plan is chosen and
    /// nothing is bought, as on the web.
    case notSold
}

/// What a person is asked to confirm who they are with.
public struct IdentityConfirmation: Sendable, Hashable {
    /// Whether the account has a password to type; without one a code was just mailed to ``email``.
    public var hasPassword: Bool
    /// The account's address, where a code goes.
    public var email: String

    /// Creates the request.
    public init(hasPassword: Bool, email: String) {
        self.hasPassword = hasPassword
        self.email = email
    }
}

/// What a person confirmed who they are with.
public enum IdentityProof: Sendable, Hashable {
    case password(String)
    case code(String)
}

/// What the platform returns when it creates a passkey.
public struct PasskeyRegistration: Sendable, Hashable {
    public var credentialID: Data
    public var clientDataJSON: Data
    public var attestationObject: Data

    /// Creates the result.
    public init(credentialID: Data, clientDataJSON: Data, attestationObject: Data) {
        self.credentialID = credentialID
        self.clientDataJSON = clientDataJSON
        self.attestationObject = attestationObject
    }
}

/// What the platform returns when a passkey signs a challenge.
public struct PasskeyAssertion: Sendable, Hashable {
    public var credentialID: Data
    public var clientDataJSON: Data
    public var authenticatorData: Data
    public var signature: Data
    public var userHandle: Data?

    /// Creates the result.
    public init(
        credentialID: Data, clientDataJSON: Data, authenticatorData: Data, signature: Data, userHandle: Data?
    ) {
        self.credentialID = credentialID
        self.clientDataJSON = clientDataJSON
        self.authenticatorData = authenticatorData
        self.signature = signature
        self.userHandle = userHandle
    }
}

/// Device effects that decline everything: no photo, no permissions, no provider sheets.
public struct NoDeviceEffects: DeviceEffects {
    /// Creates the host.
    public init() {}
    public func pickImage() async -> (data: Data, isPNG: Bool)? { nil }
    public func requestPermission(_ permission: String) async -> Bool { false }
    public func enableBiometrics() async -> Bool { false }
    public func canEnableBiometrics() async -> Bool { false }
    public func forgetBiometrics() async {}
    public func appleCredential() async -> AppleCredential? { nil }
    public func googleCredential() async -> (idToken: String, rawNonce: String?)? { nil }
    public func canMakePasskeys() async -> Bool { false }
}
