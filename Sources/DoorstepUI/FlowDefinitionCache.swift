#if canImport(SwiftUI)
    import DoorstepFlow
    import Foundation

    /// The flow definitions the server last sent, one file per flow, so ``FlowView`` can start a flow
    /// when the server cannot be reached.
    public struct FlowDefinitionCache: Sendable {
        let directory: URL

        /// Keeps definitions in `directory`, creating it when needed.
        public init(directory: URL) {
            self.directory = directory
        }

        /// The app's Caches directory, under `Doorstep/Flows`: the system may empty it, and the flow
        /// then starts from the app's own copy.
        public static var caches: FlowDefinitionCache {
            let base =
                FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
                ?? FileManager.default.temporaryDirectory
            return FlowDefinitionCache(directory: base.appendingPathComponent("Doorstep/Flows", isDirectory: true))
        }

        /// The kept definition of a flow; nil when there is none or it no longer reads.
        public func load(_ flowID: String) -> FlowDefinition? {
            guard let data = FileManager.default.contents(atPath: url(flowID).path) else { return nil }
            return try? FlowDefinition.decode(from: data)
        }

        /// Keeps a definition the server sent, replacing the last one whole.
        public func save(_ flow: FlowDefinition) throws {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try JSONEncoder().encode(flow).write(to: url(flow.id), options: .atomic)
        }

        private func url(_ flowID: String) -> URL {
            let name = String(flowID.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
            return directory.appendingPathComponent(name + ".json")
        }
    }
#endif
