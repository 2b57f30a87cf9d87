import Foundation
import Synchronization

/// Where profile photos are kept.
public protocol AvatarStore: Sendable {
    func save(_ data: Data, id: String, contentType: String) async throws
    /// The photo and its content type, if it exists.
    func load(id: String) async throws -> (data: Data, contentType: String)?
    func delete(id: String) async throws
}

/// Photos as files in a folder beside the database, named by their random id. Only the server's own
/// user may read them: the folder is 0700 and each photo 0600, whatever the umask.
public struct FileAvatarStore: AvatarStore {
    let directory: URL

    /// Keeps photos in `directory`, creating it when needed (and closing an existing one to others).
    public init(directory: URL) throws {
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
        self.directory = directory
    }

    private static let extensions = ["image/png": "png", "image/jpeg": "jpg"]

    public func save(_ data: Data, id: String, contentType: String) async throws {
        let name = "\(id).\(Self.extensions[contentType] ?? "bin")"
        let file = directory.appendingPathComponent(name)
        try data.write(to: file, options: .atomic)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
    }

    public func load(id: String) async throws -> (data: Data, contentType: String)? {
        for (contentType, fileExtension) in Self.extensions {
            let url = directory.appendingPathComponent("\(id).\(fileExtension)")
            if let data = FileManager.default.contents(atPath: url.path) { return (data, contentType) }
        }
        return nil
    }

    public func delete(id: String) async throws {
        for fileExtension in Self.extensions.values {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent("\(id).\(fileExtension)"))
        }
    }
}

/// Photos in memory, for tests.
public final class MemoryAvatarStore: AvatarStore {
    private let photos = Mutex<[String: (Data, String)]>([:])

    /// Creates an empty store.
    public init() {}

    /// How many photos are kept.
    public var count: Int { photos.withLock { $0.count } }

    public func save(_ data: Data, id: String, contentType: String) async throws {
        photos.withLock { $0[id] = (data, contentType) }
    }

    public func load(id: String) async throws -> (data: Data, contentType: String)? {
        photos.withLock { $0[id] }.map { (data: $0.0, contentType: $0.1) }
    }

    public func delete(id: String) async throws {
        photos.withLock { $0[id] = nil }
    }
}

/// Photos in the database, so that every instance of a server on PostgreSQL serves every photo.
public struct DatabaseAvatarStore: AvatarStore {
    let storage: any Storage
    let clock: any WallClock

    /// Keeps photos in `storage`.
    public init(storage: any Storage, clock: any WallClock = SystemWallClock()) {
        self.storage = storage
        self.clock = clock
    }

    public func save(_ data: Data, id: String, contentType: String) async throws {
        let now = clock.now
        try await storage.transaction { try await $0.saveAvatar(id: id, data: data, contentType: contentType, at: now) }
    }

    public func load(id: String) async throws -> (data: Data, contentType: String)? {
        try await storage.read { try await $0.avatar(id: id) }
    }

    public func delete(id: String) async throws {
        try await storage.transaction { try await $0.deleteAvatar(id: id) }
    }
}
