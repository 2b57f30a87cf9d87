/// Path patterns — keys, `#` for any array index, `*` for any key — as a tree of their parts. A walk
/// through a JSON tree carries the branches its path has reached so far, so each step is a lookup, and
/// a subtree no pattern reaches is left without looking inside it.
struct PathPatternTree: Sendable {
    private var branches: [String: PathPatternTree] = [:]
    /// Whether a pattern ends at this point.
    private(set) var endsAPattern = false

    /// The tree of `patterns`, each written as its parts joined by dots (`blocks.#.items.#.title`).
    init(_ patterns: [String]) {
        for pattern in patterns { add(pattern.split(separator: ".").map(String.init)[...]) }
    }

    private init() {}

    private mutating func add(_ parts: ArraySlice<String>) {
        guard let first = parts.first else {
            endsAPattern = true
            return
        }
        branches[first, default: PathPatternTree()].add(parts.dropFirst())
    }

    /// The branches a path goes on to by `part`: the part itself, `*`, and `#` when `part` is an index.
    func following(_ part: String) -> [PathPatternTree] {
        var reached: [PathPatternTree] = []
        if let exact = branches[part] { reached.append(exact) }
        if part != "*", let anyKey = branches["*"] { reached.append(anyKey) }
        if part != "#", Int(part) != nil, let anyIndex = branches["#"] { reached.append(anyIndex) }
        return reached
    }
}

extension [PathPatternTree] {
    /// The branches these reach by `part`.
    func following(_ part: String) -> [PathPatternTree] { flatMap { $0.following(part) } }

    /// Whether a pattern ends where these branches stand.
    var endAPattern: Bool { contains(where: \.endsAPattern) }
}
