// Buttons, text inputs, pickers and the other controls the screens use. Initialisers are `nonisolated`
// and action closures `@MainActor`, as in the iOS 18 SDK. Bodies are never run.

/// https://developer.apple.com/documentation/swiftui/button
@MainActor @preconcurrency
public struct Button<Label: View>: View {
    public var body: Never { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/button/init(action:label:)
    @preconcurrency nonisolated public init(
        action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label
    ) {
        fatalError()
    }
}

extension Button where Label == Text {
    /// https://developer.apple.com/documentation/swiftui/button/init(_:action:)-1asy
    @preconcurrency nonisolated public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/button/init(_:action:)-lpm7
    @_disfavoredOverload
    @preconcurrency nonisolated public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
        fatalError()
    }
}

extension Button where Label == Text {
    /// https://developer.apple.com/documentation/swiftui/button/init(_:role:action:)
    @_disfavoredOverload
    @preconcurrency nonisolated public init<S: StringProtocol>(
        _ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void
    ) {
        fatalError()
    }
}

/// https://developer.apple.com/documentation/swiftui/buttonrole
public struct ButtonRole: Equatable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/buttonrole/destructive
    public static let destructive = ButtonRole()
    /// https://developer.apple.com/documentation/swiftui/buttonrole/cancel
    public static let cancel = ButtonRole()
    private init() {}
}

/// https://developer.apple.com/documentation/swiftui/primitivebuttonstyle
@MainActor @preconcurrency
public protocol PrimitiveButtonStyle {}

/// https://developer.apple.com/documentation/swiftui/borderedprominentbuttonstyle
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
    nonisolated public init() {}
}

extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    /// https://developer.apple.com/documentation/swiftui/primitivebuttonstyle/borderedprominent
    nonisolated public static var borderedProminent: BorderedProminentButtonStyle { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/plainbuttonstyle
public struct PlainButtonStyle: PrimitiveButtonStyle {
    nonisolated public init() {}
}

extension PrimitiveButtonStyle where Self == PlainButtonStyle {
    /// https://developer.apple.com/documentation/swiftui/primitivebuttonstyle/plain
    nonisolated public static var plain: PlainButtonStyle { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/textfield
@MainActor @preconcurrency
public struct TextField<Label: View>: View {
    public var body: Never { fatalError() }
}

extension TextField where Label == Text {
    /// https://developer.apple.com/documentation/swiftui/textfield/init(_:text:)-9hhaw
    nonisolated public init(_ titleKey: LocalizedStringKey, text: Binding<String>) { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/textfield/init(_:text:)-4a5xc
    @_disfavoredOverload
    nonisolated public init<S: StringProtocol>(_ title: S, text: Binding<String>) { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/textfield/init(_:text:axis:)-8rujz
    nonisolated public init(_ titleKey: LocalizedStringKey, text: Binding<String>, axis: Axis) { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/textfield/init(_:text:axis:)-7n1bp
    @_disfavoredOverload
    nonisolated public init<S: StringProtocol>(_ title: S, text: Binding<String>, axis: Axis) { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/securefield
@MainActor @preconcurrency
public struct SecureField<Label: View>: View {
    public var body: Never { fatalError() }
}

extension SecureField where Label == Text {
    /// https://developer.apple.com/documentation/swiftui/securefield/init(_:text:)-5kd3u
    nonisolated public init(_ titleKey: LocalizedStringKey, text: Binding<String>) { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/securefield/init(_:text:)-9pfoa
    @_disfavoredOverload
    nonisolated public init<S: StringProtocol>(_ title: S, text: Binding<String>) { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/datepickercomponents
public struct DatePickerComponents: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static var hourAndMinute: DatePickerComponents { fatalError() }
    public static var date: DatePickerComponents { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/datepicker
@MainActor @preconcurrency
public struct DatePicker<Label: View>: View {
    public var body: Never { fatalError() }
}

extension DatePicker where Label == Text {
    /// https://developer.apple.com/documentation/swiftui/datepicker/init(_:selection:in:displayedcomponents:)-6g6ea
    @_disfavoredOverload
    nonisolated public init<S: StringProtocol>(
        _ title: S, selection: Binding<Date>, in range: ClosedRange<Date>,
        displayedComponents: DatePickerComponents = [.hourAndMinute, .date]
    ) {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/datepicker/init(_:selection:in:displayedcomponents:)-4pfgu
    nonisolated public init(
        _ titleKey: LocalizedStringKey, selection: Binding<Date>, in range: ClosedRange<Date>,
        displayedComponents: DatePickerComponents = [.hourAndMinute, .date]
    ) {
        fatalError()
    }
}

/// https://developer.apple.com/documentation/swiftui/datepickerstyle
public protocol DatePickerStyle {}

/// https://developer.apple.com/documentation/swiftui/compactdatepickerstyle
public struct CompactDatePickerStyle: DatePickerStyle {
    public init() {}
}

extension DatePickerStyle where Self == CompactDatePickerStyle {
    /// https://developer.apple.com/documentation/swiftui/datepickerstyle/compact
    public static var compact: CompactDatePickerStyle { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/progressview
@MainActor @preconcurrency
public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
    public var body: Never { fatalError() }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    /// https://developer.apple.com/documentation/swiftui/progressview/init()
    nonisolated public init() { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/label
@MainActor @preconcurrency
public struct Label<Title: View, Icon: View>: View {
    public var body: Never { fatalError() }
}

extension Label where Title == Text, Icon == Image {
    /// https://developer.apple.com/documentation/swiftui/label/init(_:systemimage:)-7lrfk
    nonisolated public init(_ titleKey: LocalizedStringKey, systemImage name: String) { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/label/init(_:systemimage:)-9ef8w
    @_disfavoredOverload
    nonisolated public init<S: StringProtocol>(_ title: S, systemImage name: String) { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/contentunavailableview
@MainActor @preconcurrency
public struct ContentUnavailableView<Label: View, Description: View, Actions: View>: View {
    public var body: Never { fatalError() }
}

extension ContentUnavailableView where Label == SwiftUI.Label<Text, Image>, Description == Text?, Actions == EmptyView {
    /// https://developer.apple.com/documentation/swiftui/contentunavailableview/init(_:systemimage:description:)-4jadj
    nonisolated public init(_ title: LocalizedStringKey, systemImage name: String, description: Text? = nil) {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/contentunavailableview/init(_:systemimage:description:)-3tupa
    @_disfavoredOverload
    nonisolated public init<S: StringProtocol>(_ title: S, systemImage name: String, description: Text? = nil) {
        fatalError()
    }
}

/// https://developer.apple.com/documentation/swiftui/timelineschedule
public protocol TimelineSchedule {}

/// https://developer.apple.com/documentation/swiftui/periodictimelineschedule
public struct PeriodicTimelineSchedule: TimelineSchedule, Sendable {
    public init(from startDate: Date, by interval: TimeInterval) { fatalError() }
}

extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    /// https://developer.apple.com/documentation/swiftui/timelineschedule/periodic(from:by:)
    public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule {
        fatalError()
    }
}

/// https://developer.apple.com/documentation/swiftui/timelineviewdefaultcontext
public struct TimelineViewDefaultContext {
    /// https://developer.apple.com/documentation/swiftui/timelineviewdefaultcontext/date
    public let date: Date
}

/// https://developer.apple.com/documentation/swiftui/timelineview
@MainActor @preconcurrency
public struct TimelineView<Schedule: TimelineSchedule, Content> {
    public typealias Context = TimelineViewDefaultContext
}

extension TimelineView: View where Content: View {
    public var body: Never { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/timelineview/init(_:content:)-3b6ye
    nonisolated public init(_ schedule: Schedule, @ViewBuilder content: @escaping (Context) -> Content) {
        fatalError()
    }
}

/// https://developer.apple.com/documentation/swiftui/toggle
@MainActor @preconcurrency
public struct Toggle<Label: View>: View {
    public var body: Never { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/toggle/init(ison:label:)
    nonisolated public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) { fatalError() }
}

extension Toggle where Label == Text {
    /// https://developer.apple.com/documentation/swiftui/toggle/init(_:ison:)
    nonisolated public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/toggle/init(_:ison:)
    @_disfavoredOverload
    nonisolated public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/link
@MainActor @preconcurrency
public struct Link<Label: View>: View {
    public var body: Never { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/link/init(destination:label:)
    @preconcurrency public init(destination: URL, @ViewBuilder label: () -> Label) { fatalError() }
}

extension Link where Label == Text {
    /// https://developer.apple.com/documentation/swiftui/link/init(_:destination:)-2ug8e
    @preconcurrency public init(_ titleKey: LocalizedStringKey, destination: URL) { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/link/init(_:destination:)-3ppiz
    @preconcurrency public init<S: StringProtocol>(_ title: S, destination: URL) { fatalError() }
}
