import HTTPTypes
import Synchronization

/// Which methods each route template answers, so a request for a known path with a method it does
/// not serve gets 405 with `Allow` instead of 404. Filled while routes are registered, read after.
package final class RouteIndex: Sendable {
    private struct Route {
        var segments: [Substring]
        var methods: Set<HTTPRequest.Method>
    }

    private let routes = Mutex<[Route]>([])

    /// Records that `template` (such as `/flows/:id` or `/v1/flows/{flowId}`) answers `method`.
    func add(_ method: HTTPRequest.Method, _ template: String) {
        let segments = Self.segments(of: template)
        routes.withLock { routes in
            if let index = routes.firstIndex(where: { $0.segments == segments }) {
                routes[index].methods.insert(method)
            } else {
                routes.append(Route(segments: segments, methods: [method]))
            }
        }
    }

    /// The methods some route answers at `path`, sorted for the `Allow` header; empty when no route
    /// has this path.
    func allowedMethods(at path: String) -> [String] {
        let requested = Self.segments(of: path)
        let methods = routes.withLock { routes in
            routes.filter { Self.matches($0.segments, requested) }.reduce(into: Set<HTTPRequest.Method>()) {
                $0.formUnion($1.methods)
            }
        }
        return methods.map(\.rawValue).sorted()
    }

    /// The template of the route the router sends `path` to, written the way it was registered
    /// (`/v1/auth/code`, `/flows/:id`), or nil when no route has this path. Empty segments count for
    /// nothing, as in the router, so `//v1/auth/code/` finds `/v1/auth/code`; where several templates
    /// match, the one with a literal segment earliest wins, as in the router's trie.
    func template(matching path: String) -> String? {
        let requested = Self.segments(of: path)
        return routes.withLock { routes in
            routes.filter { Self.matches($0.segments, requested) }
                .max { Self.literals($0.segments).lexicographicallyPrecedes(Self.literals($1.segments)) }
                .map { "/" + $0.segments.joined(separator: "/") }
        }
    }

    /// 1 for each literal segment, 0 for each parameter: the order in which the trie prefers routes.
    private static func literals(_ segments: [Substring]) -> [Int] {
        segments.map { $0.hasPrefix(":") || $0.hasPrefix("{") || $0 == "*" ? 0 : 1 }
    }

    private static func segments(of path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

    private static func matches(_ template: [Substring], _ path: [Substring]) -> Bool {
        guard template.count == path.count else { return false }
        return zip(template, path).allSatisfy { pattern, segment in
            pattern.hasPrefix(":") || pattern.hasPrefix("{") || pattern == "*" || pattern == segment
        }
    }

    /// Creates it from its parts.
    package init() {
    }
}
