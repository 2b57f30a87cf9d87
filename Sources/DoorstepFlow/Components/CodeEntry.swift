/// The logic of a one-time-code input made of separate digit boxes: digits only, auto-advance,
/// backspace that clears and moves back, paste of a whole code, and a completion signal.
public struct CodeEntry: Sendable, Hashable {
    /// The number of boxes the reference flows use.
    public static let defaultLength = 6

    /// How many digits the code has.
    public let length: Int
    /// One slot per box; `nil` is an empty box.
    public private(set) var digits: [Character?]
    /// The box the cursor is in.
    public private(set) var focusedIndex: Int

    /// Creates an empty entry.
    public init(length: Int = CodeEntry.defaultLength) {
        self.length = max(1, length)
        self.digits = Array(repeating: nil, count: self.length)
        self.focusedIndex = 0
    }

    /// The digits typed so far, in order, with no gaps.
    public var code: String { String(digits.compactMap { $0 }) }

    /// Whether every box holds a digit.
    public var isComplete: Bool { digits.allSatisfy { $0 != nil } }

    /// Takes typed or pasted text. A paste holding a whole code fills every box; otherwise each digit
    /// fills the focused box and moves on, and anything that is not a digit is ignored.
    /// - Returns: the code when this input completed it, so the caller can submit it.
    @discardableResult
    public mutating func enter(_ text: String) -> String? {
        let wasComplete = isComplete
        let typed = text.filter { $0.isASCII && $0.isNumber }
        if typed.count >= length {
            digits = typed.suffix(length).map { Optional($0) }
            focusedIndex = length - 1
        } else {
            for digit in typed {
                digits[focusedIndex] = digit
                if focusedIndex < length - 1 { focusedIndex += 1 }
            }
        }
        return isComplete && (!wasComplete || typed.count >= length) ? code : nil
    }

    /// Takes the whole text of the one input behind the boxes after any edit — a digit typed, one
    /// deleted, a paste, or AutoFill replacing it: its digits fill the boxes from the first. A whole
    /// code pasted after what was typed replaces it; digits beyond the last box are dropped.
    /// - Returns: the text the input must hold now, the code the boxes show. Writing it back into the
    ///   input and calling this again returns it unchanged, so the input and the boxes settle at once.
    @discardableResult
    public mutating func replaceText(with text: String) -> String {
        let all = text.filter { $0.isASCII && $0.isNumber }
        let added = all.hasPrefix(code) ? all.dropFirst(code.count) : all[...]
        let typed = (all.count > length && added.count >= length ? added : all[...]).prefix(length)
        digits = typed.map { Optional($0) } + Array(repeating: nil, count: length - typed.count)
        focusedIndex = min(typed.count, length - 1)
        return String(typed)
    }

    /// Clears the focused box, or when it is already empty, moves back and clears that one.
    public mutating func deleteBackward() {
        if digits[focusedIndex] != nil {
            digits[focusedIndex] = nil
        } else if focusedIndex > 0 {
            focusedIndex -= 1
            digits[focusedIndex] = nil
        }
    }

    /// Moves the cursor to a box (a tap on it).
    public mutating func focus(_ index: Int) {
        focusedIndex = min(max(0, index), length - 1)
    }

    /// Empties every box, for a new code.
    public mutating func clear() {
        self = CodeEntry(length: length)
    }
}
