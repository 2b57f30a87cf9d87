import Foundation
import Observation

/// What an app's account screen shows and does after onboarding — profile, address, password,
/// passkeys, authenticator app, sessions, the person's data, deletion — as an observable model the
/// SwiftUI `AccountView` draws (and any other view can). Changes that need a recent sign-in ask the
/// person who they are through the device and go again once; every failure becomes ``problem``,
/// words to show, and loses nothing already saved.
@MainActor @Observable
public final class AccountCenter {
    /// The account, once loaded.
    public private(set) var user: DoorstepUser?
    public private(set) var passkeys: [DoorstepPasskey] = []
    /// Whether the server offers passkeys (an operator may run without them).
    public private(set) var offersPasskeys = true
    /// Where the account is signed in, this device included.
    public private(set) var sessions: [DoorstepSessionInfo] = []
    /// Whether an authenticator app is on, and how many recovery codes are left.
    public private(set) var secondFactor: SecondFactorState?
    /// An authenticator app being set up: its key and QR code, and the recovery codes, shown once.
    public private(set) var enrolment: SecondFactorEnrolment?
    /// The new address a code was mailed to, until it is confirmed.
    public private(set) var pendingEmail: String?
    /// Whether a change is under way (buttons wait).
    public private(set) var isWorking = false
    /// Why the last change did not go through, in words to show.
    public private(set) var problem: String?
    /// What the last change did, in words to show.
    public private(set) var notice: String?
    /// Whether the account was deleted: the app goes back to its start.
    public private(set) var isDeleted = false

    let client: DoorstepClient
    let device: any DeviceEffects

    /// An account center for the signed-in person of `client`; `device` asks them who they are when
    /// a change needs a recent sign-in, and makes passkeys.
    public init(client: DoorstepClient, device: any DeviceEffects) {
        self.client = client
        self.device = device
    }

    /// Whether the authenticator app is on, and the recovery codes left.
    public struct SecondFactorState: Sendable, Hashable {
        public var isOn: Bool
        public var recoveryCodesLeft: Int

        /// A state of the authenticator app.
        public init(isOn: Bool, recoveryCodesLeft: Int) {
            self.isOn = isOn
            self.recoveryCodesLeft = recoveryCodesLeft
        }
    }

    // MARK: - Reading

    /// Loads the account, its passkeys, sessions and second factor.
    public func load() async {
        await perform {
            let client = self.client
            async let user = client.me()
            async let sessions = client.sessions()
            async let secondFactor = client.secondFactorStatus()
            do {
                self.passkeys = try await client.passkeys()
                self.offersPasskeys = true
            } catch let error as DoorstepError where error.code == .notFound {
                (self.passkeys, self.offersPasskeys) = ([], false)
            }
            self.user = try await user
            self.sessions = try await sessions
            let status = try await secondFactor
            self.secondFactor = SecondFactorState(isOn: status.enabled, recoveryCodesLeft: status.recoveryCodesLeft)
        }
    }

    // MARK: - Profile, address, password

    /// Whether the account keeps its name whole, as typed in one field, rather than as a first and a
    /// last name: its name is then edited as one field too.
    public var keepsFullName: Bool {
        guard let user else { return false }
        return user.name != nil && user.firstName == nil && user.lastName == nil
    }

    /// Saves the name as a first and a last name.
    public func saveName(firstName: String, lastName: String) async {
        await perform(notice: "Your name is saved.") {
            self.user = try await self.client.updateProfile(firstName: firstName, lastName: lastName)
        }
    }

    /// Saves the name whole, as typed.
    public func saveName(_ fullName: String) async {
        await perform(notice: "Your name is saved.") {
            self.user = try await self.client.updateProfile(firstName: nil, lastName: nil, name: fullName)
        }
    }

    /// Saves a photo (JPEG or PNG; convert anything else, such as HEIC, first).
    public func savePhoto(_ data: Data) async {
        await perform(notice: "Your photo is saved.") {
            guard let format = UploadImageFormat(of: data) else {
                self.problem = "That photo can't be used. Choose a JPEG or PNG photo."
                return
            }
            _ = try await self.client.uploadAvatar(data, isPNG: format == .png)
            self.user = try await self.client.me()
        }
    }

    /// Mails a code to `email`; the address changes once ``confirmEmail(code:)`` takes it.
    public func changeEmail(to email: String) async {
        await perform(notice: "We sent a code to \(email).") {
            let client = self.client
            try await client.withRecentSignIn(confirmingWith: self.device) {
                try await client.requestEmailChange(to: email)
            }
            self.pendingEmail = email
        }
    }

    /// Confirms the new address with the code mailed to it.
    public func confirmEmail(code: String) async {
        await perform(notice: "Your address is changed.") {
            self.user = try await self.client.confirmEmailChange(code: code)
            self.pendingEmail = nil
        }
    }

    /// Sets a password, or changes it (the current one is required then).
    public func setPassword(_ newPassword: String, currentPassword: String?) async {
        await perform(notice: "Your password is saved.") {
            let client = self.client
            try await client.withRecentSignIn(confirmingWith: self.device) {
                try await client.setPassword(newPassword, currentPassword: currentPassword)
            }
            self.user = try await client.me()
        }
    }

    // MARK: - Passkeys

    /// Makes a passkey on this device and adds it to the account.
    public func addPasskey(name: String?) async {
        await perform(notice: "Your passkey is added.") {
            let (client, device) = (self.client, self.device)
            let added = try await client.withRecentSignIn(confirmingWith: device) { () async throws -> Bool in
                let options = try await client.passkeyRegistrationOptions()
                guard let credential = await device.passkeyRegistration(options) else { return false }
                try await client.registerPasskey(
                    credentialID: credential.credentialID, clientDataJSON: credential.clientDataJSON,
                    attestationObject: credential.attestationObject, name: name)
                return true
            }
            guard added else { throw Declined() }
            self.passkeys = try await client.passkeys()
        }
    }

    /// Renames a passkey.
    public func renamePasskey(id: String, to name: String) async {
        await perform {
            _ = try await self.client.renamePasskey(id: id, to: name)
            self.passkeys = try await self.client.passkeys()
        }
    }

    /// Removes a passkey; the server keeps the last way in.
    public func removePasskey(id: String) async {
        await perform(notice: "The passkey is removed.") {
            try await self.client.deletePasskey(id: id)
            self.passkeys = try await self.client.passkeys()
        }
    }

    // MARK: - Authenticator app

    /// Starts setting up an authenticator app: ``enrolment`` holds its key, QR code and recovery codes.
    public func startSecondFactor() async {
        await perform {
            let client = self.client
            self.enrolment = try await client.withRecentSignIn(confirmingWith: self.device) {
                try await client.beginSecondFactorEnrolment()
            }
        }
    }

    /// Turns the authenticator app on with its first code.
    public func confirmSecondFactor(code: String) async {
        await perform(notice: "Your authenticator app is on.") {
            try await self.client.confirmSecondFactor(code: code)
            self.enrolment = nil
            try await self.refreshSecondFactor()
        }
    }

    /// Turns the authenticator app off with a current code or a recovery code.
    public func turnOffSecondFactor(code: String) async {
        await perform(notice: "Your authenticator app is off.") {
            try await self.client.disableSecondFactor(code: code)
            try await self.refreshSecondFactor()
        }
    }

    private func refreshSecondFactor() async throws {
        let status = try await client.secondFactorStatus()
        secondFactor = SecondFactorState(isOn: status.enabled, recoveryCodesLeft: status.recoveryCodesLeft)
    }

    // MARK: - Sessions, data, deletion

    /// Signs one session out.
    public func signOut(sessionID: String) async {
        await perform(notice: "That session is signed out.") {
            try await self.client.signOutSession(id: sessionID)
            self.sessions = try await self.client.sessions()
        }
    }

    /// Signs every other session out; this one stays.
    public func signOutEverywhereElse() async {
        await perform {
            let count = try await self.client.signOutOtherSessions()
            self.notice = count == 1 ? "Signed out of 1 other session." : "Signed out of \(count) other sessions."
            self.sessions = try await self.client.sessions()
        }
    }

    /// Everything held about the person, as JSON to save or share; nil when it could not be had.
    public func exportData() async -> Data? {
        var data: Data?
        await perform { data = try await self.client.exportAccount() }
        return data
    }

    /// Deletes the account and everything held about it.
    public func deleteAccount() async {
        await perform {
            let client = self.client
            try await client.withRecentSignIn(confirmingWith: self.device) { try await client.deleteAccount() }
            self.isDeleted = true
            self.user = nil
        }
    }

    // MARK: - Running a change

    /// The person closed a sheet the change needed: nothing to report.
    struct Declined: Error {}

    private func perform(notice success: String? = nil, _ change: () async throws -> Void) async {
        isWorking = true
        problem = nil
        notice = nil
        defer { isWorking = false }
        do {
            try await change()
            if notice == nil, problem == nil { notice = success }
        } catch is Declined {
            return
        } catch let error as DoorstepError {
            problem = Self.words(for: error)
        } catch {
            problem = "Something went wrong. Please try again."
        }
    }

    static func words(for error: DoorstepError) -> String? {
        switch error {
        case .server(let problem):
            if problem.code == .reauthenticationRequired { return "Confirm it's you to make this change." }
            return problem.fieldProblems.values.first ?? problem.detail
        case .transport: return "Check your connection and try again."
        case .signedOut: return "Sign in to continue."
        }
    }
}
