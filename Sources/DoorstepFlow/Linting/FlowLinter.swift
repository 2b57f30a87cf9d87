/// Checks a flow definition before anyone walks it: every reference resolves, every screen is
/// reachable, every field is used and typed, every way forward exists, and the theme is complete.
public struct FlowLinter {
    let flow: FlowDefinition
    let index: FlowIndex
    /// Keys that conditions, templates and arguments may read: fields, effect results, launch facts.
    let knownKeys: Set<String>
    /// The modules whose effects are checked like the catalogue's.
    let modules: [FlowModuleContract]
    var problems: [FlowProblem] = []

    init(flow: FlowDefinition, modules: [FlowModuleContract]) {
        self.flow = flow
        self.index = FlowIndex(flow)
        self.knownKeys = Self.readableKeys(in: flow)
        self.modules = modules
    }

    /// Every problem with `flow`, in the order of the file; empty when the flow is valid.
    /// - Parameters:
    ///   - flow: the definition to check.
    ///   - modules: the contracts of the modules its host runs; an effect of a module named here is
    ///     checked as a catalogue effect is (its operation exists, it reads only its arguments, a
    ///     default is one of its results). By default, the modules Doorstep ships.
    public static func problems(
        in flow: FlowDefinition, modules: [FlowModuleContract] = FlowModuleContract.bundled
    ) -> [FlowProblem] {
        var linter = FlowLinter(flow: flow, modules: modules)
        linter.checkIdentifiers()
        linter.checkSections()
        linter.checkFields()
        for screen in flow.screens { linter.check(screen) }
        for transition in flow.transitions { linter.check(transition) }
        linter.checkReachability()
        linter.checkFieldUse()
        linter.checkEntryAndMigrations()
        linter.problems += ThemeLinter.problems(in: flow.theme, screens: flow.screens)
        linter.checkExperiment()
        return linter.problems
    }

    mutating func add(screen: String? = nil, field: String? = nil, location: String? = nil, _ message: String) {
        problems.append(FlowProblem(screen: screen, field: field, location: location, message))
    }

    // MARK: - Identifiers and sections

    private mutating func checkIdentifiers() {
        if flow.id.isEmpty || !flow.id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) {
            add(location: "id", "a flow id uses letters, digits and hyphens only")
        }
        if flow.version < 1 { add(location: "version", "the version must be 1 or more") }
        for duplicate in duplicates(flow.screens.map(\.id)) { add(screen: duplicate, "two screens have this id") }
        for duplicate in duplicates(flow.fields.map(\.id)) { add(field: duplicate, "two fields have this id") }
        for duplicate in duplicates(flow.sections.map(\.id)) {
            add(location: "section \"\(duplicate)\"", "two sections have this id")
        }
        if index.screens[flow.start] == nil {
            add(location: "start", "the start screen \"\(flow.start)\" does not exist")
        }
        if !flow.screens.contains(where: \.isTerminal) {
            add(location: "screens", "no screen is terminal, so the flow can never complete")
        }
    }

    private mutating func checkSections() {
        let used = Set(flow.screens.compactMap(\.section))
        var tracked: [String: String] = [:]
        for track in flow.progress {
            for section in track.sections {
                if !flow.sections.contains(where: { $0.id == section }) {
                    add(location: "progress \"\(track.id)\"", "section \"\(section)\" does not exist")
                }
                if let other = tracked[section] {
                    add(location: "progress \"\(track.id)\"", "section \"\(section)\" is already in \"\(other)\"")
                }
                tracked[section] = track.id
            }
        }
        for section in flow.sections {
            if !used.contains(section.id) {
                add(location: "section \"\(section.id)\"", "no screen belongs to this section")
            }
            if tracked[section.id] == nil {
                add(location: "section \"\(section.id)\"", "no progress track counts this section")
            }
        }
        for screen in flow.screens {
            if let section = screen.section, !flow.sections.contains(where: { $0.id == section }) {
                add(screen: screen.id, "section \"\(section)\" does not exist")
            }
        }
    }

    // MARK: - Screens

    private mutating func check(_ screen: Screen) {
        for duplicate in duplicates(screen.actions.map(\.id)) {
            add(screen: screen.id, "two actions have the id \"\(duplicate)\"")
        }
        if let background = screen.background, flow.theme.backgrounds?[background] == nil {
            add(screen: screen.id, "background \"\(background)\" is not in the theme")
        }
        for block in screen.blocks { check(block, on: screen) }
        if screen.blocks.filter({ $0.autofocus == true }).count > 1 {
            add(screen: screen.id, "more than one block takes focus when the screen shows")
        }
        for action in screen.actions { check(action, on: screen) }
        let forward = screen.actions.contains { action in
            !action.isBackward && index.transitions(from: screen.id, on: action.id) != nil
        }
        if !screen.isTerminal && !forward {
            add(screen: screen.id, "no action leads anywhere, so a person would be stuck here")
        }
    }

    private mutating func check(_ action: Action, on screen: Screen) {
        let hasTransition = index.transitions(from: screen.id, on: action.id) != nil
        if !hasTransition && !action.isBackward && !screen.isTerminal {
            add(screen: screen.id, "action \"\(action.id)\" has no transition")
        }
        if action.role == .timer && (action.after ?? 0) <= 0 {
            add(screen: screen.id, "timer \"\(action.id)\" needs \"after\" greater than 0 seconds")
        }
        if action.role != .timer && action.role != .swipeNext && action.role != .swipeBack
            && action.role != .tapAnywhere && (action.title ?? "").isEmpty && action.symbol == nil
        {
            add(screen: screen.id, "action \"\(action.id)\" has neither a title nor a symbol")
        }
        for field in action.requires ?? [] where index.fields[field] == nil {
            add(screen: screen.id, field: field, "action \"\(action.id)\" requires a field that does not exist")
        }
        if let cooldown = action.cooldown, !FlowEffect.isKnown(cooldown.effect) {
            add(screen: screen.id, "action \"\(action.id)\" waits on unknown effect \"\(cooldown.effect)\"")
        }
        checkKeys(action.visibleWhen?.keys ?? [], screen: screen.id, context: "action \"\(action.id)\"")
    }

    // MARK: - Transitions

    private mutating func check(_ transition: Transition) {
        let from = transition.from
        guard let screen = index.screens[from] else {
            add(location: "transitions", "a transition starts from unknown screen \"\(from)\"")
            return
        }
        if screen.action(transition.on) == nil {
            add(screen: from, "a transition listens for unknown action \"\(transition.on)\"")
        }
        if (transition.to == nil) == (transition.branches?.isEmpty ?? true) {
            add(screen: from, "the transition on \"\(transition.on)\" needs exactly one of \"to\" or \"branches\"")
        }
        for destination in transition.destinations where index.screens[destination] == nil {
            add(screen: from, "the transition on \"\(transition.on)\" goes to unknown screen \"\(destination)\"")
        }
        if let branches = transition.branches, branches.last?.when != nil {
            add(
                screen: from,
                "the last branch on \"\(transition.on)\" needs no condition, so some branch always matches")
        }
        var keys = (transition.when?.keys ?? []) + (transition.branches ?? []).flatMap { $0.when?.keys ?? [] }
        for (key, value) in transition.sets ?? [:] {
            if let field = index.fields[key], !FieldKinds.accepts(field.kind, value) {
                add(screen: from, field: key, "the transition on \"\(transition.on)\" sets a value of the wrong kind")
            }
        }
        for key in transition.clears ?? [] where index.fields[key] == nil {
            add(screen: from, field: key, "the transition on \"\(transition.on)\" clears a field that does not exist")
        }
        for call in transition.effects ?? [] {
            if !FlowEffect.isKnown(call.name) {
                add(screen: from, "unknown effect \"\(call.name)\" on \"\(transition.on)\"")
            }
            checkCatalogued(call, from: from, on: transition.on)
            keys += (call.args ?? [:]).values.flatMap(Self.argumentKeys)
            keys += call.when?.keys ?? []
            for (code, error) in call.errors ?? [:] {
                if let field = error.field, index.fields[field] == nil {
                    add(screen: from, field: field, "error \"\(code)\" of \"\(call.name)\" points at a missing field")
                }
            }
        }
        checkKeys(keys, screen: from, context: "the transition on \"\(transition.on)\"")
    }

    /// A catalogued effect is passed only the arguments it reads, and assumes only results it delivers.
    private mutating func checkCatalogued(_ call: EffectCall, from: String, on action: String) {
        guard let effect = FlowEffect(rawValue: call.name) else { return checkModule(call, from: from, on: action) }
        for argument in (call.args ?? [:]).keys.sorted() where !effect.argumentKeys.contains(argument) {
            add(screen: from, "\"\(call.name)\" on \"\(action)\" takes no argument \"\(argument)\"")
        }
        for key in (call.defaults ?? [:]).keys.sorted() where !effect.delivers(key, arguments: call.args ?? [:]) {
            add(screen: from, "\"\(call.name)\" on \"\(action)\" never delivers \"\(key)\"")
        }
        if effect == .purchase { checkPurchase(call, from: from, on: action) }
    }

    /// A module's effect names an operation its module offers, passes only the arguments it reads and
    /// assumes only results it delivers; a module the linter was not told of is its host's to check.
    private mutating func checkModule(_ call: EffectCall, from: String, on action: String) {
        let module = call.name.split(separator: ".").first.map(String.init)
        guard let contract = modules.first(where: { $0.name == module }) else { return }
        guard let (_, operation) = contract.operation(named: call.name) else {
            return add(screen: from, "\"\(call.name)\" on \"\(action)\" is no operation of the \(contract.name) module")
        }
        for argument in (call.args ?? [:]).keys.sorted() where !operation.argumentKeys.contains(argument) {
            add(screen: from, "\"\(call.name)\" on \"\(action)\" takes no argument \"\(argument)\"")
        }
        for key in (call.defaults ?? [:]).keys.sorted() where !operation.results.contains(key) {
            add(screen: from, "\"\(call.name)\" on \"\(action)\" never delivers \"\(key)\"")
        }
    }

    // MARK: - Helpers

    static func readableKeys(in flow: FlowDefinition) -> Set<String> {
        var keys = Set(flow.fields.map(\.id))
        keys.formUnion(["snapshot.exists", "snapshot.completed", "session.active", "session.isGuest"])
        for transition in flow.transitions {
            keys.formUnion((transition.sets ?? [:]).keys)
            for call in transition.effects ?? [] {
                keys.formUnion((call.defaults ?? [:]).keys)
                keys.insert("\(call.name).error")
            }
        }
        return keys
    }

    mutating func checkKeys(_ keys: [String], screen: String?, context: String) {
        for key in keys where !knownKeys.contains(key) {
            add(screen: screen, "\(context) reads \"\(key)\", which no field, effect or launch provides")
        }
    }

    /// The keys an effect argument reads: `$key` references and `{key}` placeholders, at any depth.
    static func argumentKeys(_ argument: Value) -> [String] {
        switch argument {
        case .string(let text) where text.hasPrefix("$"): return [String(text.dropFirst())]
        case .string(let text): return TextTemplate.keys(in: text)
        case .array(let elements): return elements.flatMap(argumentKeys)
        case .object(let members): return members.values.flatMap(argumentKeys)
        default: return []
        }
    }

    func duplicates(_ ids: [String]) -> [String] {
        var seen = Set<String>()
        var repeated: [String] = []
        for id in ids where !seen.insert(id).inserted && !repeated.contains(id) { repeated.append(id) }
        return repeated
    }
}
