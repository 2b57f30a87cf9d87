/// Respells the types a stand-in module provides on Linux: Apple's interfaces name `NSObject` by the
/// `ObjectiveC` module and `OSStatus` by `Darwin`, modules Linux lacks, and `NSErrorPointer` by a
/// Foundation that lacks it here. The stand-in (AppleFoundation) declares or re-exports each, so a path
/// `Module.Type` is spelt `StandIn.Type` when `Module` is one the stand-in stands for and either Linux has
/// no such module or the stand-in itself declares `Type`.
public struct StandInSpelling: Sendable {
    /// The stand-in module's name.
    public var standIn: String
    /// The modules it stands for.
    public var standsFor: Set<String>
    /// The type names the stand-in itself declares.
    public var declared: Set<String>
    /// The modules Linux's toolchain has.
    public var toolchainModules: Set<String>

    public init(standIn: String, standsFor: Set<String>, declared: Set<String>, toolchainModules: Set<String>) {
        self.standIn = standIn
        self.standsFor = standsFor
        self.declared = declared
        self.toolchainModules = toolchainModules
    }

    /// `text` with every qualified type path the stand-in answers for spelt through it.
    public func respelled(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var rest = Substring(text)
        while let match = rest.firstMatch(of: /\b([A-Za-z_][A-Za-z0-9_]*)\.([A-Za-z_][A-Za-z0-9_]*)/) {
            result += rest[..<match.range.lowerBound]
            let (module, type) = (String(match.output.1), String(match.output.2))
            let precededByDot =
                match.range.lowerBound > rest.startIndex
                && rest[rest.index(before: match.range.lowerBound)] == "."
            if !precededByDot, standsFor.contains(module),
                !toolchainModules.contains(module) || declared.contains(type)
            {
                result += "\(standIn).\(type)"
            } else {
                result += rest[match.range]
            }
            rest = rest[match.range.upperBound...]
        }
        return result + rest
    }
}
