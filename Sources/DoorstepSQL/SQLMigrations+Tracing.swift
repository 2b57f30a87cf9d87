extension SQLMigrations {
    /// Version 23: the trace a mail or webhook delivery belongs to (a W3C `traceparent`, no secret), so
    /// its delivery joins the trace of the request that wrote it.
    static let traceParents = Migration(
        version: 23, name: "trace parents of queued mail and webhook deliveries",
        statements: [
            "ALTER TABLE mail_outbox ADD COLUMN trace_parent TEXT",
            "ALTER TABLE webhook_deliveries ADD COLUMN trace_parent TEXT",
        ])
}
