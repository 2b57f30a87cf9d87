#if canImport(SwiftUI) && canImport(UIKit)
    import DoorstepFlow
    import DoorstepPresentation
    import DoorstepUI
    import Foundation
    import SwiftUI
    import Testing
    import UIKit

    /// Every screen of the five reference flows, drawn by DoorstepUI on an iPhone-sized canvas in light
    /// mode, dark mode and the largest accessibility text size, compared with the reviewed images in
    /// `References/`. A missing reference is written and the test fails, so a new screen is looked at
    /// before it is committed; `DOORSTEP_RECORD_SNAPSHOTS=1` rewrites them all after an intended change.
    /// A screen that differs is drawn into `Failures/` beside them.
    @MainActor
    @Suite("Screen snapshots")
    struct ScreenSnapshotTests {
        /// How a screen is looked at.
        enum Look: String, CaseIterable, Sendable {
            case light, dark, largestText

            var colorScheme: ColorScheme { self == .dark ? .dark : .light }
            var textSize: DynamicTypeSize { self == .largestText ? .accessibility5 : .large }
        }

        /// Countdowns and date limits are taken at this moment, long past, so they read the same on
        /// every run.
        static let now = Date(timeIntervalSince1970: 0)
        static var isRecording: Bool { ProcessInfo.processInfo.environment["DOORSTEP_RECORD_SNAPSHOTS"] == "1" }

        @Test("Every screen looks as reviewed", arguments: FlowCatalog.referenceIDs, Look.allCases)
        func everyScreen(flowID: String, look: Look) throws {
            let flow = try #require(try FlowCatalog.bundled().flow(flowID))
            for screen in flow.screens {
                let snapshot = FlowSnapshot(flowID: flow.id, flowVersion: flow.version, screen: screen.id)
                let presentation = ScreenPresenter(
                    engine: try FlowEngine(flow: flow, restoring: snapshot), now: Self.now
                )
                .present()
                let name = "\(flowID)-\(screen.id)-\(look.rawValue)"
                let png = try #require(render(presentation, look: look), "\(name) drew nothing")
                try compare(png, with: Self.referenceURL(name), name: name)
            }
        }

        private func render(_ presentation: ScreenPresentation, look: Look) -> Data? {
            let view = FlowScreenPreview(presentation)
                .environment(\.colorScheme, look.colorScheme)
                .environment(\.dynamicTypeSize, look.textSize)
                .frame(width: 393, height: 852)
            let renderer = ImageRenderer(content: view)
            renderer.scale = 2
            return renderer.uiImage?.pngData()
        }

        private func compare(_ png: Data, with reference: URL, name: String) throws {
            guard !Self.isRecording, let expected = FileManager.default.contents(atPath: reference.path) else {
                try png.write(to: reference)
                Issue.record("Recorded \(name).png: review it, then commit it")
                return
            }
            if expected != png {
                let failures = reference.deletingLastPathComponent().deletingLastPathComponent()
                    .appendingPathComponent("Failures", isDirectory: true)
                try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
                try png.write(to: failures.appendingPathComponent("\(name).png"))
                Issue.record("\(name) differs from References/\(name).png; this run drew Failures/\(name).png")
            }
        }

        private static func referenceURL(_ name: String, file: String = #filePath) -> URL {
            URL(fileURLWithPath: file).deletingLastPathComponent()
                .appendingPathComponent("References/\(name).png")
        }
    }
#endif
