import ArgumentParser
import Foundation
import Logging
import Synchronization

/// Log lines as JSON objects, one per line on standard output, for log collectors:
/// `{"time":…,"level":"info","label":"doorstep","message":"request","request_id":…}`.
struct JSONLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info
    let label: String
    /// Adds what the span under way says (`trace_id`, `span_id`) to each line.
    var metadataProvider: Logger.MetadataProvider?

    init(label: String, metadataProvider: Logger.MetadataProvider? = nil) {
        self.label = label
        self.metadataProvider = metadataProvider
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var object: [String: String] = [:]
        let lineMetadata = metadata.merging(metadataProvider?.get() ?? [:]) { $1 }
            .merging(event.metadata ?? [:]) { $1 }
        for (key, value) in lineMetadata {
            object[key] = "\(value)"
        }
        object["time"] = Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true))
        object["level"] = event.level.rawValue
        object["label"] = label
        object["message"] = event.message.description
        guard var data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        data.append(0x0A)
        Self.output.withLock { _ in FileHandle.standardOutput.write(data) }
    }

    /// Keeps lines whole when several tasks log at once.
    private static let output = Mutex(())
}

/// How the server writes its log.
enum LogFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
