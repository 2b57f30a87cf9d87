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
        /// The person left a field or paused typing in it: a wrong answer says why.
        func leave(_ field: String) async
        /// Taps an action.
        func tap(_ action: String) async
        /// Adds an entry to a list field with its Add button.
        func add(_ item: String, to field: String) async
        /// Goes back.
        func back() async
        /// Stages a photo the picker returned, for the screen's upload.
        func pickedPhoto(_ data: Data, field: String) async
        /// Where Apple's button leaves its credential for the flow's `signInWithApple` effect.
        var appleSignIn: AppleSignInHandoff { get }
        /// A system sheet (Apple's) is about to open from a button: a passkey AutoFill request running is
        /// asked to end, as the system refuses a second authorization while one runs.
        func systemSheetWillOpen()
    }

    extension FlowActions {
        /// Nothing to check, for previews and tests that do not.
        public func leave(_ field: String) async {}
        /// A handoff nobody reads, for previews and tests that sign in with nothing.
        public var appleSignIn: AppleSignInHandoff { AppleSignInHandoff() }
        /// Nothing runs that could stand in the sheet's way.
        public func systemSheetWillOpen() {}
    }

    /// Drives a ``FlowSession`` for the views: every event goes to the session, and the screen is
    /// presented again from the engine whenever it changes. The views decide nothing the presenter does
    /// not say.
    @MainActor @Observable
    public final class FlowModel: FlowActions {
        /// What the views draw: the current screen.
        public private(set) var presentation: ScreenPresentation?
        /// The page drawn underneath and the sheet over it, when the current screen is one.
        public private(set) var stack = ScreenStack()
        /// Whether the person finished the flow (tapped its terminal screen's action).
        public private(set) var isComplete = false
        /// A request that failed outright (no network), shown as a banner until the next event.
        public private(set) var failure: String?

        let session: FlowSession
        let offeredProviders: Set<String>
        /// The Apple device effects the session runs with: their passkeys are offered in AutoFill and
        /// their identity questions shown over the flow.
        let appleDevice: AppleDeviceEffects?
        /// Where the flow's effects ask the person who they are: the Apple device's, else one nobody asks.
        let identityPrompt: IdentityPrompt
        /// Where Apple's button leaves its credential: the Apple device's, which the sign-in effect reads.
        public let appleSignIn: AppleSignInHandoff
        /// The photo picker the flow's `pickImage` effect opens, shown by ``FlowView``.
        let photoPicker: PhotoPickerPrompt
        private var timers: [String: Task<Void, Never>] = [:]
        private var passkeyAutoFill: Task<Void, Never>?
        private var countdownEnd: Task<Void, Never>?

        /// Wraps a launched session.
        /// - Parameters:
        ///   - offeredProviders: sign-in providers the app can start (`apple` always on iOS;
        ///     `google` when the host hands off to Google's SDK).
        ///   - appleDevice: the device effects the session runs with, when they are Apple's: their
        ///     passkeys are offered in the keyboard's AutoFill and their questions shown over the flow.
        public init(session: FlowSession, offeredProviders: Set<String>, appleDevice: AppleDeviceEffects? = nil) {
            self.session = session
            self.offeredProviders = offeredProviders
            self.appleDevice = appleDevice
            self.identityPrompt = appleDevice?.identityPrompt ?? IdentityPrompt()
            self.appleSignIn = appleDevice?.appleSignIn ?? AppleSignInHandoff()
            self.photoPicker = appleDevice?.photoPicker ?? PhotoPickerPrompt()
        }

        /// Follows the session until the calling task ends, presenting every state it publishes — as soon
        /// as an effect starts too, so buttons show their loading titles and cannot be pressed twice.
        public func observe() async {
            for await engine in await session.states() {
                present(engine)
                isComplete = await session.isFinished
            }
        }

        /// Presents the current screen, schedules its timers and ends those of a screen that has gone.
        public func refresh() async {
            present(await session.engine)
            isComplete = await session.isFinished
            let scheduled = await session.scheduledTimers
            for (action, timer) in timers where scheduled[action] == nil {
                timer.cancel()
                timers[action] = nil
            }
            for (action, delay) in scheduled where timers[action] == nil {
                timers[action] = Task { [weak self] in
                    try? await Task.sleep(for: .seconds(delay))
                    guard !Task.isCancelled else { return }
                    self?.timers[action] = nil
                    await self?.perform { try await $0.fireTimer(action) }
                }
            }
        }

        /// Records an answer as it is typed or picked.
        public func answer(_ field: String, _ value: Value?) async {
            await perform { try await $0.answer(field, value) }
        }

        /// The person left a field or paused typing in it.
        public func leave(_ field: String) async {
            await perform { try await $0.leave(field) }
        }

        /// Adds an entry to a list field; a refused one comes back with its message.
        public func add(_ item: String, to field: String) async {
            await perform { try await $0.add(item, to: field) }
        }

        /// Taps an action. An AutoFill passkey request ends first, and is waited for: the action may start
        /// a passkey sheet of its own, which the system refuses while the other request still runs.
        public func tap(_ action: String) async {
            await endPasskeyAutoFill()
            await perform { try await $0.tap(action) }
        }

        /// Cancels the passkey AutoFill request, if one runs, and waits until it has ended.
        private func endPasskeyAutoFill() async {
            guard let request = passkeyAutoFill else { return }
            passkeyAutoFill = nil
            request.cancel()
            await request.value
        }

        /// Asks the passkey AutoFill request to end as Apple's button opens its sheet.
        public func systemSheetWillOpen() {
            passkeyAutoFill?.cancel()
        }

        /// Goes back.
        public func back() async {
            await perform { try await $0.back() }
        }

        /// While the screen offers passkey sign-in from its email field, lets the keyboard's AutoFill offer
        /// the person's passkeys there; picking one signs in and presses the screen's passkey button. The
        /// request ends when the calling task is cancelled (the screen changed) or an action is tapped.
        public func offerPasskeyAutoFill(client: DoorstepClient) async {
            passkeyAutoFill?.cancel()
            guard let device = appleDevice, let action = presentation?.passkeyAutoFillAction else { return }
            let request = Task { [weak self] in
                guard await device.signInWithPasskeyAutoFill(client: client) else { return }
                await self?.perform { try await $0.tap(action.id) }
            }
            passkeyAutoFill = request
            await withTaskCancellationHandler {
                await request.value
            } onCancel: {
                request.cancel()
            }
        }

        /// Stages a photo for the upload effect, which takes it through ``AppleDeviceEffects``.
        public func pickedPhoto(_ data: Data, field: String) async {
            await (appleDevice?.photos ?? PhotoInbox.shared).stage(data)
        }

        private func present(_ engine: FlowEngine) {
            let now = Date()
            presentation = ScreenPresenter(engine: engine, now: now, offeredProviders: offeredProviders).present()
            identityPrompt.words = presentation?.words ?? identityPrompt.words
            if let presentation { stack.show(presentation) }
            // A countdown ends at a fixed moment: the screen is presented again then, its action enabled.
            countdownEnd?.cancel()
            countdownEnd = presentation?.nextCountdownEnd.map { end in
                Task { [weak self] in
                    try? await Task.sleep(for: .seconds(max(0, end.timeIntervalSince(now))))
                    guard !Task.isCancelled else { return }
                    await self?.refresh()
                }
            }
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
