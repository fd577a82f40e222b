// DeviceClock: the hybrid logical clock that numbers a device's changes in a ledger folder.
// A change number is `milliseconds since 1970 << 16 | counter`: never below the wall clock,
// always above the device's own last change and above every change of the folder this device
// has read (so a change made after seeing another sorts after it, whatever the clocks say).
// A journal from before devices has numbers 1, 2, 3 …: they are clock values from the dawn of
// time, so that history sorts first and nothing about it needs rewriting. Numbers end at
// `limit`: one above it in a file is damage, not a number to count on from.

#if canImport(Glibc)
import Glibc
#endif

public enum DeviceClock {
    /// The highest change number a device file may hold: 2^62, a clock reading of the year
    /// 4200 or so. A line numbered above it (up to `Int64.max`) is damage, read as a damaged
    /// line, so no arithmetic on a number read can overflow.
    public static let limit: Int64 = 1 << 62

    /// The number of the next change: past `after` (the highest number seen) and the wall
    /// clock; nil when that is past `limit` (a folder holding a number at the limit).
    public static func next(after: Int64, now: Int64 = DeviceClock.nowMilliseconds()) -> Int64? {
        let clock = now > 0 && now < limit >> 16 ? now << 16 : 0
        let number = max(clock, after + 1)
        return number <= limit ? number : nil
    }

    public static func nowMilliseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
    }

    /// The wall time (milliseconds since 1970) a change number carries; nil for a number from
    /// before devices (1, 2, 3 …).
    public static func milliseconds(of number: Int64) -> Int64? {
        number >= 1 << 40 ? number >> 16 : nil
    }
}
