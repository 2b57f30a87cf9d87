#if canImport(SwiftUI)
    import Foundation
    import Observation

    #if canImport(PhotosUI)
        import PhotosUI
    #endif

    /// The system photo picker opened by the flow itself, when a screen's button (TANDA's "Add Photo")
    /// runs the `pickImage` effect and no photo is staged yet: ``AppleDeviceEffects`` asks here,
    /// ``FlowView`` shows the picker, and the chosen photo comes back converted for upload.
    @MainActor @Observable
    public final class PhotoPickerPrompt {
        /// Whether the picker shows.
        public var isPresented = false {
            didSet {
                // The picker may close just before it hands over its selection: look once it has, and
                // only at the request that was showing.
                guard oldValue, !isPresented else { return }
                let closed = requests
                Task { if !isLoading, requests == closed { finish(nil) } }
            }
        }
        @ObservationIgnored private var continuation: CheckedContinuation<Data?, Never>?
        @ObservationIgnored private var isLoading = false
        @ObservationIgnored private var requests = 0

        /// Creates a prompt that shows nothing.
        nonisolated public init() {}

        /// Opens the picker and waits for a photo, ready to upload; nil when the person closes it, the
        /// photo cannot be read, or the calling task is cancelled.
        func pick() async -> Data? {
            finish(nil)
            requests += 1
            return await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    self.continuation = continuation
                    isPresented = true
                }
            } onCancel: {
                Task { @MainActor in self.close() }
            }
        }

        /// The person chose a photo, already read from the library and prepared for upload (nil when it
        /// could not be).
        func picked(_ upload: Data?) {
            isLoading = false
            finish(upload)
        }

        private func close() {
            finish(nil)
            isPresented = false
        }

        private func finish(_ data: Data?) {
            continuation?.resume(returning: data)
            continuation = nil
        }

        #if canImport(PhotosUI)
            /// The item the picker selected; reading it starts at once.
            public var selection: PhotosPickerItem? {
                didSet {
                    guard let selection else { return }
                    isLoading = true
                    self.selection = nil
                    Task {
                        picked(await PhotoUpload.prepared(try? await selection.loadTransferable(type: Data.self)))
                    }
                }
            }
        #endif
    }
#endif
