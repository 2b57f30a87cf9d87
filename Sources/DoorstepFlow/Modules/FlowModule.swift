/// An app's own effects, named `module.operation` in a flow (`trainer.draftProgram`). Its contract
/// says which operations exist, the arguments each reads and the results it delivers; ``perform(_:arguments:)``
/// runs one. A host runs the modules its performer lists; a flow calling a module its host does not
/// list ends that effect as unsupported, as it would an unknown effect.
public protocol FlowModule: Sendable {
    /// The module's name and operations.
    var contract: FlowModuleContract { get }

    /// Runs `operation` (the part of the effect's name after the module's) with the call's arguments.
    /// - Returns: the results, keyed as the contract names them; any other key is dropped.
    /// - Throws: an ``EffectFailure`` to show as it is, or what the host's performer turns into one.
    func perform(_ operation: String, arguments: [String: Value]) async throws -> [String: Value]
}

/// What a module offers, for the linter and the dispatcher: its name and each operation's arguments
/// and results.
public struct FlowModuleContract: Sendable, Hashable {
    /// One operation of a module.
    public struct Operation: Sendable, Hashable {
        /// The arguments the operation reads; a flow passing any other is refused by the linter.
        public var argumentKeys: Set<String>
        /// The result keys the operation delivers when it succeeds.
        public var results: Set<String>

        /// Creates an operation.
        public init(argumentKeys: Set<String> = [], results: Set<String>) {
            self.argumentKeys = argumentKeys
            self.results = results
        }
    }

    /// The module's name, the first part of its effects' names.
    public var name: String
    /// The operations by name, the second part of the effects' names.
    public var operations: [String: Operation]

    /// Creates a contract.
    public init(name: String, operations: [String: Operation]) {
        self.name = name
        self.operations = operations
    }

    /// The modules Doorstep ships, which the linter checks flows against.
    public static let bundled: [FlowModuleContract] = [.trainer]

    /// The operation an effect name (`module.operation`) calls in this module, if it is one of its.
    public func operation(named effectName: String) -> (name: String, operation: Operation)? {
        guard FlowEffect.isModuleEffect(effectName) else { return nil }
        let parts = effectName.split(separator: ".")
        guard parts[0] == name, let operation = operations[String(parts[1])] else { return nil }
        return (String(parts[1]), operation)
    }
}
