// Modifiers that react: appearance, changes, tasks, taps, gestures, focus and submission. Their closures
// are not `@Sendable`, so a closure written in a view's body stays on the main actor. Bodies are never run.

extension View {
    /// https://developer.apple.com/documentation/swiftui/view/onappear(perform:)
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/ondisappear(perform:)
    nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:)-4psgg
    nonisolated public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> some View {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:)-8wgw9
    nonisolated public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void)
        -> some View
    {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/task(priority:_:)
    /// The iOS 17 and 18 SDKs' form: the action is `@Sendable` (the iOS 26 SDK relaxed it to `sending`).
    @available(iOS 15.0, *)
    nonisolated public func task(
        priority: TaskPriority = .userInitiated,
        @_inheritActorContext _ action: @escaping @Sendable () async -> Void
    ) -> some View {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/task(id:priority:_:)
    @available(iOS 15.0, *)
    nonisolated public func task<T: Equatable>(
        id value: T, priority: TaskPriority = .userInitiated,
        @_inheritActorContext _ action: @escaping @Sendable () async -> Void
    ) -> some View {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/ontapgesture(count:perform:)
    nonisolated public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/gesture(_:including:)
    nonisolated public func gesture<T: Gesture>(_ gesture: T, including mask: GestureMask = .all) -> some View {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/disabled(_:)
    nonisolated public func disabled(_ disabled: Bool) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/buttonstyle(_:)-7qx1
    nonisolated public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/datepickerstyle(_:)
    nonisolated public func datePickerStyle<S: DatePickerStyle>(_ style: S) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/focused(_:)
    nonisolated public func focused(_ condition: FocusState<Bool>.Binding) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/defaultfocus(_:_:priority:)
    nonisolated public func defaultFocus<V: Hashable>(
        _ binding: FocusState<V>.Binding, _ value: V, priority: DefaultFocusEvaluationPriority = .automatic
    ) -> some View {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/focused(_:equals:)
    nonisolated public func focused<Value: Hashable>(_ binding: FocusState<Value>.Binding, equals value: Value)
        -> some View
    {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/onsubmit(of:_:)
    nonisolated public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void)
        -> some View
    {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/submitlabel(_:)
    nonisolated public func submitLabel(_ submitLabel: SubmitLabel) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/scrolldismisseskeyboard(_:)
    nonisolated public func scrollDismissesKeyboard(_ mode: ScrollDismissesKeyboardMode) -> some View {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/keyboardtype(_:)
    nonisolated public func keyboardType(_ type: UIKeyboardType) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/textcontenttype(_:)-ufdv
    nonisolated public func textContentType(_ textContentType: UITextContentType?) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/textinputautocapitalization(_:)
    nonisolated public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?)
        -> some View
    {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/autocorrectiondisabled(_:)
    nonisolated public func autocorrectionDisabled(_ disable: Bool = true) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/navigationtitle(_:)-avgj
    nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/navigationtitle(_:)-5di1u
    @_disfavoredOverload
    nonisolated public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/sheet(item:ondismiss:content:)
    nonisolated public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/confirmationdialog(_:ispresented:titlevisibility:actions:)
    nonisolated public func confirmationDialog<S: StringProtocol, A: View>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: () -> A
    ) -> some View {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/simultaneousgesture(_:including:)
    nonisolated public func simultaneousGesture<T: Gesture>(_ gesture: T, including mask: GestureMask = .all)
        -> some View
    {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/presentationdragindicator(_:)
    nonisolated public func presentationDragIndicator(_ visibility: Visibility) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/interactivedismissdisabled(_:)
    nonisolated public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/presentationdetents(_:)
    nonisolated public func presentationDetents(_ detents: Set<PresentationDetent>) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/fullscreencover(item:ondismiss:content:)
    nonisolated public func fullScreenCover<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        fatalError()
    }
}

/// https://developer.apple.com/documentation/swiftui/gesture
@MainActor @preconcurrency
public protocol Gesture {
    associatedtype Value
}

extension Gesture {
    /// https://developer.apple.com/documentation/swiftui/gesture/onended(_:)
    nonisolated public func onEnded(_ action: @escaping (Value) -> Void) -> _EndedGesture<Self> { fatalError() }
}

/// The gesture `onEnded(_:)` returns.
public struct _EndedGesture<Content: Gesture>: Gesture {
    public typealias Value = Content.Value
}

/// https://developer.apple.com/documentation/swiftui/draggesture
public struct DragGesture: Gesture {
    /// https://developer.apple.com/documentation/swiftui/draggesture/init(minimumdistance:coordinatespace:)
    nonisolated public init(minimumDistance: CGFloat = 10) { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/draggesture/value
    public struct Value: Equatable, Sendable {
        public var translation: CGSize { fatalError() }
        public var location: CGPoint { fatalError() }
    }
}

/// https://developer.apple.com/documentation/swiftui/gesturemask
public struct GestureMask: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static var all: GestureMask { fatalError() }
    public static var gesture: GestureMask { fatalError() }
    public static var subviews: GestureMask { fatalError() }
    public static var none: GestureMask { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/submittriggers
public struct SubmitTriggers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static var text: SubmitTriggers { fatalError() }
    public static var search: SubmitTriggers { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/submitlabel
public struct SubmitLabel: Sendable {
    public static var done: SubmitLabel { fatalError() }
    public static var go: SubmitLabel { fatalError() }
    public static var send: SubmitLabel { fatalError() }
    public static var join: SubmitLabel { fatalError() }
    public static var route: SubmitLabel { fatalError() }
    public static var search: SubmitLabel { fatalError() }
    public static var `return`: SubmitLabel { fatalError() }
    public static var next: SubmitLabel { fatalError() }
    public static var `continue`: SubmitLabel { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/scrolldismisseskeyboardmode
public struct ScrollDismissesKeyboardMode: Sendable {
    public static var automatic: ScrollDismissesKeyboardMode { fatalError() }
    public static var immediately: ScrollDismissesKeyboardMode { fatalError() }
    public static var interactively: ScrollDismissesKeyboardMode { fatalError() }
    public static var never: ScrollDismissesKeyboardMode { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/textinputautocapitalization
public struct TextInputAutocapitalization: Sendable {
    public static var never: TextInputAutocapitalization { fatalError() }
    public static var words: TextInputAutocapitalization { fatalError() }
    public static var sentences: TextInputAutocapitalization { fatalError() }
    public static var characters: TextInputAutocapitalization { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/presentationdetent
public struct PresentationDetent: Hashable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/presentationdetent/large
    public static let large = PresentationDetent()
    /// https://developer.apple.com/documentation/swiftui/presentationdetent/medium
    public static let medium = PresentationDetent()
    private init() {}

    /// https://developer.apple.com/documentation/swiftui/presentationdetent/fraction(_:)
    public static func fraction(_ fraction: CGFloat) -> PresentationDetent { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/presentationdetent/height(_:)
    public static func height(_ height: CGFloat) -> PresentationDetent { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/visibility
@frozen public enum Visibility: Hashable, CaseIterable, Sendable {
    case automatic
    case visible
    case hidden
}

/// https://developer.apple.com/documentation/swiftui/defaultfocusevaluationpriority
public struct DefaultFocusEvaluationPriority: Sendable {
    /// https://developer.apple.com/documentation/swiftui/defaultfocusevaluationpriority/automatic
    public static let automatic = DefaultFocusEvaluationPriority()

    /// https://developer.apple.com/documentation/swiftui/defaultfocusevaluationpriority/userinitiated
    public static let userInitiated = DefaultFocusEvaluationPriority()
}
