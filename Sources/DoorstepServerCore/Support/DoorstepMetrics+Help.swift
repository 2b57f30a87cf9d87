extension DoorstepMetrics {
    /// The `# HELP` text of every series ``DoorstepMetrics`` reports, by metric name: what one sample
    /// counts or measures, in which unit. An exporter writes it beside the series, so `/metrics`
    /// explains itself to whoever scrapes it (and `promtool check metrics` finds nothing to say).
    public static let helpTexts: [String: String] = [
        "doorstep_http_requests_total":
            "Requests answered, by route template (unmatched for unknown paths), method and status class.",
        "doorstep_http_request_duration_seconds":
            "Seconds from a request's arrival to its answer, by route template and method.",
        "doorstep_rate_limited_total":
            "Requests refused with 429 (per-IP limits, code resend limits, busy password hashing), by route template.",
        "doorstep_signups_total": "Accounts created with a session opened, by sign-in method.",
        "doorstep_signins_total": "Sessions opened for existing accounts, by sign-in method.",
        "doorstep_signin_failures_total": "Sign-ins refused, by sign-in method and error code.",
        "doorstep_codes_sent_total": "One-time codes mailed, by purpose.",
        "doorstep_lockouts_total": "Log-ins refused because the email was locked out after failed tries.",
        "doorstep_token_refreshes_total": "Refresh tokens exchanged for new ones.",
        "doorstep_refresh_token_reuses_total":
            "Rotated refresh tokens presented again after their grace window; each ended its session.",
        "doorstep_password_hashes_running": "Password hashes being computed now.",
        "doorstep_password_hashes_waiting": "Password hashes waiting for a free worker.",
        "doorstep_password_hash_workers": "Password hashes that can be computed at once.",
        "doorstep_password_hash_queue_limit": "Password hashes that may wait before requests are refused.",
        "doorstep_password_hashes_shed_total": "Password requests refused with 429 because hashing stayed busy.",
        "doorstep_storage_duration_seconds": "Seconds a database call took, by kind (transaction or read).",
        "doorstep_mail_deliveries_total":
            "Mail handed to the transport, by result (sent, retrying after a failure, failed for good).",
        "doorstep_mail_outbox_pending": "Mail in the outbox waiting to be sent, read at each scrape.",
        "doorstep_mail_outbox_failed": "Mail in the outbox that failed for good, read at each scrape.",
        "doorstep_mail_outbox_oldest_pending_age_seconds":
            "Seconds the oldest mail waiting in the outbox has waited (0 when none waits), read at each scrape.",
        "doorstep_webhook_queue_pending": "Webhook deliveries waiting to be sent, read at each scrape.",
        "doorstep_webhook_queue_failed": "Webhook deliveries that failed for good, read at each scrape.",
        "doorstep_webhook_queue_oldest_pending_age_seconds":
            "Seconds the oldest waiting webhook delivery has waited (0 when none waits), read at each scrape.",
        "doorstep_ready":
            "1 when this instance answers /readyz with 200 (database reachable, not draining), else 0.",
        "doorstep_flow_completions_total": "Flows whose answers were submitted at their end, by catalog flow id.",
    ]
}
