// Animations, transitions and haptics. Bodies are never run.

/// https://developer.apple.com/documentation/swiftui/animation
public struct Animation: Equatable, Sendable {
    public static var `default`: Animation { fatalError() }
    public static var easeInOut: Animation { fatalError() }
    public static var easeIn: Animation { fatalError() }
    public static var easeOut: Animation { fatalError() }
    public static var linear: Animation { fatalError() }
    public static var spring: Animation { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/animation/easeinout(duration:)
    public static func easeInOut(duration: TimeInterval) -> Animation { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/animation/easein(duration:)
    public static func easeIn(duration: TimeInterval) -> Animation { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/animation/easeout(duration:)
    public static func easeOut(duration: TimeInterval) -> Animation { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/animation/linear(duration:)
    public static func linear(duration: TimeInterval) -> Animation { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/animation/repeatforever(autoreverses:)
    public func repeatForever(autoreverses: Bool = true) -> Animation { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/animation/delay(_:)
    public func delay(_ delay: TimeInterval) -> Animation { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/withanimation(_:_:)
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    fatalError()
}

extension View {
    /// https://developer.apple.com/documentation/swiftui/view/animation(_:value:)
    nonisolated public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/transition(_:)-5h5h0
    nonisolated public func transition(_ t: AnyTransition) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/sensoryfeedback(_:trigger:)
    nonisolated public func sensoryFeedback<T: Equatable>(_ feedback: SensoryFeedback, trigger: T) -> some View {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/sensoryfeedback(_:trigger:condition:)
    nonisolated public func sensoryFeedback<T: Equatable>(
        _ feedback: SensoryFeedback, trigger: T, condition: @escaping (_ oldValue: T, _ newValue: T) -> Bool
    ) -> some View {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/sensoryfeedback(trigger:_:)
    nonisolated public func sensoryFeedback<T: Equatable>(
        trigger: T, _ feedback: @escaping (_ oldValue: T, _ newValue: T) -> SensoryFeedback?
    ) -> some View {
        fatalError()
    }
}

/// https://developer.apple.com/documentation/swiftui/anytransition
public struct AnyTransition {
    public static var opacity: AnyTransition { fatalError() }
    public static var slide: AnyTransition { fatalError() }
    public static var scale: AnyTransition { fatalError() }
    public static var identity: AnyTransition { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/anytransition/move(edge:)
    public static func move(edge: Edge) -> AnyTransition { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/anytransition/push(from:)
    public static func push(from edge: Edge) -> AnyTransition { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/anytransition/asymmetric(insertion:removal:)
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/anytransition/combined(with:)
    public func combined(with other: AnyTransition) -> AnyTransition { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/sensoryfeedback
public struct SensoryFeedback: Equatable, Sendable {
    public static var success: SensoryFeedback { fatalError() }
    public static var warning: SensoryFeedback { fatalError() }
    public static var error: SensoryFeedback { fatalError() }
    public static var selection: SensoryFeedback { fatalError() }
    public static var increase: SensoryFeedback { fatalError() }
    public static var decrease: SensoryFeedback { fatalError() }
    public static var start: SensoryFeedback { fatalError() }
    public static var stop: SensoryFeedback { fatalError() }
    public static var impact: SensoryFeedback { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/sensoryfeedback/impact(weight:intensity:)
    public static func impact(weight: SensoryFeedback.Weight = .medium, intensity: Double = 1.0) -> SensoryFeedback {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/sensoryfeedback/weight
    public struct Weight: Equatable, Sendable {
        public static var light: Weight { fatalError() }
        public static var medium: Weight { fatalError() }
        public static var heavy: Weight { fatalError() }
    }
}
