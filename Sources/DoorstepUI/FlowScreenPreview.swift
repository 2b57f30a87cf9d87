#if canImport(SwiftUI)
    import DoorstepFlow
    import DoorstepPresentation
    import Foundation
    import SwiftUI

    /// One screen of a flow drawn exactly as ``FlowView`` draws it, with buttons and fields that do
    /// nothing: for Xcode previews of a flow's screens, and for snapshot tests of them.
    ///
    /// ```swift
    /// #Preview { FlowScreenPreview(presentation) }
    /// ```
    public struct FlowScreenPreview: View {
        let presentation: ScreenPresentation
        @State private var actions = InertFlowActions()

        /// Draws `presentation`, made with `ScreenPresenter`.
        public init(_ presentation: ScreenPresentation) {
            self.presentation = presentation
        }

        public var body: some View {
            ScreenView(presentation: presentation, failure: nil, model: actions)
        }
    }

    /// Actions that go nowhere.
    @MainActor
    final class InertFlowActions: FlowActions {
        func answer(_ field: String, _ value: Value?) async {}
        func tap(_ action: String) async {}
        func add(_ item: String, to field: String) async {}
        func back() async {}
        func pickedPhoto(_ data: Data, field: String) async {}
    }
#endif
