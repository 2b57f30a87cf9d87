extension FlowStrings {
    /// The button of a list builder that names none (`confirmLabel`).
    public static let defaultAddTitle = "Add"
    /// What VoiceOver hears for a progress block with no words of its own (`text`).
    public static let defaultLoadingLabel = "Loading"

    /// The words renderers show where a block gives none, with where, so a catalog translates them.
    static func defaultWords(of flow: FlowDefinition) -> [(text: String, location: String)] {
        var found: [(String, String)] = []
        for screen in flow.screens {
            for (index, block) in screen.blocks.enumerated() {
                if let (word, key) = defaultWord(of: block) {
                    found.append((word, "screens.\(screen.id).blocks.\(index).\(key) (default)"))
                }
            }
        }
        return found
    }

    /// `flow` with each block that gives no words of its own given the translation of the default.
    static func translatingDefaultWords(of flow: FlowDefinition, _ translations: [String: String]) -> FlowDefinition {
        var translated = flow
        for screen in translated.screens.indices {
            for index in translated.screens[screen].blocks.indices {
                let block = translated.screens[screen].blocks[index]
                guard let (word, key) = defaultWord(of: block), let wording = translations[word] else { continue }
                if key == "confirmLabel" {
                    translated.screens[screen].blocks[index].confirmLabel = wording
                } else {
                    translated.screens[screen].blocks[index].text = wording
                }
            }
        }
        return translated
    }

    /// The default a block shows and the key it would give instead, if the block gives none.
    private static func defaultWord(of block: Block) -> (word: String, key: String)? {
        switch block.kind {
        case .listBuilder where block.confirmLabel == nil: (defaultAddTitle, "confirmLabel")
        case .progress where block.text == nil: (defaultLoadingLabel, "text")
        default: nil
        }
    }
}
