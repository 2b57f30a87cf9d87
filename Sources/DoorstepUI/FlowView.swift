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
        let modules: [any FlowModule]
        let snapshots: any SnapshotStore
        let events: FlowEventLog?
        let offeredProviders: Set<String>
        let definitions: FlowDefinitionCache
        let bundled: FlowDefinition?
        let onComplete: @MainActor () -> Void

        @State private var model: FlowModel?
        @State private var launch: FlowStart?
        @State private var attempt = 0
        @State private var startedAttempt: Int?

        /// The words of the launch's notices: the device's language.
        private var words: PresentationWords { PresentationWords(preferring: Locale.preferredLanguages) }

        /// A flow from the server's catalog.
        /// - Parameters:
        ///   - device: what only the app can do; ``AppleDeviceEffects`` covers Apple sign-in, Face ID,
        ///     photos and notifications, and takes a closure for Google's SDK.
        ///   - modules: the app's own effects the flow calls (`module.operation`); the trainer flow
        ///     needs `TrainerModule(client: client)`.
        ///   - snapshots: where progress is kept between launches.
        ///   - events: where the walk is recorded for funnels; its install id also picks the variant
        ///     of the flow's experiment. Without one nothing is recorded and the control is shown.
        ///   - offeredProviders: sign-in providers the app can start.
        ///   - definitions: where the server's last definition is kept, to start from when it cannot be
        ///     reached.
        ///   - bundled: the definition the app ships, for a first start without the server; by default
        ///     the catalog's reference flow of that id, read only when the server does not answer.
        public init(
            flowID: String, client: DoorstepClient, device: any DeviceEffects = AppleDeviceEffects(),
            modules: [any FlowModule] = [], snapshots: any SnapshotStore = FileSnapshotStore.applicationSupport,
            events: FlowEventLog? = nil,
            offeredProviders: Set<String> = ["apple"], definitions: FlowDefinitionCache = .caches,
            bundled: FlowDefinition? = nil, onComplete: @escaping @MainActor () -> Void
        ) {
            self.flowID = flowID
            self.client = client
            self.device = device
            self.modules = modules
            self.snapshots = snapshots
            self.events = events
            self.offeredProviders = offeredProviders
            self.definitions = definitions
            self.bundled = bundled
            self.onComplete = onComplete
        }

        public var body: some View {
            Group {
                if let model, let current = model.presentation, let page = model.stack.page {
                    VStack(spacing: 0) {
                        if let launch, launch.offersRetry, let message = launch.message {
                            OfflineNotice(message: message, retryTitle: words("Retry")) { attempt += 1 }
                        }
                        ScreenView(
                            presentation: page, failure: model.stack.sheet == nil ? model.failure : nil, model: model
                        )
                        .id(page.screenID)
                        .transition(.transition(for: page.transition))
                    }
                    .sheet(item: sheet(of: model)) { sheet in
                        // Half height as the specs draw it; the person may pull it up for the largest text.
                        ScreenView(presentation: sheet.presentation, failure: model.failure, model: model)
                            .presentationDetents([.medium, .large])
                            .presentationDragIndicator(.visible)
                            .interactiveDismissDisabled(!sheet.presentation.allowsBack)
                            .identityConfirmation(
                                model.identityPrompt, presents: model.stack.promptLayer == .sheet
                            )
                            .photoPicker(model.photoPicker, presents: model.stack.promptLayer == .sheet)
                    }
                    // A sheet is presented from the topmost view: the page asks while no sheet covers it.
                    .identityConfirmation(model.identityPrompt, presents: model.stack.promptLayer == .page)
                    .photoPicker(model.photoPicker, presents: model.stack.promptLayer == .page)
                    .task(id: current.screenID) { await model.offerPasskeyAutoFill(client: client) }
                } else if let launch, launch.definition == nil {
                    VStack {
                        ContentUnavailableView(
                            words("Can't start"), systemImage: "wifi.exclamationmark",
                            description: launch.message.map(Text.init))
                        Button(words("Retry")) { attempt += 1 }.buttonStyle(.borderedProminent)
                    }
                } else {
                    ProgressView()
                }
            }
            .animation(.easeInOut(duration: 0.35), value: model?.stack.page?.screenID)
            .task(id: attempt) { await start() }
            .onChange(of: model?.isComplete ?? false) { _, isComplete in
                if isComplete { onComplete() }
            }
        }

        /// The catalog's copy of a flow in the person's language, as the server would have answered;
        /// decoded only when a start needs it, not each time a parent view draws this one.
        private static func shipped(_ flowID: String) -> FlowDefinition? {
            (try? FlowCatalog.bundled())?.flow(flowID)?.localized(
                with: try? FlowCatalog.strings(flowID), preferredLanguages: Locale.preferredLanguages
            ).definition
        }

        /// The sheet over the page; swiping it down goes back, as its Back button does.
        private func sheet(of model: FlowModel) -> Binding<SheetScreen?> {
            Binding(
                get: { model.stack.sheet.map(SheetScreen.init) },
                set: { shown in
                    if shown == nil, model.stack.sheet != nil { Task { await model.back() } }
                })
        }

        /// Starts from the server's definition, or without it from the kept or shipped one (the decision
        /// is ``FlowStart``'s); Retry runs this again and, once the server answers, replaces the offline
        /// flow, which resumes from its saved progress.
        private func start() async {
            // The view came back on screen: the running flow goes on, followed again.
            if let model, startedAttempt == attempt {
                await model.observe()
                return
            }
            startedAttempt = attempt
            // A silent network is given a few seconds, not a request's minute, before the kept copy starts.
            let fetched = await FlowStart.fetched { [client, flowID] in try await client.flow(flowID) }
            let decision = FlowStart(
                fetched: fetched, cached: fetched == nil ? definitions.load(flowID) : nil,
                bundled: fetched == nil ? bundled ?? Self.shipped(flowID) : nil,
                preferredLanguages: Locale.preferredLanguages)
            // Offline again on Retry, the flow already running stays, followed again (this task replaced
            // the one that followed it).
            guard let flow = decision.definition, model == nil || decision.source == .server else {
                if let model { await model.observe() } else { launch = decision }
                return
            }
            if decision.shouldCache { try? definitions.save(flow) }
            do {
                let session = try await FlowSession(
                    flow: flow, client: client, device: device, modules: modules, snapshots: snapshots,
                    events: events)
                let model = FlowModel(
                    session: session, offeredProviders: offeredProviders,
                    appleDevice: device as? AppleDeviceEffects)
                await model.refresh()
                self.model = model
                launch = decision
                await model.observe()
            } catch {
                if model == nil {
                    launch = FlowStart(
                        fetched: nil, cached: nil, bundled: nil, preferredLanguages: Locale.preferredLanguages)
                }
            }
        }
    }

    /// A screen shown in a sheet, identified by its screen.
    struct SheetScreen: Identifiable {
        let presentation: ScreenPresentation
        var id: String { presentation.screenID }
    }

    /// Says the flow runs without the server, with Retry.
    struct OfflineNotice: View {
        let message: String
        let retryTitle: String
        let retry: @MainActor () -> Void

        var body: some View {
            HStack {
                Image(systemName: "wifi.slash").accessibilityHidden(true)
                Text(message).font(.footnote)
                Spacer()
                Button(retryTitle, action: retry).font(.footnote.bold())
            }
            .padding(.horizontal).padding(.vertical, 8)
            .background(.ultraThinMaterial)
            .accessibilityElement(children: .combine)
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
