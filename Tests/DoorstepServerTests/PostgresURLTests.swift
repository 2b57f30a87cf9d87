import DoorstepPostgres
import Testing

@Suite("PostgreSQL URLs")
struct PostgresURLTests {
    @Test("A database on another machine defaults to verify-full; loopback to prefer; the URL's sslmode wins")
    func sslModeDefaults() throws {
        #expect(
            try PostgresStorageConfiguration(url: "postgres://app:pw@db.internal:5432/doorstep").sslMode
                == "verify-full")
        #expect(try PostgresStorageConfiguration(url: "postgres://app:pw@10.0.0.5/doorstep").sslMode == "verify-full")
        #expect(try PostgresStorageConfiguration(url: "postgres://app:pw@127.0.0.1/doorstep").sslMode == "prefer")
        #expect(try PostgresStorageConfiguration(url: "postgres://app:pw@localhost/doorstep").sslMode == "prefer")
        #expect(try PostgresStorageConfiguration(url: "postgres://app:pw@[::1]/doorstep").sslMode == "prefer")
        #expect(
            try PostgresStorageConfiguration(url: "postgres://app:pw@db.internal/doorstep?sslmode=require").sslMode
                == "require")
    }
}
