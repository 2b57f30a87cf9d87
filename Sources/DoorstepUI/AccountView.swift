#if canImport(SwiftUI)
    import DoorstepClient
    import DoorstepPresentation
    import SwiftUI

    #if canImport(UIKit)
        import UIKit
    #endif

    /// The account center an app shows after onboarding: name, address, password, passkeys,
    /// authenticator app, where the account is signed in, the person's data and deletion (App Store
    /// guideline 5.1.1(v)). It draws an ``AccountCenter``; every decision is the model's. Show the
    /// identity sheet of the `IdentityPrompt` the center's device asks through
    /// (`.identityConfirmation(prompt)`), so changes that need a recent sign-in can ask.
    public struct AccountView: View {
        let center: AccountCenter
        @State private var firstName = ""
        @State private var lastName = ""
        @State private var fullName = ""
        @State private var newEmail = ""
        @State private var emailCode = ""
        @State private var currentPassword = ""
        @State private var newPassword = ""
        @State private var appCode = ""
        @State private var confirmsDeletion = false
        @State private var photos = PhotoPickerPrompt()
        /// Its words, in the device's language.
        private let words = PresentationWords(preferring: Locale.preferredLanguages)

        /// An account screen for `center`, which it loads when it appears.
        public init(center: AccountCenter) {
            self.center = center
        }

        public var body: some View {
            List {
                status
                profile
                address
                password
                if center.offersPasskeys { passkeys }
                authenticator
                sessions
                deletion
            }
            .disabled(center.isWorking)
            .photoPicker(photos)
            .navigationTitle(words("Account"))
            .task {
                await center.load()
                firstName = center.user?.firstName ?? ""
                lastName = center.user?.lastName ?? ""
                fullName = center.user?.name ?? ""
            }
        }

        @ViewBuilder private var status: some View {
            if let problem = center.problem {
                Text(problem).foregroundStyle(Color.red)
            } else if let notice = center.notice {
                Text(notice)
            }
        }

        private var profile: some View {
            Section(words("Name")) {
                if center.keepsFullName {
                    TextField(words("Name"), text: $fullName)
                        .textContentType(.name)
                    Button(words("Save name")) { Task { await center.saveName(fullName) } }
                } else {
                    TextField(words("First name"), text: $firstName)
                        .textContentType(.givenName)
                    TextField(words("Last name"), text: $lastName)
                        .textContentType(.familyName)
                    Button(words("Save name")) {
                        Task { await center.saveName(firstName: firstName, lastName: lastName) }
                    }
                }
                Button(center.user?.avatarUrl == nil ? words("Add a photo") : words("Change photo")) {
                    Task {
                        // The picker's photo comes back as JPEG or PNG, HEIC converted.
                        guard let photo = await photos.pick() else { return }
                        await center.savePhoto(photo)
                    }
                }
            }
        }

        private var address: some View {
            Section(words("Email")) {
                Text(center.user?.email ?? words("No address yet"))
                if let pending = center.pendingEmail {
                    TextField(words("Code sent to {address}", ["address": pending]), text: $emailCode)
                        .oneTimeCodeEntry()
                    Button(words("Confirm new address")) { Task { await center.confirmEmail(code: emailCode) } }
                } else {
                    TextField(words("New address"), text: $newEmail)
                        .keyboardType(.emailAddress)
                        .textContentType(.emailAddress)
                        .textInputAutocapitalization(.never)
                        .autocorrectionDisabled()
                    Button(words("Change address")) { Task { await center.changeEmail(to: newEmail) } }
                }
            }
        }

        private var password: some View {
            Section(words("Password")) {
                if center.user?.hasPassword == true {
                    SecureField(words("Current password"), text: $currentPassword)
                        .textContentType(.password)
                }
                SecureField(words("New password"), text: $newPassword)
                    .textContentType(.newPassword)
                Button(center.user?.hasPassword == true ? words("Change password") : words("Set a password")) {
                    let current = currentPassword.isEmpty ? nil : currentPassword
                    Task {
                        await center.setPassword(newPassword, currentPassword: current)
                        (currentPassword, newPassword) = ("", "")
                    }
                }
            }
        }

        private var passkeys: some View {
            Section(words("Passkeys")) {
                ForEach(center.passkeys, id: \.id) { passkey in
                    HStack {
                        Text(passkey.name)
                        Spacer()
                        Button(words("Remove"), role: .destructive) {
                            Task { await center.removePasskey(id: passkey.id) }
                        }
                    }
                }
                Button(words("Add a passkey")) { Task { await center.addPasskey(name: nil) } }
            }
        }

        private var authenticator: some View {
            Section(words("Authenticator app")) {
                if let enrolment = center.enrolment {
                    Text(words("Add this key to your authenticator app: {key}", ["key": enrolment.secret]))
                        .textSelection(.enabled)
                    Button(words("Copy key")) { UIPasteboard.general.string = enrolment.secret }
                    if let setUp = URL(string: enrolment.provisioningUrl) {
                        Link(words("Open in your authenticator app"), destination: setUp)
                    }
                    Text(
                        words(
                            "Recovery codes, shown once: {codes}",
                            ["codes": enrolment.recoveryCodes.joined(separator: " ")])
                    )
                    .textSelection(.enabled)
                    Button(words("Copy recovery codes")) {
                        UIPasteboard.general.string = enrolment.recoveryCodes.joined(separator: "\n")
                    }
                    TextField(words("Code from the app"), text: $appCode)
                        .oneTimeCodeEntry()
                    Button(words("Turn on")) { Task { await center.confirmSecondFactor(code: appCode) } }
                } else if center.secondFactor?.isOn == true {
                    Text(
                        words(
                            "On. {count} recovery codes left.",
                            ["count": "\(center.secondFactor?.recoveryCodesLeft ?? 0)"]))
                    TextField(words("Code from the app"), text: $appCode)
                        .oneTimeCodeEntry()
                    Button(words("Turn off")) { Task { await center.turnOffSecondFactor(code: appCode) } }
                } else {
                    Button(words("Set up an authenticator app")) { Task { await center.startSecondFactor() } }
                }
            }
        }

        private var sessions: some View {
            Section(words("Where you're signed in")) {
                ForEach(center.sessions, id: \.id) { session in
                    HStack {
                        Text(session.device ?? session.userAgent ?? words("Unknown device"))
                        Spacer()
                        if session.current {
                            Text(words("This device"))
                        } else {
                            Button(words("Sign out")) { Task { await center.signOut(sessionID: session.id) } }
                        }
                    }
                }
                Button(words("Sign out everywhere else")) { Task { await center.signOutEverywhereElse() } }
            }
        }

        private var deletion: some View {
            Section(words("Delete account")) {
                Toggle(words("Delete my account and its data"), isOn: $confirmsDeletion)
                Button(words("Delete account"), role: .destructive) { Task { await center.deleteAccount() } }
                    .disabled(!confirmsDeletion)
            }
        }
    }

    extension View {
        /// A field for a mailed or app-made code: the number pad, and the code iOS offers from Messages
        /// or Mail.
        fileprivate func oneTimeCodeEntry() -> some View {
            keyboardType(.numberPad).textContentType(.oneTimeCode)
        }
    }
#endif
