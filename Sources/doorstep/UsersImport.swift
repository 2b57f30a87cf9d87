import ArgumentParser
import DoorstepServer
import DoorstepServerCore
import Foundation

extension Users {
    /// `doorstep users import firebase|supabase|auth0 FILE`: accounts from another service, with
    /// their passwords, verified addresses, Apple and Google sign-ins and disabled state.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Bring accounts from Firebase Auth, Supabase Auth or Auth0; their passwords keep working.",
            subcommands: [Firebase.self, Supabase.self, Auth0.self])
    }

    struct ImportOptions: ParsableArguments {
        @OptionGroup var store: Keys.StoreOptions
        @Argument(help: "The export file.") var file: String
        @Flag(help: "Print what would be imported and skipped, and why, without writing.") var dryRun = false

        func read() throws -> Data {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw Users.failure("\(file) cannot be read", code: 2)
            }
            return data
        }
    }

    struct Firebase: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The JSON of `firebase auth:export`, with the project's password hash parameters.")
        @OptionGroup var options: ImportOptions
        @Option(help: "The base64 signer key (Firebase console: Users, Password hash parameters).") var hashKey: String
        @Option(help: "The base64 salt separator.") var saltSeparator: String
        @Option(help: "The scrypt rounds.") var rounds: Int
        @Option(help: "The scrypt memory cost.") var memCost: Int

        func run() async throws {
            let parameters: FirebaseScrypt
            let rows: [Result<ImportedUser, ImportRowProblem>]
            do {
                parameters = try FirebaseScrypt(
                    signerKey: hashKey, saltSeparator: saltSeparator, rounds: rounds, memoryCost: memCost)
                rows = try FirebaseExport.users(in: try options.read())
            } catch let error as ImportError {
                throw Users.failure(error.description, code: 2)
            }
            try await options.store.withKeys { store, keys in
                if let kept = try await keys.firebaseScrypt(), kept != parameters {
                    throw Users.failure(
                        "these hash parameters differ from those kept by an earlier Firebase import; "
                            + "the passwords it brought would stop working", code: 2)
                }
                if !options.dryRun { try await keys.saveFirebaseScrypt(parameters, at: Date()) }
                try await UsersImportRun.run(rows, into: store, dryRun: options.dryRun)
            }
        }
    }

    struct Supabase: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A JSON or CSV export of auth.users (with each user's identities as a JSON list).")
        @OptionGroup var options: ImportOptions

        func run() async throws {
            let rows: [Result<ImportedUser, ImportRowProblem>]
            do {
                rows = try SupabaseExport.users(in: try options.read(), now: Date())
            } catch let error as ImportError {
                throw Users.failure(error.description, code: 2)
            }
            try await options.store.withStore {
                try await UsersImportRun.run(rows, into: $0, dryRun: options.dryRun)
            }
        }
    }

    struct Auth0: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Auth0's user export (one JSON object per line), with its password-hash export.")
        @OptionGroup var options: ImportOptions
        @Option(help: "Auth0's password-hash export, when the hashes are not on the users' lines.")
        var passwordHashes: String?

        func run() async throws {
            let rows: [Result<ImportedUser, ImportRowProblem>]
            do {
                let hashes = try passwordHashes.map { path -> Data in
                    guard let data = FileManager.default.contents(atPath: path) else {
                        throw ImportError("\(path) cannot be read")
                    }
                    return data
                }
                rows = try Auth0Export.users(in: try options.read(), passwordHashes: hashes)
            } catch let error as ImportError {
                throw Users.failure(error.description, code: 2)
            }
            try await options.store.withStore {
                try await UsersImportRun.run(rows, into: $0, dryRun: options.dryRun)
            }
        }
    }
}

/// The part of every import after its file is read: writing, progress, and the report.
enum UsersImportRun {
    static func run(_ rows: [Result<ImportedUser, ImportRowProblem>], into store: ServerStore, dryRun: Bool)
        async throws
    {
        let importer = UserImporter(storage: store.storage, clock: SystemWallClock(), random: SecureRandomSource())
        let total = rows.count
        let report = try await importer.run(rows, dryRun: dryRun) { done in
            // Large files say how far they are, on standard error so the report stays readable.
            if total >= 10_000 { FileHandle.standardError.write(Data("\(done) of \(total) rows\n".utf8)) }
        }
        let verb = dryRun ? "would import" : "imported"
        print("\(verb) \(report.imported.count) of \(total) accounts" + (report.skipped.isEmpty ? "" : "; skipped:"))
        for problem in report.skipped { print("  \(problem)") }
    }
}
