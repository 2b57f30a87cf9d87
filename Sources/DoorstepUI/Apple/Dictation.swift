#if canImport(SwiftUI)
    import Foundation
    import Observation

    #if canImport(Speech) && canImport(AVFoundation)
        import AVFoundation
        import Speech
    #endif

    /// Speech to text on the device for voice answers: asks for speech recognition and the microphone the
    /// first time, streams the transcript while the person speaks, and stops on a second tap or when the
    /// view goes away. One per answer: its recognizer and audio engine live as long as the question shows.
    @MainActor @Observable
    final class Dictation {
        private(set) var isListening = false

        #if canImport(Speech) && canImport(AVFoundation)
            private let recognizer = SFSpeechRecognizer()
            private let audio = AVAudioEngine()
            private var request: SFSpeechAudioBufferRecognitionRequest?
            private var task: SFSpeechRecognitionTask?

            var isAvailable: Bool { recognizer?.isAvailable == true }

            func toggle(onTranscript: @escaping @MainActor (String) -> Void) {
                if isListening {
                    stop()
                    return
                }
                Task {
                    guard await Self.isAuthorized(), await Self.mayRecord() else { return }
                    start(onTranscript: onTranscript)
                }
            }

            private func start(onTranscript: @escaping @MainActor (String) -> Void) {
                guard let recognizer, !isListening else { return }
                let request = SFSpeechAudioBufferRecognitionRequest()
                request.shouldReportPartialResults = true
                request.requiresOnDeviceRecognition = recognizer.supportsOnDeviceRecognition
                #if canImport(UIKit)
                    let session = AVAudioSession.sharedInstance()
                    guard (try? session.setCategory(.record, mode: .measurement, options: .duckOthers)) != nil,
                        (try? session.setActive(true, options: .notifyOthersOnDeactivation)) != nil
                    else { return }
                #endif
                Self.feed(request, from: audio.inputNode)
                audio.prepare()
                guard (try? audio.start()) != nil else {
                    audio.inputNode.removeTap(onBus: 0)
                    return
                }
                self.request = request
                isListening = true
                task = Self.recognize(request, with: recognizer) { [weak self] transcript, isFinal in
                    Task { @MainActor in
                        if let transcript { onTranscript(transcript) }
                        if isFinal { self?.stop() }
                    }
                }
            }

            // Speech and the audio engine call these closures on queues of their own. Made here, outside the
            // main actor, they are not main-actor closures, which Swift 6 would stop at run time there; each
            // hops to the main actor with plain values.

            /// Asks for speech recognition the first time; later answers come at once.
            private nonisolated static func isAuthorized() async -> Bool {
                await withCheckedContinuation { continuation in
                    SFSpeechRecognizer.requestAuthorization { status in
                        continuation.resume(returning: status == .authorized)
                    }
                }
            }

            /// Asks for the microphone the first time; later answers come at once.
            private nonisolated static func mayRecord() async -> Bool {
                await withCheckedContinuation { continuation in
                    AVAudioApplication.requestRecordPermission { granted in
                        continuation.resume(returning: granted)
                    }
                }
            }

            /// Hands the microphone's buffers to the request, on the audio engine's thread.
            private nonisolated static func feed(
                _ request: SFSpeechAudioBufferRecognitionRequest, from input: AVAudioInputNode
            ) {
                input.installTap(onBus: 0, bufferSize: 1024, format: input.outputFormat(forBus: 0)) { buffer, _ in
                    request.append(buffer)
                }
            }

            /// Reports each transcript, and whether it is the last.
            private nonisolated static func recognize(
                _ request: SFSpeechAudioBufferRecognitionRequest, with recognizer: SFSpeechRecognizer,
                onUpdate: @escaping @Sendable (_ transcript: String?, _ isFinal: Bool) -> Void
            ) -> SFSpeechRecognitionTask {
                recognizer.recognitionTask(with: request) { result, error in
                    onUpdate(result?.bestTranscription.formattedString, result?.isFinal == true || error != nil)
                }
            }

            func stop() {
                guard isListening else { return }
                audio.stop()
                audio.inputNode.removeTap(onBus: 0)
                request?.endAudio()
                task?.cancel()
                request = nil
                task = nil
                isListening = false
                #if canImport(UIKit)
                    try? AVAudioSession.sharedInstance().setActive(false, options: .notifyOthersOnDeactivation)
                #endif
            }
        #else
            var isAvailable: Bool { false }
            func toggle(onTranscript: @escaping @MainActor (String) -> Void) {}
            func stop() {}
        #endif
    }
#endif
