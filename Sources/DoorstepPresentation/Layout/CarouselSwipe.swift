extension CarouselPresentation {
    /// The page a swipe anywhere on the screen turns to: a drag mostly sideways and longer than `minimum`
    /// points goes on when it runs against the reading direction (leftward in English) and back when it
    /// runs with it; a drag mostly up or down scrolls instead, and turns nothing.
    /// - Parameters:
    ///   - width: the drag's horizontal travel, positive to the right.
    ///   - height: its vertical travel.
    ///   - isRightToLeft: whether the layout reads right to left (Arabic, Hebrew).
    public func swipeAction(
        width: Double, height: Double, isRightToLeft: Bool = false, minimum: Double = 30
    ) -> ActionPresentation? {
        guard abs(width) >= minimum, abs(width) > abs(height) else { return nil }
        let towardsStart = isRightToLeft ? width > 0 : width < 0
        return towardsStart ? next : back
    }
}
