import DoorstepHTTP
import DoorstepServerCore
import Foundation

/// `/account`: what a signed-in person manages after onboarding, as one server-drawn page of plain
/// forms: name, address, password, authenticator app, passkeys, sessions, data, deletion. Only adding
/// a passkey needs the page's script, for the browser's WebAuthn ceremony.
struct AccountPage {
    var user: UserRecord
    var passkeys: [PasskeyRecord]
    var sessions: [SessionSummary]
    var secondFactor: (enabled: Bool, recoveryCodesLeft: Int)
    var csrfToken: String
    /// What the last action did, or why it was refused.
    var notice: String?
    var problem: String?
    /// Set when the last change needs the person to confirm who they are first.
    var confirmation: FunnelPages.Confirmation?
    /// Set while an address change waits for its code.
    var pendingEmail: String?
    /// Set while an authenticator app is being added.
    var enrolment: SecondFactorEnrolment?
    /// Whether the server has passkeys on, so one can be added here.
    var passkeysOn = false
    /// The page's language, one of ``ServerMessages``'.
    var language = "en"

    /// `english` in the page's language, as it is (escape it where it goes into HTML).
    func words(_ english: String) -> String {
        PageWords.translate(english, into: language)
    }

    /// `english` in the page's language, escaped for HTML.
    private func text(_ english: String) -> String {
        HTML.escape(words(english))
    }

    func render() -> String {
        let parts = [
            alerts, confirmationSection, profileSection, emailSection, passwordSection, secondFactorSection,
            passkeySection, sessionSection, dataSection,
        ]
        return FunnelPages.plain(
            title: words("Your account"), language: language,
            body: """
                <main class="index account"><h1>\(text("Your account"))</h1>\(parts.joined())
                <p><a href="/">\(text("All flows"))</a></p></main>\(passkeysOn ? "<script src=\"/funnel/funnel.js\" defer></script>" : "")
                """, page: "account")
    }

    private func form(_ action: AccountAction, _ fields: String, button: String) -> String {
        """
        <form method="post" action="/account">\(HTML.hidden(.csrf, csrfToken))\
        \(HTML.hidden(.action, action.rawValue))\(fields)<button type="submit">\(text(button))</button></form>
        """
    }

    /// A labelled input; `id` tells apart inputs of the same name in several forms.
    private func field(
        _ name: String, _ label: String, id: String? = nil, type: String = "text", value: String = "",
        extra: String = ""
    ) -> String {
        let id = "a-" + (id ?? name)
        return """
            <label for="\(id)">\(text(label))</label>\
            <input id="\(id)" name="\(name)" type="\(type)" value="\(HTML.escape(value))" \(extra)>
            """
    }

    private var alerts: String {
        (notice.map { "<p class=\"index-note\" role=\"status\">\(text($0))</p>" } ?? "")
            + (problem.map { "<p role=\"alert\">\(text($0))</p>" } ?? "")
    }

    private var confirmationSection: String {
        guard let confirmation else { return "" }
        let body: String
        // An account with an authenticator app confirms it too, as its sign-in does.
        let secondFactorField =
            secondFactor.enabled
            ? field(
                "mfaCode", "Enter the code from your authenticator app", id: "confirm-mfa",
                extra: "inputmode=\"numeric\" autocomplete=\"one-time-code\" required") : ""
        switch confirmation {
        case .password:
            body = form(
                .confirm,
                field("password", "Password", type: "password", extra: "autocomplete=\"current-password\"")
                    + secondFactorField,
                button: "Confirm")
        case .mailACode:
            body = form(.sendConfirmationCode, "", button: "Email me a code")
        case .code:
            body = form(
                .confirm,
                field("code", "Code", extra: "inputmode=\"numeric\" autocomplete=\"one-time-code\"")
                    + secondFactorField,
                button: "Confirm")
        }
        return
            "<section><h2>\(text("Confirm it's you"))</h2><p>\(text("For your security, confirm who you are, then try again."))</p>\(body)</section>"
    }

    private var profileSection: String {
        // A name typed whole is edited whole; one given in parts, in parts.
        let fields =
            user.fullName != nil
            ? field("fullName", "Name", value: user.fullName ?? "", extra: "autocomplete=\"name\"")
            : field("firstName", "First name", value: user.firstName ?? "", extra: "autocomplete=\"given-name\"")
                + field("lastName", "Last name", value: user.lastName ?? "", extra: "autocomplete=\"family-name\"")
        let picture =
            user.avatarID.map {
                "<img class=\"account-photo\" src=\"/v1/avatars/\(HTML.escape($0))\" alt=\"\(text("Your photo"))\">"
            }
            ?? ""
        let photo = """
            <form method="post" action="/account" enctype="multipart/form-data">\
            \(HTML.hidden(.csrf, csrfToken))\
            \(HTML.hidden(.action, AccountAction.photo.rawValue))\
            \(field("photo", "Photo (JPEG or PNG)", type: "file", extra: "accept=\"image/jpeg,image/png\""))\
            <button type="submit">\(text("Save photo"))</button></form>
            """
        return
            "<section><h2>\(text("Profile"))</h2>\(picture)\(form(.name, fields, button: "Save name"))\(photo)</section>"
    }

    private var emailSection: String {
        let current =
            user.email.map { "<p>\(HTML.escape($0))\(user.emailVerified ? "" : " " + text("(not confirmed)"))</p>" }
            ?? ""
        let change = form(
            .email, field("email", "New email", type: "email", extra: "autocomplete=\"email\""), button: "Send a code")
        let code =
            pendingEmail.map { email in
                "<p>\(text("Enter the code we sent to \(email)."))</p>"
                    + form(
                        .emailCode,
                        field("code", "Code", extra: "inputmode=\"numeric\" autocomplete=\"one-time-code\""),
                        button: "Change email")
            } ?? ""
        return "<section><h2>\(text("Email"))</h2>\(current)\(change)\(code)</section>"
    }

    private var passwordSection: String {
        let current =
            user.passwordHash == nil
            ? ""
            : field("currentPassword", "Current password", type: "password", extra: "autocomplete=\"current-password\"")
        let fields =
            current + field("newPassword", "New password", type: "password", extra: "autocomplete=\"new-password\"")
        return
            "<section><h2>\(text("Password"))</h2>\(form(.password, fields, button: user.passwordHash == nil ? "Set password" : "Change password"))</section>"
    }

    private var secondFactorSection: String {
        var body = ""
        if let enrolment {
            body += "<p>\(text("Scan this code with your authenticator app, or type the key."))</p>"
            body += "<figure class=\"qr-code\">\(enrolment.qrCodeSVG)</figure>"
            body += "<p>\(text("Key:")) <code class=\"totp-secret\">\(HTML.escape(enrolment.secret))</code></p>"
            body +=
                "<p>\(text("Keep these recovery codes somewhere safe: each works once, and they are not shown again."))</p>"
            body +=
                "<ul class=\"recovery-codes\">"
                + enrolment.recoveryCodes.map { "<li><code>\(HTML.escape($0))</code></li>" }.joined() + "</ul>"
            body += form(
                .mfaConfirm,
                field("code", "Code from the app", extra: "inputmode=\"numeric\" autocomplete=\"one-time-code\""),
                button: "Turn on")
        } else if secondFactor.enabled {
            body += "<p>\(text("On. \(secondFactor.recoveryCodesLeft) recovery codes left."))</p>"
            body += form(.mfaDisable, field("code", "Code from the app, or a recovery code"), button: "Turn off")
        } else {
            body += "<p>\(text("Off."))</p>" + form(.mfaBegin, "", button: "Add an authenticator app")
        }
        return "<section><h2>\(text("Authenticator app"))</h2>\(body)</section>"
    }

    private var passkeySection: String {
        let items = passkeys.map { passkey in
            let added = RFC3339DateTranscoder.format(passkey.createdAt)
            let when =
                passkey.lastUsedAt.map { text("Added \(added), last used \(RFC3339DateTranscoder.format($0))") }
                ?? text("Added \(added)")
            return
                "<li><strong>\(HTML.escape(passkey.name))</strong> (\(when))"
                + form(
                    .passkeyRename,
                    "<input type=\"hidden\" name=\"id\" value=\"\(HTML.escape(passkey.id))\">"
                        + field("name", "New name", id: "name-\(passkeys.firstIndex(of: passkey) ?? 0)"),
                    button: "Rename")
                + form(
                    .passkeyRemove, "<input type=\"hidden\" name=\"id\" value=\"\(HTML.escape(passkey.id))\">",
                    button: "Remove")
                + "</li>"
        }
        let list = items.isEmpty ? "<p>\(text("No passkeys."))</p>" : "<ul class=\"passkeys\">\(items.joined())</ul>"
        return "<section><h2>\(text("Passkeys"))</h2>\(list)\(addPasskeyForm)</section>"
    }

    /// The form the page's script runs the browser's passkey ceremony for: its button shows only where
    /// the browser can make passkeys; the credential goes in `_passkey`.
    private var addPasskeyForm: String {
        guard passkeysOn else { return "" }
        return """
            <form method="post" action="/account" data-account-passkey>\
            \(HTML.hidden(.csrf, csrfToken))\
            \(HTML.hidden(.action, AccountAction.passkeyAdd.rawValue))\(HTML.hidden(.passkey, ""))\
            \(field("name", "Name (optional)", id: "passkey-name", extra: "maxlength=\"64\""))\
            <p data-passkey-note>\(text("Adding a passkey needs a browser that supports passkeys."))</p>\
            <button type="submit" hidden>\(text("Add a passkey"))</button></form>
            """
    }

    private var sessionSection: String {
        let items = sessions.map { session in
            let device = HTML.escape(session.device ?? words("Unknown device"))
            let (signedIn, lastSeen) = (
                RFC3339DateTranscoder.format(session.createdAt), RFC3339DateTranscoder.format(session.lastUsedAt)
            )
            let when = text("signed in \(signedIn), last seen \(lastSeen)")
            let action =
                session.isCurrent
                ? " " + text("(this browser)")
                : form(
                    .sessionRevoke,
                    "<input type=\"hidden\" name=\"id\" value=\"\(session.id.lowercasedText)\">", button: "Sign out")
            return "<li>\(device), \(when)\(action)</li>"
        }
        return """
            <section><h2>\(text("Where you're signed in"))</h2><ul class="sessions">\(items.joined())</ul>\
            \(form(.sessionsRevokeOthers, "", button: "Sign out everywhere else"))</section>
            """
    }

    private var dataSection: String {
        """
        <section><h2>\(text("Your data"))</h2><p><a href="/account/export" download="account.json">\(text("Download your data"))</a></p>\
        </section><section><h2>\(text("Delete account"))</h2><p>\(text("Your profile, answers, memberships and sign-ins are erased."))</p>\
        \(form(.delete, "<label><input type=\"checkbox\" name=\"confirm\" value=\"yes\" required> \(text("Delete my account and its data"))</label>", button: "Delete account"))\
        </section>
        """
    }
}
