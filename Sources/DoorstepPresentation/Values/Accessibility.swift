/// What assistive technology is told about an element.
public struct AccessibilityPresentation: Sendable, Hashable, Codable {
    /// Traits VoiceOver announces, as SwiftUI's `AccessibilityTraits` name them.
    public enum Trait: String, Sendable, Hashable, Codable {
        case header, button, link, image, selected, updatesFrequently, staticText, notEnabled
    }

    /// What is read out, when it differs from the visible text.
    public var label: String?
    /// What happens when it is activated, or what to enter.
    public var hint: String?
    /// Its current value, such as `5 feet 8 inches`.
    public var value: String?
    /// Its traits.
    public var traits: [Trait]
    /// Hidden from assistive technology (decoration).
    public var isHidden: Bool

    /// Creates a description.
    public init(
        label: String? = nil, hint: String? = nil, value: String? = nil, traits: [Trait] = [], isHidden: Bool = false
    ) {
        self.label = label
        self.hint = hint
        self.value = value
        self.traits = traits
        self.isHidden = isHidden
    }

    /// Decoration that assistive technology skips.
    public static let hidden = AccessibilityPresentation(isHidden: true)
}
