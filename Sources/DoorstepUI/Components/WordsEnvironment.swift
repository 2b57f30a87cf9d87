#if canImport(SwiftUI)
    import DoorstepPresentation
    import SwiftUI

    /// The renderers' own words (Previous, Next, what VoiceOver reads) in the language of the screen
    /// on show, which ``ScreenView`` sets for everything inside it.
    struct PresentationWordsKey: EnvironmentKey {
        static let defaultValue = PresentationWords(language: nil)
    }

    extension EnvironmentValues {
        /// The words of the screen on show.
        var presentationWords: PresentationWords {
            get { self[PresentationWordsKey.self] }
            set { self[PresentationWordsKey.self] = newValue }
        }
    }
#endif
