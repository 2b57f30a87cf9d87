/// Compares CSRF tokens in constant time.
enum CSRF {
    static func matches(_ sent: String?, _ expected: String) -> Bool {
        guard let sent, sent.utf8.count == expected.utf8.count, !expected.isEmpty else { return false }
        return zip(sent.utf8, expected.utf8).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
