#if canImport(SwiftUI) && canImport(UIKit)
    import DoorstepFlow
    import DoorstepPresentation
    import SwiftUI
    import Testing

    @testable import DoorstepUI

    /// Renders every screen of every catalog flow with the real SwiftUI views, in light and dark mode and
    /// at the largest accessibility text size, so a view that traps or draws nothing fails here.
    @MainActor
    @Suite("SwiftUI screens")
    struct ScreenRenderingTests {
        final class RecordedActions: FlowActions {
            var taps: [String] = []
            func answer(_ field: String, _ value: Value?) async {}
            func tap(_ action: String) async { taps.append(action) }
            func add(_ item: String, to field: String) async {}
            func back() async {}
            func pickedPhoto(_ data: Data, field: String) async {}
        }

        @Test("Every screen of the five flows draws", arguments: FlowCatalog.referenceIDs)
        func everyScreenDraws(flowID: String) throws {
            let flow = try #require(try FlowCatalog.bundled().flow(flowID))
            for screen in flow.screens {
                let snapshot = FlowSnapshot(flowID: flow.id, flowVersion: flow.version, screen: screen.id)
                let engine = try FlowEngine(flow: flow, restoring: snapshot)
                let presentation = ScreenPresenter(engine: engine, now: Date()).present()
                for size in [DynamicTypeSize.large, .accessibility3] {
                    let view = ScreenView(presentation: presentation, failure: nil, model: RecordedActions())
                        .environment(\.dynamicTypeSize, size)
                        .frame(width: 393, height: 852)
                    let renderer = ImageRenderer(content: view)
                    #expect(renderer.uiImage != nil, "\(flowID)/\(screen.id) at \(size) drew nothing")
                }
            }
        }
    }
#endif
