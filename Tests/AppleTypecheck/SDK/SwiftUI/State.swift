// Property wrappers that keep a view's state and read its environment. Bodies are never run.

/// https://developer.apple.com/documentation/swiftui/dynamicproperty
public protocol DynamicProperty {
    mutating func update()
}

extension DynamicProperty {
    public mutating func update() {}
}

/// https://developer.apple.com/documentation/swiftui/state
@propertyWrapper
public struct State<Value>: DynamicProperty {
    /// https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:)
    public init(wrappedValue value: Value) { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/state/init(initialvalue:)
    public init(initialValue value: Value) { fatalError() }

    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set { fatalError() }
    }

    public var projectedValue: Binding<Value> { fatalError() }
}

extension State where Value: ExpressibleByNilLiteral {
    /// https://developer.apple.com/documentation/swiftui/state/init()
    public init() { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/binding
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    /// https://developer.apple.com/documentation/swiftui/binding/init(get:set:)-6g3d5
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/binding/constant(_:)
    public static func constant(_ value: Value) -> Binding<Value> { fatalError() }

    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set { fatalError() }
    }

    public var projectedValue: Binding<Value> { fatalError() }

    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError()
    }
}

/// https://developer.apple.com/documentation/swiftui/focusstate
@propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty {
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set { fatalError() }
    }

    public var projectedValue: FocusState<Value>.Binding { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/focusstate/init()-4pz0d
    public init() where Value == Bool { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/focusstate/init()-8ln6a
    public init<T: Hashable>() where Value == T? { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/focusstate/binding
    @propertyWrapper
    public struct Binding {
        public var wrappedValue: Value {
            get { fatalError() }
            nonmutating set { fatalError() }
        }

        public var projectedValue: FocusState<Value>.Binding { fatalError() }

        private init(_ never: Never) {}
    }
}

/// https://developer.apple.com/documentation/swiftui/environmentvalues
public struct EnvironmentValues: CustomStringConvertible {
    public init() { fatalError() }
    public var description: String { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/environmentvalues/scenephase
    public var scenePhase: ScenePhase {
        get { fatalError() }
        set { fatalError() }
    }

    /// https://developer.apple.com/documentation/swiftui/environmentvalues/accessibilityreducemotion
    public var accessibilityReduceMotion: Bool { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/environmentvalues/dynamictypesize
    public var dynamicTypeSize: DynamicTypeSize {
        get { fatalError() }
        set { fatalError() }
    }

    /// https://developer.apple.com/documentation/swiftui/environmentvalues/colorscheme
    public var colorScheme: ColorScheme {
        get { fatalError() }
        set { fatalError() }
    }

    /// https://developer.apple.com/documentation/swiftui/environmentvalues/openurl
    public var openURL: OpenURLAction { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/environmentvalues/layoutdirection
    public var layoutDirection: LayoutDirection {
        get { fatalError() }
        set { fatalError() }
    }

    /// https://developer.apple.com/documentation/swiftui/environmentvalues/locale
    public var locale: Locale {
        get { fatalError() }
        set { fatalError() }
    }

    /// https://developer.apple.com/documentation/swiftui/environmentvalues/subscript(_:)-1zkk6
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { fatalError() }
        set { fatalError() }
    }
}

/// https://developer.apple.com/documentation/swiftui/environmentkey
public protocol EnvironmentKey {
    /// https://developer.apple.com/documentation/swiftui/environmentkey/value
    associatedtype Value
    /// https://developer.apple.com/documentation/swiftui/environmentkey/defaultvalue
    static var defaultValue: Self.Value { get }
}

/// https://developer.apple.com/documentation/swiftui/layoutdirection
public enum LayoutDirection: Hashable, CaseIterable, Sendable {
    case leftToRight
    case rightToLeft
}

/// https://developer.apple.com/documentation/swiftui/openurlaction
@MainActor @preconcurrency
public struct OpenURLAction {
    /// https://developer.apple.com/documentation/swiftui/openurlaction/callasfunction(_:)
    public func callAsFunction(_ url: URL) { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/environment
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    /// https://developer.apple.com/documentation/swiftui/environment/init(_:)-8slkf
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/environment/init(_:)-8n8z5
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable { fatalError() }

    public var wrappedValue: Value { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/scaledmetric
@propertyWrapper
public struct ScaledMetric<Value: BinaryFloatingPoint>: DynamicProperty {
    /// https://developer.apple.com/documentation/swiftui/scaledmetric/init(wrappedvalue:relativeto:)
    public init(wrappedValue: Value, relativeTo textStyle: Font.TextStyle) { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/scaledmetric/init(wrappedvalue:)
    public init(wrappedValue: Value) { fatalError() }

    public var wrappedValue: Value { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/appstorage
@propertyWrapper
public struct AppStorage<Value>: DynamicProperty {
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set { fatalError() }
    }

    public var projectedValue: Binding<Value> { fatalError() }

    private init(_ never: Never) {}
}

extension AppStorage where Value == String {
    /// https://developer.apple.com/documentation/swiftui/appstorage/init(wrappedvalue:_:store:)-5jsdi
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) { fatalError() }
}

extension AppStorage where Value == Bool {
    /// https://developer.apple.com/documentation/swiftui/appstorage/init(wrappedvalue:_:store:)-6mqbo
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/bindable
@propertyWrapper @dynamicMemberLookup
public struct Bindable<Value> {
    public var wrappedValue: Value
    public var projectedValue: Bindable<Value> { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/bindable/init(wrappedvalue:)
    public init(wrappedValue: Value) where Value: AnyObject & Observable { fatalError() }

    public subscript<Subject>(
        dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>
    ) -> Binding<Subject> where Value: AnyObject {
        fatalError()
    }
}

/// https://developer.apple.com/documentation/swiftui/dynamictypesize
public enum DynamicTypeSize: CaseIterable, Comparable, Hashable, Sendable {
    case xSmall
    case small
    case medium
    case large
    case xLarge
    case xxLarge
    case xxxLarge
    case accessibility1
    case accessibility2
    case accessibility3
    case accessibility4
    case accessibility5
}

/// https://developer.apple.com/documentation/swiftui/scenephase
public enum ScenePhase: Comparable, Hashable, Sendable {
    case background
    case inactive
    case active
}
