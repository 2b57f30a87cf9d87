import DoorstepServerCore
import Foundation
import Testing

@Suite("Webhook URLs and the addresses they may reach")
struct WebhookURLPolicyTests {
    @Test(
        "Loopback, private, link-local, CGNAT, unique-local, unspecified, multicast and reserved addresses are not public",
        arguments: [
            "127.0.0.1", "127.255.1.2", "10.0.0.1", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254",
            "100.64.0.1", "100.127.255.255", "0.0.0.0", "224.0.0.1", "255.255.255.255", "192.0.2.1", "198.18.0.1",
            "::", "::1", "fc00::1", "fd12:3456::1", "fe80::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1",
            "64:ff9b::a00:1", "2002:a00:1::", "2001:db8::1", "::127.0.0.1",
        ])
    func notPublic(_ text: String) throws {
        let address = try #require(NetworkAddress(text))
        #expect(!address.isPublic)
        #expect(throws: WebhookURLError.self) { try WebhookURLPolicy().check(address) }
        #expect(throws: Never.self) { try WebhookURLPolicy(allowsPrivate: true).check(address) }
    }

    @Test(
        "Public addresses are",
        arguments: [
            "93.184.216.34", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "::ffff:8.8.8.8",
            "64:ff9b::808:808",
        ])
    func isPublic(_ text: String) throws {
        #expect(try #require(NetworkAddress(text)).isPublic)
    }

    @Test("Names and garbage are not addresses", arguments: ["example.com", "", "1.2.3", "::g", "01.2.3.4.5"])
    func notAnAddress(_ text: String) {
        #expect(NetworkAddress(text) == nil)
    }

    @Test("The audit log keeps a /24 or a /48, never the whole address")
    func prefixes() throws {
        #expect(try #require(NetworkAddress("203.0.113.77")).networkPrefix == "203.0.113.0/24")
        #expect(try #require(NetworkAddress("2001:db8:abcd:12::1")).networkPrefix == "2001:db8:abcd::/48")
        #expect(try #require(NetworkAddress("::ffff:198.51.100.9")).networkPrefix == "198.51.100.0/24")
    }

    @Test(
        "URLs refused when added",
        arguments: [
            ("http://example.com/hooks", WebhookURLError.notHTTPS),
            ("https://user:secret@example.com/", .hasCredentials),
            ("https://127.0.0.1/", .privateAddress("127.0.0.1")),
            ("https://[::1]:8443/", .privateAddress("0:0:0:0:0:0:0:1")),
            ("https://localhost/", .privateAddress("localhost")),
            ("https://metadata.google.internal/", .privateAddress("metadata.google.internal")),
            ("https://intranet/", .privateAddress("intranet")),
            ("not a url", .malformed), ("ftp://example.com/", .notHTTPS), ("https:///path", .malformed),
        ])
    func refused(_ url: String, _ expected: WebhookURLError) {
        #expect(throws: expected) { try WebhookURLPolicy().check(url) }
    }

    @Test("A public https URL passes; with private addresses allowed, so do http and loopback")
    func accepted() throws {
        let checked = try WebhookURLPolicy().check("https://hooks.example.com/doorstep?x=1")
        #expect(checked.host == "hooks.example.com" && checked.port == 443)
        #expect(try WebhookURLPolicy(allowsPrivate: true).check("http://127.0.0.1:8099/hooks").port == 8099)
    }
}
