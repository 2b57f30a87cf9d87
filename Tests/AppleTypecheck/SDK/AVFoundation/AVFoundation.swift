// AVFoundation's umbrella header imports AVFAudio, and every audio type the iOS code uses (the engine,
// its input node, the session, the application's record permission) is declared there: this module
// re-exports the declarations derived from AVFAudio's headers, as the SDK's AVFoundation does.

@_exported import AVFAudio
