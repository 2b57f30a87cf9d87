extension Duration {
    /// The duration in milliseconds, with its fraction.
    var milliseconds: Double {
        Double(components.seconds) * 1_000 + Double(components.attoseconds) / 1e15
    }
}

extension [Double] {
    /// The value below which a share `p` of this sorted array lies; 0 when it is empty.
    func percentile(_ p: Double) -> Double {
        isEmpty ? 0 : self[Swift.min(count - 1, Int(Double(count) * p))]
    }
}
