#if canImport(SwiftUI)
    import Foundation
    import Observation

    #if canImport(Speech) && canImport(AVFoundation)
        import AVFoundation
        import Speech
    #endif

    /// Speech to text on the device for voice answers: asks for permission the first time, streams the
    /// transcript while the person speaks, and stops on a second tap or when the view goes away.
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
                SFSpeechRecognizer.requestAuthorization { status in
                    Task { @MainActor in
                        guard status == .authorized else { return }
                        self.start(onTranscript: onTranscript)
                    }
                }
            }

            private func start(onTranscript: @escaping @MainActor (String) -> Void) {
                let request = SFSpeechAudioBufferRecognitionRequest()
                request.shouldReportPartialResults = true
                request.requiresOnDeviceRecognition = recognizer?.supportsOnDeviceRecognition == true
                let input = audio.inputNode
                input.installTap(onBus: 0, bufferSize: 1024, format: input.outputFormat(forBus: 0)) { buffer, _ in
                    request.append(buffer)
                }
                audio.prepare()
                guard (try? audio.start()) != nil else { return }
                self.request = request
                isListening = true
                task = recognizer?.recognitionTask(with: request) { result, error in
                    let transcript = result?.bestTranscription.formattedString
                    let isFinal = result?.isFinal == true || error != nil
                    Task { @MainActor in
                        if let transcript { onTranscript(transcript) }
                        if isFinal { self.stop() }
                    }
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
            }
        #else
            var isAvailable: Bool { false }
            func toggle(onTranscript: @escaping @MainActor (String) -> Void) {}
            func stop() {}
        #endif
    }
#endif
