#if canImport(SwiftUI)
    import DoorstepClient
    import DoorstepFlow
    import DoorstepPresentation
    import Foundation
    import Observation

    /// What the screens can do: every event a person causes. ``FlowModel`` sends them to a flow session;
    /// previews and tests pass their own.
    @MainActor
    public protocol FlowActions: AnyObject {
        /// Records an answer as it is typed or picked.
        func answer(_ field: String, _ value: Value?) async
        /// Taps an action.
        func tap(_ action: String) async
        /// Goes back.
        func back() async
        /// Stages a photo the picker returned, for the screen's upload.
        func pickedPhoto(_ data: Data, field: String) async
    }

    /// Drives a ``FlowSession`` for the views: every event goes to the session, and the screen is
    /// presented again from the engine afterwards. The views decide nothing the presenter does not say.
    @MainActor @Observable
    public final class FlowModel: FlowActions {
        /// What the views draw.
        public private(set) var presentation: ScreenPresentation?
        /// Whether the flow reached its terminal screen.
        public private(set) var isComplete = false
        /// A request that failed outright (no network), shown as a banner until the next event.
        public private(set) var failure: String?

        let session: FlowSession
        let offeredProviders: Set<String>
        private var timers: [String: Task<Void, Never>] = [:]

        /// Wraps a launched session.
        /// - Parameter offeredProviders: sign-in providers the app can start (`apple` always on iOS;
        ///   `google` when the host hands off to Google's SDK).
        public init(session: FlowSession, offeredProviders: Set<String>) {
            self.session = session
            self.offeredProviders = offeredProviders
        }

        /// Presents the current screen and schedules its timers.
        public func refresh() async {
            let engine = await session.engine
            presentation = ScreenPresenter(engine: engine, now: Date(), offeredProviders: offeredProviders).present()
            isComplete = engine.screen.isTerminal
            for (action, delay) in await session.scheduledTimers where timers[action] == nil {
                timers[action] = Task { [weak self] in
                    try? await Task.sleep(for: .seconds(delay))
                    guard !Task.isCancelled else { return }
                    await self?.perform { try await $0.fireTimer(action) }
                    self?.timers[action] = nil
                }
            }
        }

        /// Records an answer as it is typed or picked.
        public func answer(_ field: String, _ value: Value?) async {
            await perform { try await $0.answer(field, value) }
        }

        /// Taps an action.
        public func tap(_ action: String) async {
            await perform { try await $0.tap(action) }
        }

        /// Goes back.
        public func back() async {
            await perform { try await $0.back() }
        }

        /// While a screen offers passkey sign-in, lets the keyboard's AutoFill offer the person's passkeys
        /// from its email field; picking one signs in and presses the screen's passkey button.
        public func offerPasskeyAutoFill(client: DoorstepClient) async {
            #if canImport(AuthenticationServices) && canImport(UIKit)
                guard let action = presentation?.allActions.first(where: { $0.passkey == .get }),
                    let options = try? await client.passkeyAuthenticationOptions(),
                    let assertion = await PlatformPasskeys.assert(options, autoFill: true),
                    (try? await client.signInWithPasskey(
                        credentialID: assertion.credentialID, clientDataJSON: assertion.clientDataJSON,
                        authenticatorData: assertion.authenticatorData, signature: assertion.signature,
                        userHandle: assertion.userHandle)) != nil
                else { return }
                await PasskeyAutoFillState.shared.markSignedIn()
                await tap(action.id)
            #endif
        }

        /// Stages a photo for the upload effect, which takes it through ``AppleDeviceEffects``.
        public func pickedPhoto(_ data: Data, field: String) async {
            await PhotoInbox.shared.stage(data)
        }

        private func perform(_ event: (FlowSession) async throws -> Void) async {
            do {
                failure = nil
                try await event(session)
            } catch {
                failure = "Something went wrong. Check your connection and try again."
            }
            await refresh()
        }
    }
#endif
