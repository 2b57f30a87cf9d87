extension DoorstepMetrics {
    /// A protected action's proof checked: `outcome` is `passed`, `missing`, `invalid` (both refused)
    /// or `would_refuse` (under `monitor`); `reason` is `none`, `missing` or `invalid`.
    func humanProofChecked(action: ProtectedAction, outcome: String, reason: String) {
        counter(
            "doorstep_attestation_checks_total", [("action", action.label), ("outcome", outcome), ("reason", reason)]
        ).increment()
    }
}
