// Accessibility modifiers and announcements. Bodies are never run.

extension View {
    /// https://developer.apple.com/documentation/swiftui/view/accessibilityhidden(_:)
    nonisolated public func accessibilityHidden(_ hidden: Bool) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/accessibilityaddtraits(_:)
    nonisolated public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/accessibilityelement(children:)
    nonisolated public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/accessibilitylabel(_:)-1d7jv
    nonisolated public func accessibilityLabel(_ label: Text) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/accessibilitylabel(_:)-5f0zj
    nonisolated public func accessibilityLabel(_ labelKey: LocalizedStringKey) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/accessibilitylabel(_:)-pvom
    @_disfavoredOverload
    nonisolated public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/accessibilityhint(_:)-6a4ad
    nonisolated public func accessibilityHint(_ hint: Text) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/accessibilityhint(_:)-2ybfr
    nonisolated public func accessibilityHint(_ hintKey: LocalizedStringKey) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/accessibilityhint(_:)-71dp1
    @_disfavoredOverload
    nonisolated public func accessibilityHint<S: StringProtocol>(_ hint: S) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/accessibilityvalue(_:)-5ttkl
    nonisolated public func accessibilityValue(_ valueDescription: Text) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/accessibilityvalue(_:)-9hzwy
    nonisolated public func accessibilityValue(_ valueKey: LocalizedStringKey) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/accessibilityvalue(_:)-3vbqd
    @_disfavoredOverload
    nonisolated public func accessibilityValue<S: StringProtocol>(_ value: S) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/accessibilityadjustableaction(_:)
    nonisolated public func accessibilityAdjustableAction(
        _ handler: @escaping (AccessibilityAdjustmentDirection) -> Void
    ) -> some View {
        fatalError()
    }
}

/// https://developer.apple.com/documentation/swiftui/accessibilitytraits
public struct AccessibilityTraits: OptionSet, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static var isButton: AccessibilityTraits { fatalError() }
    public static var isHeader: AccessibilityTraits { fatalError() }
    public static var isSelected: AccessibilityTraits { fatalError() }
    public static var isLink: AccessibilityTraits { fatalError() }
    public static var isImage: AccessibilityTraits { fatalError() }
    public static var isStaticText: AccessibilityTraits { fatalError() }
    public static var updatesFrequently: AccessibilityTraits { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/accessibilitychildbehavior
public struct AccessibilityChildBehavior: Hashable, Sendable {
    public static var ignore: AccessibilityChildBehavior { fatalError() }
    public static var contain: AccessibilityChildBehavior { fatalError() }
    public static var combine: AccessibilityChildBehavior { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/accessibilityadjustmentdirection
public enum AccessibilityAdjustmentDirection: Hashable, Sendable {
    case increment
    case decrement
}

/// https://developer.apple.com/documentation/accessibility/accessibilitynotification
public enum AccessibilityNotification {
    /// https://developer.apple.com/documentation/accessibility/accessibilitynotification/announcement
    public struct Announcement: Sendable {
        /// https://developer.apple.com/documentation/accessibility/accessibilitynotification/announcement/init(_:)-2v1e8
        public init(_ announcement: String) { fatalError() }

        /// https://developer.apple.com/documentation/accessibility/accessibilitynotification/announcement/init(_:)-4iyq8
        public init(_ announcement: AttributedString) { fatalError() }

        /// https://developer.apple.com/documentation/accessibility/accessibilitynotification/post()
        public func post() { fatalError() }
    }

    /// https://developer.apple.com/documentation/accessibility/accessibilitynotification/screenchanged
    public struct ScreenChanged {
        /// https://developer.apple.com/documentation/accessibility/accessibilitynotification/screenchanged/init(_:)
        public init(_ element: Any? = nil) { fatalError() }

        /// https://developer.apple.com/documentation/accessibility/accessibilitynotification/post()
        public func post() { fatalError() }
    }
}
