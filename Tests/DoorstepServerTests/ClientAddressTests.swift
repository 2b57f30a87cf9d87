import HTTPTypes
import Testing

@testable import DoorstepHTTP
@testable import DoorstepServer

@Suite("Client addresses and route buckets")
struct ClientAddressTests {
    static func headers(_ pairs: [(String, String)]) -> HTTPFields {
        var fields = HTTPFields()
        for (name, value) in pairs { fields.append(HTTPField(name: HTTPField.Name(name)!, value: value)) }
        return fields
    }

    @Test("Forwarding headers are believed from trusted proxies only, walking back past each of them")
    func forwardingChain() throws {
        let resolver = ClientAddressResolver(trustedProxies: [IPNetwork("10.0.0.0/8")!, IPNetwork("fd00::/8")!])
        let stranger = try #require(IPAddress("192.0.2.1"))
        let proxy = try #require(IPAddress("10.1.2.3"))
        let forged = Self.headers([("X-Forwarded-For", "203.0.113.5")])
        #expect(resolver.client(peer: stranger, headers: forged) == stranger)
        #expect(resolver.client(peer: proxy, headers: forged) == IPAddress("203.0.113.5"))
        let spoofedInFront = Self.headers([("X-Forwarded-For", "198.51.100.1, 203.0.113.5, 10.9.9.9")])
        #expect(resolver.client(peer: proxy, headers: spoofedInFront) == IPAddress("203.0.113.5"))
        #expect(resolver.client(peer: proxy, headers: HTTPFields()) == proxy)
        let standard = Self.headers([("Forwarded", #"for="[2001:db8::7]:443";proto=https, for=10.0.0.2"#)])
        var rfc7239 = resolver
        rfc7239.header = .forwarded
        #expect(rfc7239.client(peer: proxy, headers: standard) == IPAddress("2001:db8::7"))
    }

    @Test(
        "Behind a proxy that sets X-Forwarded-For, a client's own Forwarded header is ignored, and the other way round")
    func clientsOwnHeaderIgnored() throws {
        let proxy = try #require(IPAddress("10.1.2.3"))
        // What a proxy that appends to X-Forwarded-For passes on: the client's Forwarded untouched.
        let sent = Self.headers([
            ("Forwarded", "for=198.51.100.77;proto=https"), ("X-Forwarded-For", "203.0.113.5"),
        ])
        let xff = ClientAddressResolver(trustedProxies: [IPNetwork("10.0.0.0/8")!])
        #expect(xff.client(peer: proxy, headers: sent) == IPAddress("203.0.113.5"))
        #expect(!ClientAddressMiddleware.forwardedHTTPS(sent, from: .xForwardedFor))
        let rfc7239 = ClientAddressResolver(trustedProxies: [IPNetwork("10.0.0.0/8")!], header: .forwarded)
        let other = Self.headers([("X-Forwarded-For", "198.51.100.77"), ("Forwarded", "for=203.0.113.5")])
        #expect(rfc7239.client(peer: proxy, headers: other) == IPAddress("203.0.113.5"))
        // A request with only the client's header: counted under the proxy, never an address it picked.
        #expect(xff.client(peer: proxy, headers: Self.headers([("Forwarded", "for=198.51.100.9")])) == proxy)
    }

    @Test("IPv6 clients are counted by their /64; IPv4-mapped addresses as IPv4")
    func limitKeys() throws {
        let one = try #require(IPAddress("2001:db8:1:2::1"))
        let other = try #require(IPAddress("2001:db8:1:2:ffff:ffff:ffff:ffff"))
        #expect(one.limitKey == other.limitKey)
        #expect(one.limitKey != IPAddress("2001:db8:1:3::1")?.limitKey)
        #expect(IPAddress("::ffff:192.0.2.9")?.limitKey == "192.0.2.9")
        #expect(IPNetwork("10.0.0.0/33") == nil)
        #expect(IPNetwork("fd00::/8")?.contains(IPAddress("fd12::1")!) == true)
        #expect(IPNetwork("10.0.0.0/8")?.contains(IPAddress("11.0.0.1")!) == false)
    }

    @Test("A path finds its route however it is spelled, so its limit cannot be dodged")
    func routeTemplates() {
        let index = RouteIndex()
        index.add(.post, "/v1/auth/code")
        index.add(.post, "/v1/auth/code/verify")
        index.add(.post, "/flows/:id")
        index.add(.post, "/flows/:id/restart")
        index.add(.get, "/flows/signin/:provider")
        for spelling in ["/v1/auth/code", "//v1/auth/code", "/v1//auth/code", "/v1/auth/code/"] {
            #expect(index.template(matching: spelling) == "/v1/auth/code")
        }
        #expect(index.template(matching: "/flows/tanda/restart") == "/flows/:id/restart")
        #expect(index.template(matching: "/flows/signin/google") == "/flows/signin/:provider")
        #expect(index.template(matching: "/v1/nothing") == nil)
    }
}
