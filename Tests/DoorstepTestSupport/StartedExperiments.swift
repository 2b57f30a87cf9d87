import DoorstepFlow
import Foundation

/// The catalog with its experiments started, as an operator serves it: the shipped catalog keeps them
/// paused, so tests of an experiment (and the browser walk) serve this copy.
public enum StartedExperiments {
    /// The bundled flow with its experiment started.
    public static func flow(_ id: String) throws -> FlowDefinition? {
        try FlowCatalog.bundled().flow(id)?.startingExperiment()
    }

    /// A fresh directory holding every bundled flow that has an experiment, started; pass it as the
    /// server's `flowsDirectory`.
    public static func directory() throws -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("doorstep-flows-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        for flow in try FlowCatalog.bundled().flows where flow.experiment != nil {
            try encoder.encode(flow.startingExperiment())
                .write(to: directory.appendingPathComponent("\(flow.id).json"))
        }
        return directory.path
    }
}
