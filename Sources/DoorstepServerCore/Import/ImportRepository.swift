import Foundation

/// What an import reads and writes a batch at a time, so that a hundred thousand accounts cost a few
/// hundred round trips to the database rather than half a million.
public protocol ImportRepository: Sendable {
    /// Whether any account is here: a rehearsal (`doorstep seed`) is written into an empty database only.
    func holdsAnyAccount() async throws -> Bool
    /// The addresses among `emails` (normalized) that accounts here already have.
    func existingEmails(among emails: [String]) async throws -> Set<String>
    /// The Apple and Google accounts among `identities` already linked to an account here.
    func existingIdentities(among identities: [ImportedUser.Identity]) async throws -> Set<ImportedUser.Identity>
    /// Adds the accounts, then their identities, in as few statements as the database allows.
    func insertImported(_ users: [UserRecord], identities: [IdentityRecord]) async throws
}
