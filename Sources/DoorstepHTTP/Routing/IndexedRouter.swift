import HTTPTypes
import Hummingbird
import OpenAPIHummingbird
import OpenAPIRuntime

/// A router that records every route it adds in a ``RouteIndex``. Everything the server serves is
/// registered through it, the generated API included, so the index knows each path's methods. `HEAD`
/// is answered wherever `GET` is (the router is built with `.autoGenerateHeadEndpoints`).
package struct IndexedRouter: RouterMethods {
    package typealias Context = DoorstepRequestContext
    let router: Router<DoorstepRequestContext>
    package let index: RouteIndex

    @discardableResult
    package func on<Responder: HTTPResponder>(_ path: RouterPath, method: HTTPRequest.Method, responder: Responder)
        -> Self
    where Responder.Context == Context {
        index.add(method, path.description)
        if method == .get { index.add(.head, path.description) }
        router.on(path, method: method, responder: responder)
        return self
    }

    @discardableResult
    package func add(middleware: any MiddlewareProtocol<Request, Response, Context>) -> Self {
        router.add(middleware: middleware)
        return self
    }

    /// Creates it from its parts.
    package init(router: Router<DoorstepRequestContext>, index: RouteIndex) {
        self.router = router
        self.index = index
    }
}

extension IndexedRouter: ServerTransport {}
