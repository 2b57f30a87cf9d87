import DoorstepFlow
import Foundation
import Logging

/// The auth features of one server, each its own service built on the same storage, keys, rules and
/// ``ServiceContext``: a value to pass around and build the HTTP routes from, with no rules of its own.
public struct AuthServices: Sendable {
    /// Identifier-first lookup, codes, passwords and guests.
    public let signIn: SignInService
    /// Codes mailed on request.
    public let codes: CodeService
    /// Bearer tokens, refresh, and the account's sessions.
    public let sessions: SessionService
    /// Password reset, set and change.
    public let passwords: PasswordService
    /// Changing the account's address.
    public let emailChange: EmailChangeService
    /// Recent sign-in and reauthentication.
    public let recentSignIn: RecentSignInService
    /// The authenticator app.
    public let secondFactor: SecondFactorService
    /// The rules in force.
    public let policy: AuthPolicy
    let tokens: AccessTokens
    let parts: Parts

    /// What the providers' and passkeys' services are built from.
    struct Parts: Sendable {
        let storage: any Storage
        let keys: ServerKeys
        let outbox: MailOutbox
        let accounts: AccountLifecycle
        let secondFactor: SecondFactorCheck
        let issuer: SessionIssuer
        let context: ServiceContext
    }

    /// Builds the services.
    public init(
        storage: any Storage, hasher: any PasswordHasher, tokens: AccessTokens, outbox: MailOutbox,
        keys: ServerKeys, policy: AuthPolicy = AuthPolicy(), commonPasswords: CommonPasswords = .bundled,
        context: ServiceContext
    ) async throws {
        let rules = InputRules(commonPasswords: commonPasswords)
        let hashing = try await PasswordHashing(
            hasher: hasher, keys: keys, random: context.random, logger: context.logger)
        let budgets = FailureBudgets(codeKey: keys.codeKey, policy: policy)
        let codes = OneTimeCodes(
            codeKey: keys.codeKey, policy: policy, outbox: outbox, budgets: budgets, context: context)
        let accounts = AccountLifecycle(context: context)
        let check = SecondFactorCheck(keys: keys, policy: policy, context: context)
        let issuer = SessionIssuer(storage: storage, tokens: tokens, policy: policy, context: context)
        let resetProof = PasswordResetProof(storage: storage, policy: policy, context: context)
        let sessions = SessionService(
            storage: storage, tokens: tokens, policy: policy, issuer: issuer, codeKey: keys.codeKey, context: context,
            marks: SessionUseMarks(storage: storage, logger: context.logger))
        let recentSignIn = RecentSignInService(
            storage: storage, policy: policy, codes: codes, secondFactor: check, passwords: hashing, budgets: budgets,
            context: context)
        self.signIn = SignInService(
            storage: storage, policy: policy, rules: rules, hashing: hashing, codes: codes, budgets: budgets,
            accounts: accounts, secondFactor: check, issuer: issuer, sessions: sessions, resetProof: resetProof,
            outbox: outbox, context: context)
        self.codes = CodeService(
            storage: storage, policy: policy, rules: rules, codes: codes, outbox: outbox, context: context)
        self.sessions = sessions
        self.passwords = PasswordService(
            storage: storage, policy: policy, rules: rules, hashing: hashing, codes: codes, accounts: accounts,
            secondFactor: check, issuer: issuer, recentSignIn: recentSignIn, resetProof: resetProof, outbox: outbox,
            context: context)
        self.emailChange = EmailChangeService(
            storage: storage, policy: policy, rules: rules, codes: codes, recentSignIn: recentSignIn, outbox: outbox,
            context: context)
        self.recentSignIn = recentSignIn
        self.secondFactor = SecondFactorService(
            storage: storage, recentSignIn: recentSignIn, check: check, issuer: issuer, resetProof: resetProof,
            accounts: accounts, context: context)
        self.policy = policy
        self.tokens = tokens
        self.parts = Parts(
            storage: storage, keys: keys, outbox: outbox, accounts: accounts, secondFactor: check, issuer: issuer,
            context: context)
    }

    /// The public keys access tokens are signed with.
    public var signingKeys: [AccessTokens.PublicKey] { tokens.publicKeys }

    /// Sign-in with the providers that have a verifier; `apple` revokes the tokens of deleted accounts.
    public func providerSignIn(verifiers: [String: IdentityTokenVerifier], apple: AppleTokenClient?)
        -> ProviderSignInService
    {
        ProviderSignInService(
            storage: parts.storage, verifiers: verifiers, apple: apple,
            tokenSealer: ProviderTokenSealer(keys: parts.keys), accounts: parts.accounts,
            secondFactor: parts.secondFactor, issuer: parts.issuer, context: parts.context)
    }

    /// Passkey ceremonies for `party`.
    public func passkeys(party: PasskeyRelyingParty) -> PasskeyService {
        PasskeyService(
            storage: parts.storage, party: party, recentSignIn: recentSignIn, issuer: parts.issuer,
            outbox: parts.outbox, context: parts.context)
    }
}
