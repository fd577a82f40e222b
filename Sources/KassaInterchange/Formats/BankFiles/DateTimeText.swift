// DateTimeText: a bank's date-time cell — "2020-01-23 08:26:29", "31.01.2024 12:34",
// "2024-01-31T12:34:56" — split into its date (read by DateText as any date cell) and its time,
// `HH:MM` or `HH:MM:SS` (kassa keeps minutes: the seconds are checked, then dropped).

import KassaCore

public enum DateTimeText {
    /// The date part and, when a time follows a space or a 'T', the time part.
    public static func split(_ text: String) -> (date: Substring, time: Substring?) {
        let whole = Substring(text)
        guard let cut = whole.firstIndex(where: { $0 == " " || $0 == "T" }) else { return (whole, nil) }
        let time = whole[whole.index(after: cut)...].drop { $0 == " " }
        return (whole[..<cut], time)
    }

    /// `HH:MM` or `HH:MM:SS` (an hour may have one digit: "8:05").
    public static func time(_ text: Substring) -> TimeOfDay? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        guard parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              parts.dropFirst().allSatisfy({ $0.count == 2 }),
              let hour = Int(parts[0]), let minute = Int(parts[1]) else { return nil }
        if parts.count == 3 { guard let second = Int(parts[2]), second < 60 else { return nil } }
        return TimeOfDay(hour: hour, minute: minute)
    }
}
