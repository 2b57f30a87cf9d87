#if canImport(SwiftUI)
    import DoorstepClient
    import DoorstepFlow
    import DoorstepPresentation
    import SwiftUI

    /// Presents a whole flow: welcome, sign-up or sign-in, onboarding, drawn from the flow's own
    /// definition and theme, talking to your Doorstep server through `client`.
    ///
    /// ```swift
    /// FlowView(flowID: "tanda", client: client) { outcome in router.showHome() }
    /// ```
    public struct FlowView: View {
        let flowID: String
        let client: DoorstepClient
        let device: any DeviceEffects
        let snapshots: any SnapshotStore
        let events: FlowEventLog?
        let offeredProviders: Set<String>
        let onComplete: @MainActor () -> Void

        @State private var model: FlowModel?
        @State private var loadError: String?

        /// A flow from the server's catalog.
        /// - Parameters:
        ///   - device: what only the app can do; ``AppleDeviceEffects`` covers Apple sign-in, Face ID,
        ///     photos and notifications, and takes a closure for Google's SDK.
        ///   - snapshots: where progress is kept between launches.
        ///   - events: where the walk is recorded for funnels; its install id also picks the variant
        ///     of the flow's experiment. Without one nothing is recorded and the control is shown.
        ///   - offeredProviders: sign-in providers the app can start.
        public init(
            flowID: String, client: DoorstepClient, device: any DeviceEffects = AppleDeviceEffects(),
            snapshots: any SnapshotStore = FileSnapshotStore.applicationSupport, events: FlowEventLog? = nil,
            offeredProviders: Set<String> = ["apple"], onComplete: @escaping @MainActor () -> Void
        ) {
            self.flowID = flowID
            self.client = client
            self.device = device
            self.snapshots = snapshots
            self.events = events
            self.offeredProviders = offeredProviders
            self.onComplete = onComplete
        }

        public var body: some View {
            Group {
                if let model, let presentation = model.presentation {
                    ScreenView(presentation: presentation, failure: model.failure, model: model)
                        .id(presentation.screenID)
                        .task(id: presentation.screenID) { await model.offerPasskeyAutoFill(client: client) }
                        .identityConfirmation(model.identityPrompt)
                        .photoPicker(model.photoPicker)
                        .transition(.transition(for: presentation.transition))
                } else if let loadError {
                    ContentUnavailableView(
                        "Can't start", systemImage: "wifi.exclamationmark", description: Text(loadError))
                } else {
                    ProgressView()
                }
            }
            .animation(.easeInOut(duration: 0.35), value: model?.presentation?.screenID)
            .task { await start() }
            .onChange(of: model?.isComplete ?? false) { _, isComplete in
                if isComplete { onComplete() }
            }
        }

        private func start() async {
            guard model == nil else { return }
            do {
                let flow = try await client.flow(flowID)
                let session = try await FlowSession(
                    flow: flow, client: client, device: device, snapshots: snapshots, events: events)
                let model = FlowModel(
                    session: session, offeredProviders: offeredProviders,
                    appleDevice: device as? AppleDeviceEffects)
                await model.refresh()
                self.model = model
                await model.observe()
            } catch {
                loadError = "The flow could not be loaded. Check your connection and try again."
            }
        }
    }

    extension AnyTransition {
        static func transition(for transition: ScreenTransition) -> AnyTransition {
            switch transition {
            case .push: return .asymmetric(insertion: .move(edge: .trailing), removal: .move(edge: .leading))
            case .sheet, .fullScreenCover: return .move(edge: .bottom)
            case .page: return .push(from: .trailing)
            case .fade: return .opacity
            }
        }
    }
#endif
