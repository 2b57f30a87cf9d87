import DoorstepServerCore
import Testing

@Suite("Time-on-screen histograms")
struct TenthsHistogramTests {
    /// Times with repeats, out of order: a day of walks as they are counted.
    let times = [40, 25, 40, 7, 864_000, 25, 40, 0, 13, 7]

    @Test("Times counted in any order read back in order, each with how many took it")
    func order() {
        let histogram = TenthsHistogram(times)
        #expect(histogram.text == "0:1 7:2 13:1 25:2 40:3 864000:1")
        #expect(histogram == TenthsHistogram(times.reversed()))
        #expect(histogram != TenthsHistogram(times.dropLast()))
        var recorded = TenthsHistogram()
        for time in times { recorded.record(time) }
        #expect(recorded == histogram)
    }

    @Test("Adding histograms counts what recording every time in one would")
    func adding() {
        let halves = [Array(times.prefix(4)), Array(times.dropFirst(4))]
        var sum = TenthsHistogram(halves[0])
        sum.add(TenthsHistogram(halves[1]))
        #expect(sum == TenthsHistogram(times))
        sum.add(TenthsHistogram())
        #expect(sum == TenthsHistogram(times))
        var empty = TenthsHistogram()
        empty.add(sum)
        #expect(empty == sum)
        // Interleaved, overlapping and disjoint runs, and times recorded after an addition.
        var days = TenthsHistogram([1, 3, 5])
        days.add(TenthsHistogram([2, 3, 9, 11]))
        days.record(4)
        days.add(TenthsHistogram([0]))
        #expect(days.text == "0:1 1:1 2:1 3:2 4:1 5:1 9:1 11:1")
    }

    @Test(
        "The median is the middle time, or halfway between the middle two",
        arguments: [[7], [7, 9], [1, 2, 50], [3, 3, 3, 8]])
    func median(_ times: [Int]) {
        let sorted = times.sorted()
        let middle = sorted.count / 2
        let expected =
            sorted.count.isMultiple(of: 2) ? Double(sorted[middle - 1] + sorted[middle]) / 2 : Double(sorted[middle])
        #expect(TenthsHistogram(times.reversed()).median == expected)
        #expect(TenthsHistogram().median == nil)
    }

    @Test("Stored text reads back the same; pairs out of order or repeated land where they belong")
    func text() throws {
        let histogram = TenthsHistogram(times)
        #expect(TenthsHistogram(text: histogram.text) == histogram)
        #expect(TenthsHistogram(text: "") == TenthsHistogram())
        let shuffled = try #require(TenthsHistogram(text: "40:2 7:1 40:1 0:1 25:2 13:1 7:1 864000:1"))
        #expect(shuffled == histogram)
        for damaged in ["40:", ":1", "40:1:2", "4 0:1", "-4:1", "99999999999999:1", "4x:1"] {
            #expect(TenthsHistogram(text: damaged) == nil, "\(damaged)")
        }
    }
}
