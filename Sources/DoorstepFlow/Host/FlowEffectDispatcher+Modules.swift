extension FlowEffectDispatcher {
    /// Runs a module's effect through the module the performer lists under its name; unsupported
    /// when none does, or when the module has no such operation. Only the results the operation's
    /// contract names reach the engine.
    static func runModule<Performer: FlowEffectPerformer>(_ request: EffectRequest, on performer: inout Performer)
        async -> EffectOutcome.Result
    {
        for module in performer.modules {
            guard let (name, operation) = module.contract.operation(named: request.name) else { continue }
            do {
                let results = try await module.perform(name, arguments: request.arguments)
                return .success(results.filter { operation.results.contains($0.key) })
            } catch let failure as EffectFailure {
                return failure.result
            } catch {
                return performer.failure(for: error).result
            }
        }
        return EffectFailure.unsupported(request.name).result
    }
}
