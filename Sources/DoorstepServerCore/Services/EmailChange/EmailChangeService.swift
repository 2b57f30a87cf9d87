import DoorstepFlow
import Foundation

/// Changing the signed-in account's address: a code to the new address, then the change once it
/// comes back, with a note to the old one.
public struct EmailChangeService: Sendable {
    let storage: any Storage
    let policy: AuthPolicy
    let rules: InputRules
    let codes: OneTimeCodes
    /// Asking for a change needs a recent sign-in.
    let recentSignIn: RecentSignInService
    let outbox: MailOutbox
    let context: ServiceContext

    /// The repositories changing an address touches.
    typealias Store = OneTimeCodes.Store & ModuleStateRepository & WebhookRepository

    /// Where a requested email change waits for its code, per account.
    static let emailChangeModule = "emailChange"

    /// Mails a code to `newEmail` to change the caller's address to it. Needs a recent sign-in; an
    /// address another account has is refused with `email_taken` — or, where `identify` is off, answered
    /// as any other, with a note to its owner instead of a code.
    public func requestEmailChange(_ caller: Caller, newEmail raw: String) async throws -> (
        expiresIn: Int, resendAfter: Int
    ) {
        let user = try await recentSignIn.requireRecentSignIn(caller)
        guard user.email != nil else {
            throw ServiceError(
                status: 403, code: .forbidden, detail: "Create an account with your email before changing it.")
        }
        let email = try rules.validEmail(raw)
        guard email != user.email else {
            throw ServiceError.invalid("email", code: "unchanged", "That is already your email.")
        }
        try await storage.transaction { (store: any Store) in
            if let owner = try await store.user(email: email) {
                // Where addresses are not told, a taken one is answered as a free one: its owner gets a
                // note instead of a code (counted by the same send limits), and no code can confirm it.
                guard !policy.identifyEnabled else { throw ServiceError.emailTaken }
                try await codes.issue(to: email, purpose: .emailChange, deliver: false, language: nil, in: store)
                try await outbox.enqueue(.addressInUse, to: email, values: [:], language: owner.language, in: store)
            } else {
                try await codes.issue(
                    to: email, purpose: .emailChange, deliver: true, language: user.language, in: store)
            }
            try await store.saveModuleState(
                userID: user.id, module: Self.emailChangeModule,
                state: try Value.object(["email": .string(email)]).jsonData(),
                at: context.clock.now)
        }
        context.metrics.codeSent(purpose: CodePurpose.emailChange.rawValue)
        outbox.wake()
        return (Int(policy.codeLifetime), Int(policy.resendAfter))
    }

    /// Changes the caller's address to the one the code was mailed to; the old address is told. Other
    /// sessions stay signed in.
    public func confirmEmailChange(_ caller: Caller, code: String) async throws -> UserRecord {
        try codes.checkShape(code)
        let now = context.clock.now
        enum Outcome {
            case changed(UserRecord, old: String?)
            case failed(CodeCheck)
        }
        let outcome = try await storage.transaction { (store: any Store) -> Outcome in
            guard var user = try await store.user(id: caller.userID) else { throw ServiceError.unauthenticated }
            guard let state = try await store.moduleState(userID: user.id, module: Self.emailChangeModule),
                let email = (try? Value(json: state))?.objectValue?["email"]?.stringValue
            else {
                throw ServiceError(
                    status: 409, code: "no_email_change", detail: "Ask for a code to your new address first.")
            }
            let check = try await codes.check(code, email: email, purpose: .emailChange, in: store)
            guard check == .valid else { return .failed(check) }
            let old = user.email
            user.email = email
            user.emailVerified = true
            user.updatedAt = now
            do {
                try await store.updateUser(user)
            } catch StorageError.duplicateEmail {
                throw ServiceError.emailTaken
            }
            try await store.saveModuleState(
                userID: user.id, module: Self.emailChangeModule, state: Data("{}".utf8), at: now)
            if let old {
                try await outbox.enqueue(
                    .emailChanged, to: old, values: ["email": email], language: user.language, in: store)
            }
            try await context.webhooks.enqueue(
                .userUpdated, ["userId": .id(user.id), "changed": ["email"], "email": .string(email)], in: store)
            try await context.webhooks.enqueue(.emailVerified, .emailOf(user), in: store)
            return .changed(user, old: old)
        }
        switch outcome {
        case .failed(let check):
            throw check.error
        case .changed(let user, _):
            outbox.wake()
            context.audit.record(.emailChanged, user: user.id, session: caller.sessionID)
            return user
        }
    }
}
