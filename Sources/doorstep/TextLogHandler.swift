import Logging

/// `StreamLogHandler`'s lines on standard output, with metadata kept as given until a line is written.
///
/// `StreamLogHandler` formats its metadata again each time a key is set, and the HTTP server sets a
/// request id on every request's logger whether or not a line is ever written for it; formatting it
/// then cost as much as building the access-log line the level drops.
struct TextLogHandler: LogHandler {
    private var stream: StreamLogHandler
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    init(label: String, metadataProvider: Logger.MetadataProvider? = nil) {
        stream = StreamLogHandler.standardOutput(label: label)
        self.metadataProvider = metadataProvider
    }

    var logLevel: Logger.Level {
        get { stream.logLevel }
        set { stream.logLevel = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        let provided = metadataProvider?.get() ?? [:]
        if !metadata.isEmpty || !provided.isEmpty {
            event.metadata = metadata.merging(provided) { _, current in current }
                .merging(event.metadata ?? [:]) { _, explicit in explicit }
        }
        stream.log(event: event)
    }
}
