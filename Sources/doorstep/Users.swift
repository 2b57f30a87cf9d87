import ArgumentParser
import DoorstepFlow
import DoorstepServer
import DoorstepServerCore
import Foundation
import Logging

/// `doorstep users`: look up, show, export and delete an account, on the store the server uses.
struct Users: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Find, show, export, delete and import accounts (for support, data-access and erasure requests, and moving in).",
        subcommands: [Find.self, Show.self, Export.self, Delete.self, Import.self])

    struct Find: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The account with this email.")
        @OptionGroup var options: Keys.StoreOptions
        @Argument(help: "The email address.") var email: String
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let user = try await options.withStore { store in
                try await store.storage.read { try await $0.user(email: EmailAddress.normalized(email)) }
            }
            guard let user else { throw Users.notFound("No account has the email \(email).") }
            try Users.print(user, json: json)
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "An account by its id.")
        @OptionGroup var options: Keys.StoreOptions
        @Argument(help: "The account's id.") var id: String
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let userID = try Users.uuid(id)
            let user = try await options.withStore { store in
                try await store.storage.read { try await $0.user(id: userID) }
            }
            guard let user else { throw Users.notFound("No account has the id \(id).") }
            try Users.print(user, json: json)
        }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Everything held about an account, as one JSON document (no secrets).")
        @OptionGroup var options: Keys.StoreOptions
        @Argument(help: "The account's id.") var id: String

        func run() async throws {
            let userID = try Users.uuid(id)
            let export = try await options.withStore { store in
                let exporter = AccountExporter(storage: store.storage, flowIDs: FlowCatalog.referenceIDs)
                let export = try await exporter.export(userID: userID)
                // Reading everything held about a person is an operator action worth answering for.
                if export != nil { await OperatorAudit.record("account_exported", account: userID, on: store.storage) }
                return export
            }
            guard let export else { throw Users.notFound("No account has the id \(id).") }
            Swift.print(String(decoding: try export.jsonData(pretty: true), as: UTF8.self))
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: """
                Deletes an account as DELETE /v1/me does: profile, photo, answers, memberships, consents, \
                sessions, passkeys, and its Apple token revoked when Sign in with Apple is set up \
                (DOORSTEP_APPLE_* as for serve).
                """)
        @OptionGroup var options: Keys.StoreOptions
        @Argument(help: "The account's id.") var id: String
        @Flag(help: "Delete without asking; required when not run from a terminal.") var yes = false
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let userID = try Users.uuid(id)
            let environment = ProcessInfo.processInfo.environment
            let apple = try Self.appleTokens(environment)
            try await options.withStore { store in try await delete(userID, in: store, apple: apple) }
        }

        private func delete(_ userID: UUID, in store: ServerStore, apple: AppleTokenClient?) async throws {
            guard let user = try await store.storage.read({ try await $0.user(id: userID) }) else {
                throw Users.notFound("No account has the id \(id).")
            }
            if !yes {
                guard isatty(STDIN_FILENO) != 0 else {
                    throw Users.failure("Add --yes to delete the account \(id) without being asked.", code: 2)
                }
                Swift.print(
                    "Delete \(user.email ?? "the guest account") (\(id)) and everything held about it? [y/N] ",
                    terminator: "")
                guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                    throw Users.failure("Nothing was deleted.", code: 1)
                }
            }
            // Apple's tokens are sealed under the server's keys: open them to revoke them.
            var keyLogger = Logger(label: "doorstep.users")
            keyLogger.logLevel = .warning
            let sealer =
                apple == nil
                ? nil
                : ProviderTokenSealer(
                    keys: try await store.loadKeys(
                        database: options.resolvedDatabase, environment: ProcessInfo.processInfo.environment,
                        logger: keyLogger))
            let actions = OperatorActions(
                storage: store.storage, avatars: store.avatars, clock: SystemWallClock(), random: SecureRandomSource(),
                deletionHooks: [{ _, identities in await apple?.revokeTokens(of: sealer?.opened(identities) ?? []) }])
            try await actions.deleteAccount(userID)
            if json {
                Swift.print(#"{"deleted":true,"id":"\#(userID.lowercasedText)"}"#)
            } else {
                Swift.print("account \(userID.lowercasedText) deleted")
            }
        }

        /// The client that revokes Apple tokens, when the environment sets Sign in with Apple up.
        static func appleTokens(_ environment: [String: String]) throws -> AppleTokenClient? {
            guard let clientID = Serve.list(environment, "DOORSTEP_APPLE_AUDIENCES").first,
                let configuration = try Serve.appleTokens(environment, clientID: clientID)
            else { return nil }
            return AppleTokenClient(configuration: configuration, fetcher: AsyncHTTPFetcher(), clock: SystemWallClock())
        }
    }

    static func uuid(_ text: String) throws -> UUID {
        guard let id = UUID(uuidString: text) else {
            throw failure("\"\(text)\" is not an id (ids look like 453d0b4c-e488-…).", code: 2)
        }
        return id
    }

    static func notFound(_ message: String) -> ExitCode {
        failure(message, code: 1)
    }

    /// Says what went wrong in one line on standard error, and exits with `code`.
    static func failure(_ message: String, code: Int32) -> ExitCode {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        return ExitCode(code)
    }

    static func print(_ user: UserRecord, json: Bool) throws {
        let id = user.id.lowercasedText
        if json {
            let object: [String: Any] = [
                "id": id, "email": user.email ?? NSNull(), "emailVerified": user.emailVerified,
                "isGuest": user.isGuest, "providers": user.providers, "hasPassword": user.passwordHash != nil,
                "createdAt": ISO8601DateFormatter().string(from: user.createdAt),
            ]
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            Swift.print(String(decoding: data, as: UTF8.self))
            return
        }
        let kind = user.isGuest ? "guest" : (user.emailVerified ? "verified" : "unverified")
        let methods = ([user.passwordHash != nil ? "password" : nil].compactMap { $0 } + user.providers)
            .joined(separator: ", ")
        Swift.print("\(id)  \(user.email ?? "(no email)")  \(kind)  created \(Keys.format(user.createdAt))")
        if !methods.isEmpty { Swift.print("signs in with: \(methods)") }
    }
}

/// `doorstep sessions`: end a session, on the store the server uses.
struct Sessions: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "End sessions.", subcommands: [Revoke.self])

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Ends a session at once on every instance: its tokens stop working.")
        @OptionGroup var options: Keys.StoreOptions
        @Argument(help: "The session's id.") var id: String

        func run() async throws {
            let sessionID = try Users.uuid(id)
            let revocation = try await options.withStore { store in
                let actions = OperatorActions(
                    storage: store.storage, avatars: store.avatars, clock: SystemWallClock(),
                    random: SecureRandomSource())
                return try await actions.revokeSession(sessionID)
            }
            switch revocation {
            case .revoked: print("session \(id) revoked")
            case .alreadyEnded: print("session \(id) had already ended")
            case .unknown: throw Users.notFound("No session has the id \(id).")
            }
        }
    }
}
