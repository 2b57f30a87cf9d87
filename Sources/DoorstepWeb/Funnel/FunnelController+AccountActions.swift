import DoorstepFlow
import DoorstepHTTP
import DoorstepServerCore

/// What an account form did, and so what the person sees next.
enum AccountOutcome {
    /// The page again, with what changed.
    case page((inout AccountPage) -> Void)
    /// A redirect that names what a form carrying a password or a code did (`done=…`), so the page a
    /// browser keeps is never the answer to such a form.
    case done(String)
    /// The account is gone, and the browser signed out of it.
    case deleted

    static func notice(_ text: String) -> AccountOutcome { .page { $0.notice = text } }
    static func problem(_ text: String) -> AccountOutcome { .page { $0.problem = text } }
}

/// Each account form's action, through the same services as the API.
extension FunnelController {
    func outcome(of action: AccountAction, _ form: FunnelForm, caller: Caller) async throws -> AccountOutcome {
        switch action {
        case .name: return try await saveName(form, caller: caller)
        case .photo: return try await savePhoto(form, caller: caller)
        case .email:
            let email = form.text("email")
            _ = try await services.auth.emailChange.requestEmailChange(caller, newEmail: email)
            return .page { $0.pendingEmail = EmailAddress.normalized(email) }
        case .emailCode:
            _ = try await services.auth.emailChange.confirmEmailChange(caller, code: form.text("code"))
            return .done("email")
        case .password:
            try await services.auth.passwords.setPassword(
                newPassword: form.text("newPassword"), currentPassword: form.filled("currentPassword"), caller: caller)
            return .done("password")
        case .mfaBegin:
            let enrolment = try await services.auth.secondFactor.beginSecondFactorEnrolment(
                caller, issuer: services.secondFactorIssuer)
            return .page { $0.enrolment = enrolment }
        case .mfaConfirm:
            try await services.auth.secondFactor.confirmSecondFactor(caller, code: form.text("code"))
            return .done("mfaOn")
        case .mfaDisable:
            try await services.auth.secondFactor.disableSecondFactor(caller, code: form.text("code"))
            return .done("mfaOff")
        case .passkeyAdd:
            try await addAccountPasskey(form, caller: caller)
            return .notice("Your passkey was added.")
        case .passkeyRename:
            _ = try await services.requirePasskeys().rename(
                id: form.text("id"), of: caller.userID, to: form.text("name"))
            return .notice("The passkey was renamed.")
        case .passkeyRemove:
            try await services.requirePasskeys().delete(id: form.text("id"), of: caller.userID)
            return .notice("The passkey was removed.")
        case .sessionRevoke:
            try await services.auth.sessions.revokeSession(id: form.text("id"), caller: caller)
            return .notice("That device was signed out.")
        case .sessionsRevokeOthers:
            let ended = try await services.auth.sessions.revokeOtherSessions(caller)
            return .notice(ended == 1 ? "Signed out of 1 other session." : "Signed out of \(ended) other sessions.")
        case .sendConfirmationCode:
            let user = try await services.auth.sessions.activeUser(caller)
            _ = try await services.auth.codes.sendCode(email: user.email ?? "", purpose: .login)
            return .page { $0.confirmation = .code }
        case .confirm: return try await confirmIdentity(form, caller: caller)
        case .delete: return try await deleteAccount(form, caller: caller)
        }
    }

    private func saveName(_ form: FunnelForm, caller: Caller) async throws -> AccountOutcome {
        _ = try await services.profile.updateProfile(
            caller, firstName: form.filled("firstName"), lastName: form.filled("lastName"),
            name: form.filled("fullName"))
        return .notice("Your name was saved.")
    }

    private func savePhoto(_ form: FunnelForm, caller: Caller) async throws -> AccountOutcome {
        guard let photo = form.files.values.first, !photo.isEmpty else { return .problem("Choose a photo first.") }
        _ = try await services.profile.uploadAvatar(caller, data: photo)
        return .notice("Your photo was saved.")
    }

    /// A password, or else a mailed code, with the authenticator app's code when it is on.
    private func confirmIdentity(_ form: FunnelForm, caller: Caller) async throws -> AccountOutcome {
        let password = form.filled("password")
        try await services.auth.recentSignIn.reauthenticate(
            password: password, code: password == nil ? form.filled("code") : nil,
            secondFactorCode: form.filled("mfaCode"), caller: caller)
        return .done("confirmed")
    }

    private func deleteAccount(_ form: FunnelForm, caller: Caller) async throws -> AccountOutcome {
        guard form.text("confirm") == "yes" else {
            return .problem("Tick the box to confirm you want to delete your account.")
        }
        try await services.auth.recentSignIn.requireRecentSignIn(caller)
        try await services.profile.deleteAccount(caller)
        return .deleted
    }
}
