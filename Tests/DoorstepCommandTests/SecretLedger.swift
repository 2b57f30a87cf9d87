import DoorstepClient
import DoorstepFlow
import Foundation
import Synchronization
import Testing

/// The passwords a walk typed and the codes it read from the mailbox: none of them may be found at
/// rest afterwards — not in the database's files, the server's log or any snapshot a device saved.
final class SecretLedger: Sendable {
    private let secrets = Mutex<Set<String>>([])

    /// Notes a secret and hands it back, so a walk can type it.
    func note(_ secret: String) -> String {
        secrets.withLock { _ = $0.insert(secret) }
        return secret
    }

    var all: Set<String> { secrets.withLock { $0 } }

    /// Where each secret was found among `places` (name and bytes). A code counts only where it
    /// stands alone, not as part of a longer run of letters and digits (a hash or an id).
    func leaks(in places: [(name: String, bytes: Data)]) -> [String] {
        all.sorted().flatMap { secret in
            places.filter { Self.contains($0.bytes, secret) }.map { "\(secret) in \($0.name)" }
        }
    }

    static func contains(_ haystack: Data, _ needle: String) -> Bool {
        let needle = Array(needle.utf8)
        let bytes = [UInt8](haystack)
        guard !needle.isEmpty, bytes.count >= needle.count else { return false }
        func isWordByte(_ index: Int) -> Bool {
            guard bytes.indices.contains(index) else { return false }
            let byte = bytes[index]
            return (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
        }
        var start = 0
        while start <= bytes.count - needle.count {
            if bytes[start] == needle[0], Array(bytes[start..<start + needle.count]) == needle,
                !isWordByte(start - 1), !isWordByte(start + needle.count)
            {
                return true
            }
            start += 1
        }
        return false
    }
}

/// Snapshots kept in memory, remembering every version ever saved, as a device's disk would hold them.
actor RecordingSnapshotStore: SnapshotStore {
    private var snapshots: [String: FlowSnapshot] = [:]
    private(set) var written: [Data] = []

    func load(flowID: String) async throws -> FlowSnapshot? { snapshots[flowID] }

    func save(_ snapshot: FlowSnapshot) async throws {
        snapshots[snapshot.flowID] = snapshot
        written.append(try JSONEncoder().encode(snapshot))
    }

    func clear(flowID: String) async throws { snapshots[flowID] = nil }
}
