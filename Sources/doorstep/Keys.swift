import ArgumentParser
import DoorstepServerCore
import Foundation
import Logging

/// `doorstep keys`: the signing keys access tokens are signed with.
struct Keys: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List, rotate and retire the keys access tokens are signed with.",
        discussion: """
            A new key is published at /.well-known/jwks.json at once and starts signing five minutes \
            later, once app backends that cache the key set have seen it. An old key keeps verifying until \
            every token it signed has expired; then `retire` (or a running server, within a minute) drops it.
            """,
        subcommands: [List.self, Rotate.self, Retire.self])

    /// The database the keys live in, as `serve` is told it.
    struct StoreOptions: ParsableArguments {
        @Option(help: "An SQLite file or a postgres:// URL. (default: DOORSTEP_DATABASE, else ./doorstep.sqlite)")
        var database: String?

        /// The database named by the option, the environment or the default.
        var resolvedDatabase: String {
            database ?? ProcessInfo.processInfo.environment["DOORSTEP_DATABASE"] ?? "./doorstep.sqlite"
        }

        /// Runs `work` on the store alone, for commands that do not touch keys, and closes it after,
        /// whether `work` finished or threw.
        /// - Parameter connections: how many PostgreSQL connections `work` uses at once, at most.
        func withStore<Result>(connections: Int = 2, _ work: (ServerStore) async throws -> Result)
            async throws -> Result
        {
            var logger = Logger(label: "doorstep.operator")
            logger.logLevel = .warning
            let store = try await ServerStore.open(resolvedDatabase, poolSize: connections, logger: logger)
            let result: Result
            do {
                result = try await work(store)
            } catch {
                try? await store.close()
                throw error
            }
            try await store.close()
            return result
        }

        /// Runs `work` on the store and its signing keys (made on first use, as `serve` makes them),
        /// and closes the store after, whether `work` finished or threw.
        func withKeys<Result>(_ work: (ServerStore, ServerKeyStore) async throws -> Result) async throws -> Result {
            let environment = ProcessInfo.processInfo.environment
            let encryptionKey = try ServerStore.keyEncryptionKey(environment: environment)
            return try await withStore { store in
                var logger = Logger(label: "doorstep.keys")
                logger.logLevel = .warning
                _ = try await store.loadKeys(database: resolvedDatabase, environment: environment, logger: logger)
                return try await work(store, ServerKeyStore(storage: store.storage, encryptionKey: encryptionKey))
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the signing keys and which one signs now.")
        @OptionGroup var options: StoreOptions

        func run() async throws {
            let signingKeys = try await options.withKeys { _, keys in try await keys.signingKeys() }
            let now = Date()
            let policy = KeyRotationPolicy()
            let current = policy.signingKey(of: signingKeys, at: now)
            let retirable = Set(policy.retirable(signingKeys, at: now).map(\.id))
            for key in signingKeys {
                let role =
                    key.id == current.id
                    ? "signing"
                    : retirable.contains(key.id)
                        ? "retirable"
                        : key.createdAt > current.createdAt
                            ? "published, signs from \(Keys.format(key.createdAt.addingTimeInterval(policy.publicationDelay)))"
                            : "verifying"
                print("\(key.id)  created \(Keys.format(key.createdAt))  \(role)")
            }
        }
    }

    struct Rotate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a signing key; it signs five minutes later.")
        @OptionGroup var options: StoreOptions

        func run() async throws {
            let key = try await options.withKeys { store, keys in
                let key = try await keys.rotate(at: Date())
                await OperatorAudit.record("signing_key_added", detail: "kid=\(key.id)", on: store.storage)
                return key
            }
            print(
                "added signing key \(key.id); it signs from \(Keys.format(key.createdAt.addingTimeInterval(KeyRotationPolicy().publicationDelay)))"
            )
        }
    }

    struct Retire: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Drop the signing keys no unexpired token can have been signed with.")
        @OptionGroup var options: StoreOptions

        func run() async throws {
            let retired = try await options.withKeys { store, keys in
                let retired = try await keys.retire(at: Date(), policy: KeyRotationPolicy())
                for key in retired {
                    await OperatorAudit.record("signing_key_retired", detail: "kid=\(key.id)", on: store.storage)
                }
                return retired
            }
            if retired.isEmpty { print("no key can be retired yet") }
            for key in retired { print("retired signing key \(key.id)") }
        }
    }

    static func format(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
