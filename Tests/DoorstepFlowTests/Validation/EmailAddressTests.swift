import DoorstepFlow
import Testing

@Suite("Email addresses")
struct EmailAddressTests {
    @Test(
        "Real addresses are accepted",
        arguments: [
            "sam@example.com", "first.last+tag@mail.example.co.uk", "o'brien@example.ie", "x@y.io", "USER@EXAMPLE.COM",
            "  padded@example.com ", "müller@bücher.de", "user_name-1@sub-domain.example.org",
            "a@xn--bcher-kva.example",
            "name@example.xn--p1ai",
        ])
    func accepted(_ address: String) {
        #expect(EmailAddress.isValid(address))
    }

    @Test(
        "Junk is refused",
        arguments: [
            "", "plainaddress", "a@b", "@example.com", "sam@", "sam@@example.com", "sam example@example.com",
            "sam@exa mple.com", ".sam@example.com", "sam.@example.com", "sa..m@example.com", "sam@example..com",
            "sam@-example.com", "sam@example-.com", "sam@example.c", "sam@example.123", "sam@.example.com",
            "sam\n@example.com", "sam@example.com\u{0}", "<script>@example.com", "a@b@c.com",
            String(repeating: "a", count: 65) + "@example.com", "a@" + String(repeating: "b", count: 250) + ".com",
        ])
    func refused(_ address: String) {
        #expect(!EmailAddress.isValid(address))
    }

    @Test("Normalising trims and lowercases, so one person has one account")
    func normalized() {
        #expect(EmailAddress.normalized("  Sam.Jones@Example.COM ") == "sam.jones@example.com")
    }
}
