/// The logic of a stepper: a value kept inside its bounds by − and + buttons, shown with its unit.
public struct Stepper: Sendable, Hashable {
    /// The smallest value.
    public let minimum: Int
    /// The largest value.
    public let maximum: Int
    /// How far one tap moves.
    public let step: Int
    /// The current value, always within bounds.
    public private(set) var value: Int

    /// Creates a stepper; the initial value is clamped into the bounds.
    public init(minimum: Int, maximum: Int, initial: Int, step: Int = 1) {
        self.minimum = min(minimum, maximum)
        self.maximum = max(minimum, maximum)
        self.step = max(1, step)
        self.value = min(max(initial, self.minimum), self.maximum)
    }

    /// A stepper for an `int` field: its bounds, and its current answer or initial value.
    public init?(field: FieldDefinition, answer: Value?) {
        guard field.kind == .int, let minimum = field.min, let maximum = field.max else { return nil }
        let initial = answer?.intValue ?? field.initial?.intValue ?? minimum
        self.init(minimum: minimum, maximum: maximum, initial: initial)
    }

    /// Whether − can still move.
    public var canDecrement: Bool { value > minimum }
    /// Whether + can still move.
    public var canIncrement: Bool { value < maximum }

    /// One step up, never past the maximum.
    public mutating func increment() { value = min(value + step, maximum) }
    /// One step down, never past the minimum.
    public mutating func decrement() { value = max(value - step, minimum) }
}

/// Formats stepper values with their units.
public enum UnitFormatter {
    /// Inches as feet and inches: `68` → `5'8"`.
    public static func feetAndInches(_ inches: Int) -> String {
        let sign = inches < 0 ? "-" : ""
        let magnitude = abs(inches)
        return "\(sign)\(magnitude / 12)'\(magnitude % 12)\""
    }

    /// The value as a stepper shows it, in the given display.
    public static func display(_ value: Int, as display: StepperDisplay?) -> String {
        switch display ?? .plain {
        case .plain: return String(value)
        case .feetInches: return feetAndInches(value)
        }
    }
}
