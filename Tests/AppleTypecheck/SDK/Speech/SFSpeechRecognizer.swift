// Speech recognition. Its classes are not `Sendable`, and its handlers are not `@Sendable`, though the
// system calls them on a queue of its own. Bodies are never run.

@_exported import AVFoundation

/// https://developer.apple.com/documentation/speech/sfspeechrecognizerauthorizationstatus
public enum SFSpeechRecognizerAuthorizationStatus: Int, Sendable {
    case notDetermined
    case denied
    case restricted
    case authorized
}

/// https://developer.apple.com/documentation/speech/sfspeechrecognizer
///
/// A root class here: `NSObject`'s `init()` would clash with the failable `init?()` Speech declares.
open class SFSpeechRecognizer {
    /// https://developer.apple.com/documentation/speech/sfspeechrecognizer/init()
    public init?() { fatalError() }

    /// https://developer.apple.com/documentation/speech/sfspeechrecognizer/init(locale:)
    public init?(locale: Locale) { fatalError() }

    /// https://developer.apple.com/documentation/speech/sfspeechrecognizer/authorizationstatus()
    open class func authorizationStatus() -> SFSpeechRecognizerAuthorizationStatus { fatalError() }

    /// https://developer.apple.com/documentation/speech/sfspeechrecognizer/requestauthorization(_:)
    open class func requestAuthorization(_ handler: @escaping (SFSpeechRecognizerAuthorizationStatus) -> Void) {
        fatalError()
    }

    /// https://developer.apple.com/documentation/speech/sfspeechrecognizer/isavailable
    open var isAvailable: Bool { fatalError() }

    /// https://developer.apple.com/documentation/speech/sfspeechrecognizer/supportsondevicerecognition
    open var supportsOnDeviceRecognition: Bool {
        get { fatalError() }
        set { fatalError() }
    }

    /// https://developer.apple.com/documentation/speech/sfspeechrecognizer/recognitiontask(with:resulthandler:)
    open func recognitionTask(
        with request: SFSpeechRecognitionRequest,
        resultHandler: @escaping (SFSpeechRecognitionResult?, (any Error)?) -> Void
    ) -> SFSpeechRecognitionTask {
        fatalError()
    }
}

/// https://developer.apple.com/documentation/speech/sfspeechrecognitionrequest
open class SFSpeechRecognitionRequest: NSObject {
    /// https://developer.apple.com/documentation/speech/sfspeechrecognitionrequest/shouldreportpartialresults
    open var shouldReportPartialResults: Bool {
        get { fatalError() }
        set { fatalError() }
    }

    /// https://developer.apple.com/documentation/speech/sfspeechrecognitionrequest/requiresondevicerecognition
    open var requiresOnDeviceRecognition: Bool {
        get { fatalError() }
        set { fatalError() }
    }
}

/// https://developer.apple.com/documentation/speech/sfspeechaudiobufferrecognitionrequest
open class SFSpeechAudioBufferRecognitionRequest: SFSpeechRecognitionRequest {
    public override init() { fatalError() }

    /// https://developer.apple.com/documentation/speech/sfspeechaudiobufferrecognitionrequest/append(_:)
    open func append(_ audioPCMBuffer: AVAudioPCMBuffer) { fatalError() }

    /// https://developer.apple.com/documentation/speech/sfspeechaudiobufferrecognitionrequest/endaudio()
    open func endAudio() { fatalError() }
}

/// https://developer.apple.com/documentation/speech/sfspeechrecognitionresult
open class SFSpeechRecognitionResult: NSObject {
    /// https://developer.apple.com/documentation/speech/sfspeechrecognitionresult/besttranscription
    open var bestTranscription: SFTranscription { fatalError() }

    /// https://developer.apple.com/documentation/speech/sfspeechrecognitionresult/isfinal
    open var isFinal: Bool { fatalError() }
}

/// https://developer.apple.com/documentation/speech/sftranscription
open class SFTranscription: NSObject {
    /// https://developer.apple.com/documentation/speech/sftranscription/formattedstring
    open var formattedString: String { fatalError() }
}

/// https://developer.apple.com/documentation/speech/sfspeechrecognitiontask
open class SFSpeechRecognitionTask: NSObject {
    /// https://developer.apple.com/documentation/speech/sfspeechrecognitiontask/cancel()
    open func cancel() { fatalError() }

    /// https://developer.apple.com/documentation/speech/sfspeechrecognitiontask/finish()
    open func finish() { fatalError() }
}
