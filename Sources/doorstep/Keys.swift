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

        /// The store alone, for commands that do not touch keys.
        func openStore() async throws -> ServerStore {
            let database = resolvedDatabase
            var logger = Logger(label: "doorstep.operator")
            logger.logLevel = .warning
            return try await ServerStore.open(database, poolSize: 2, logger: logger)
        }

        func open() async throws -> (ServerStore, keys: ServerKeyStore) {
            let environment = ProcessInfo.processInfo.environment
            let database = resolvedDatabase
            var logger = Logger(label: "doorstep.keys")
            logger.logLevel = .warning
            let encryptionKey = try ServerStore.keyEncryptionKey(environment: environment)
            let store = try await ServerStore.open(database, poolSize: 2, logger: logger)
            do {
                _ = try await store.loadKeys(database: database, environment: environment, logger: logger)
            } catch {
                try? await store.close()
                throw error
            }
            return (store, ServerKeyStore(storage: store.storage, encryptionKey: encryptionKey))
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the signing keys and which one signs now.")
        @OptionGroup var options: StoreOptions

        func run() async throws {
            let (store, keys) = try await options.open()
            let signingKeys = try await keys.signingKeys()
            try await store.close()
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
            let (store, keys) = try await options.open()
            let key = try await keys.rotate(at: Date())
            await OperatorAudit.record("signing_key_added", detail: "kid=\(key.id)", on: store.storage)
            try await store.close()
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
            let (store, keys) = try await options.open()
            let retired = try await keys.retire(at: Date(), policy: KeyRotationPolicy())
            for key in retired {
                await OperatorAudit.record("signing_key_retired", detail: "kid=\(key.id)", on: store.storage)
            }
            try await store.close()
            if retired.isEmpty { print("no key can be retired yet") }
            for key in retired { print("retired signing key \(key.id)") }
        }
    }

    static func format(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
