// The audio engine and its input node, which dictation taps. Its classes are not `Sendable`, and the tap
// block is not `@Sendable`, though the engine calls it on its own audio thread. Bodies are never run.

@_exported import AppleFoundation

/// https://developer.apple.com/documentation/avfaudio/avaudionodebus
public typealias AVAudioNodeBus = Int

/// https://developer.apple.com/documentation/avfaudio/avaudioframecount
public typealias AVAudioFrameCount = UInt32

/// https://developer.apple.com/documentation/avfaudio/avaudionodetapblock
public typealias AVAudioNodeTapBlock = (AVAudioPCMBuffer, AVAudioTime) -> Void

/// https://developer.apple.com/documentation/avfaudio/avaudioformat
open class AVAudioFormat: NSObject {}

/// https://developer.apple.com/documentation/avfaudio/avaudiotime
open class AVAudioTime: NSObject {}

/// https://developer.apple.com/documentation/avfaudio/avaudiobuffer
open class AVAudioBuffer: NSObject {}

/// https://developer.apple.com/documentation/avfaudio/avaudiopcmbuffer
open class AVAudioPCMBuffer: AVAudioBuffer {}

/// https://developer.apple.com/documentation/avfaudio/avaudionode
open class AVAudioNode: NSObject {
    /// https://developer.apple.com/documentation/avfaudio/avaudionode/outputformat(forbus:)
    open func outputFormat(forBus bus: AVAudioNodeBus) -> AVAudioFormat { fatalError() }

    /// https://developer.apple.com/documentation/avfaudio/avaudionode/installtap(onbus:buffersize:format:block:)
    open func installTap(
        onBus bus: AVAudioNodeBus, bufferSize: AVAudioFrameCount, format: AVAudioFormat?,
        block tapBlock: @escaping AVAudioNodeTapBlock
    ) {
        fatalError()
    }

    /// https://developer.apple.com/documentation/avfaudio/avaudionode/removetap(onbus:)
    open func removeTap(onBus bus: AVAudioNodeBus) { fatalError() }
}

/// https://developer.apple.com/documentation/avfaudio/avaudioionode
open class AVAudioIONode: AVAudioNode {}

/// https://developer.apple.com/documentation/avfaudio/avaudioinputnode
open class AVAudioInputNode: AVAudioIONode {}

/// https://developer.apple.com/documentation/avfaudio/avaudioengine
open class AVAudioEngine: NSObject {
    public override init() { fatalError() }

    /// https://developer.apple.com/documentation/avfaudio/avaudioengine/inputnode
    open var inputNode: AVAudioInputNode { fatalError() }

    /// https://developer.apple.com/documentation/avfaudio/avaudioengine/prepare()
    open func prepare() { fatalError() }

    /// https://developer.apple.com/documentation/avfaudio/avaudioengine/start()
    open func start() throws { fatalError() }

    /// https://developer.apple.com/documentation/avfaudio/avaudioengine/stop()
    open func stop() { fatalError() }
}
