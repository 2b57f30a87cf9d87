import ArgumentParser
import DoorstepFlow
import DoorstepServerCore
import Foundation

/// `doorstep entitlements`: what an account may use, and support's grants and revocations, on the
/// store the server uses.
struct Entitlements: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List an account's entitlements, grant one by hand, or take one back (for support).",
        discussion: """
            Grants and revocations reach webhooks (entitlement.granted, entitlement.revoked) and the audit \
            log as App Store ones do; access tokens carry them from the account's next sign-in or refresh.
            """,
        subcommands: [List.self, Grant.self, Revoke.self])

    /// The account a command is about: by address or by id, one of the two.
    struct AccountOptions: ParsableArguments {
        @Option(help: "The account's email address.") var email: String?
        @Option(help: "The account's id.") var account: String?

        /// The account's id, or one line on standard error and exit 1 (2 for bad input).
        func resolve(in store: ServerStore) async throws -> UUID {
            switch (email, account) {
            case (let email?, nil):
                let user = try await store.storage.read { try await $0.user(email: EmailAddress.normalized(email)) }
                guard let user else { throw Users.notFound("No account has the email \(email).") }
                return user.id
            case (nil, let account?):
                let id = try Users.uuid(account)
                guard try await store.storage.read({ try await $0.user(id: id) }) != nil else {
                    throw Users.notFound("No account has the id \(account).")
                }
                return id
            default:
                throw Users.failure("Name the account with --email or --account, one of the two.", code: 2)
            }
        }
    }

    /// Runs `body` on the store with the operator's actions, closing the store whatever happens; a
    /// refused change is one line on standard error and exit 2.
    static func withActions<Result>(
        _ options: Keys.StoreOptions, _ account: AccountOptions,
        _ body: (OperatorActions, UUID) async throws -> Result
    ) async throws -> Result {
        do {
            return try await options.withStore { store in
                let userID = try await account.resolve(in: store)
                let actions = OperatorActions(
                    storage: store.storage, avatars: store.avatars, clock: SystemWallClock(),
                    random: SecureRandomSource())
                return try await body(actions, userID)
            }
        } catch let problem as EntitlementChangeProblem {
            throw Users.failure("Nothing was changed: \(problem).", code: 2)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The account's entitlements, whatever their state, then those its family shares with it.")
        @OptionGroup var options: Keys.StoreOptions
        @OptionGroup var account: AccountOptions
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let held = try await Entitlements.withActions(options, account) { try await $0.entitlements(of: $1) }
            try Entitlements.print(held, json: json, now: SystemWallClock().now)
        }
    }

    struct Grant: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Gives the account a product by hand.")
        @OptionGroup var options: Keys.StoreOptions
        @OptionGroup var account: AccountOptions
        @Option(help: "The App Store product id, such as com.kordant.plus.monthly.") var product: String
        @Option(help: "YYYY-MM-DD (through that day, UTC) or an ISO 8601 time; leave out for good.")
        var until: String?
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let end = try until.map(Entitlements.end(of:))
            let granted = try await Entitlements.withActions(options, account) {
                try await $0.grantEntitlement(product, to: $1, until: end)
            }
            try Entitlements.print([granted], json: json, now: SystemWallClock().now)
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Takes back the account's active entitlements of a product, granted or bought.")
        @OptionGroup var options: Keys.StoreOptions
        @OptionGroup var account: AccountOptions
        @Option(help: "The App Store product id.") var product: String
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let revoked = try await Entitlements.withActions(options, account) {
                try await $0.revokeEntitlement(product, of: $1)
            }
            try Entitlements.print(revoked, json: json, now: SystemWallClock().now)
        }
    }
}
