// DeviceClock: the hybrid logical clock that numbers a device's changes in a ledger folder.
// A change number is `milliseconds since 1970 << 16 | counter`: never below the wall clock,
// always above the device's own last change and above every change of the folder this device
// has read (so a change made after seeing another sorts after it, whatever the clocks say).
// A journal from before devices has numbers 1, 2, 3 …: they are clock values from the dawn of
// time, so that history sorts first and nothing about it needs rewriting.

#if canImport(Glibc)
import Glibc
#endif

public enum DeviceClock {
    /// The number of the next change: past `after` (the highest number seen) and the wall clock.
    public static func next(after: Int64, now: Int64 = DeviceClock.nowMilliseconds()) -> Int64 {
        max(now << 16, after + 1)
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
