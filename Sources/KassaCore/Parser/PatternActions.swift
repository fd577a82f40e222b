// PatternActions: what a matched pattern means, by the action named on its `pattern` line.
// Dates resolve against the context's "today" only (no clock): bare weekdays and day-month
// dates go to the most recent past occurrence, "last <weekday>" to the one strictly before today.

enum Recognized {
    case date(CivilDate, weak: Bool, alternative: CivilDate?)
    case time(TimeOfDay)
    case quantity
    /// A frequency and its interval ("every 2 weeks": weekly, 2).
    case recurrence(Recurrence, interval: Int)
    /// The number of a name ("route 37", "iPhone 15", "for 2027"): note words, unless the line
    /// has no other amount (then "bus 150" is 150 after all).
    case label
    /// A calendar day said as what the purchase is for, ahead of today ("tickets for december
    /// 5"): note words, not the date (DraftAssembler.markPurposeDates).
    case purpose
    /// A day-month that does not exist ("31 feb", «31 ноября»): never the amount nor a date; the
    /// line is refused with the reason (DraftBuilder), not saved today with the words in the note.
    case impossibleDate
    /// A count of days, weeks or months too large for a date said from today ("100 999 weeks
    /// ago", "coffee 500 days ago" past the count limit): the line is refused with the words
    /// (DraftBuilder), never read as an amount and a date a week back.
    case countOutOfRange
}

extension DateStage {
    func resolve(_ pattern: Int, _ c: Captures) -> Recognized? {
        let today = context.today
        switch hot.actions[pattern] {
        case .offset:
            guard c.relday != nil || c.span != nil else { return nil }
            var days = c.relday ?? 0
            if let span = c.span {
                guard let count = c.count?.intValue ?? (c.count == nil ? 1 : nil) else { return nil }
                guard count < 10_000 else { return .countOutOfRange }
                days += (c.dir ?? -1) * Int(count) * span
            }
            return .date(today.adding(days: days), weak: false, alternative: nil)
        case .weekday:
            guard let w = c.weekday, (1...7).contains(w) else { return nil }
            let wd = today.isoWeekday
            if c.lastweek {
                let monday = today.adding(days: -(wd - 1) - 7)
                return .date(monday.adding(days: w - 1), weak: false, alternative: nil)
            }
            if c.next {
                // "next monday": the coming one, strictly after today.
                let ahead = (w - wd + 7) % 7
                return .date(today.adding(days: ahead == 0 ? 7 : ahead), weak: false, alternative: nil)
            }
            var delta = (wd - w + 7) % 7
            if c.last && delta == 0 { delta = 7 }
            return .date(today.adding(days: -delta), weak: false, alternative: nil)
        case .daymonth:
            var day = c.day, month = c.month
            if let h = c.holiday, day == nil, month == nil { month = h / 100; day = h % 100 }
            guard let d = day, let month else { return nil }
            // "31 feb": a date that does not exist is still a date said, never an amount.
            guard (1...12).contains(month) else { return nil }
            guard CivilDate.daysInMonth(year: c.year ?? 2000, month: month) >= d else { return .impossibleDate }
            if let y = c.year {
                return CivilDate(year: y, month: month, day: d).map { .date($0, weak: false, alternative: nil) }
            }
            return recent(month: month, day: d).map { .date($0, weak: false, alternative: soon(month: month, day: d)) }
        case .dayonly:
            guard let d = c.day else { return nil }
            // "on the 29th" said on the 26th: the last 29th, or this month's coming one (asked).
            let coming = CivilDate(year: today.year, month: today.month, day: d).flatMap { $0 > today ? $0 : nil }
            var y = today.year, mo = today.month
            for _ in 0..<13 {
                if let date = CivilDate(year: y, month: mo, day: d), date <= today { return .date(date, weak: false, alternative: coming) }
                mo -= 1
                if mo == 0 { mo = 12; y -= 1 }
            }
            return nil
        case .dayprevmonth:
            guard let d = c.day else { return nil }
            let y = today.month == 1 ? today.year - 1 : today.year
            let mo = today.month == 1 ? 12 : today.month - 1
            return CivilDate(year: y, month: mo, day: d).map { .date($0, weak: false, alternative: nil) }
        case .monthsago:
            guard let count = c.count?.intValue ?? (c.count == nil ? 1 : nil) else { return nil }
            guard count < 1200 else { return .countOutOfRange }
            var total = today.year * 12 + (today.month - 1) - Int(count)
            if total < 0 { total = 0 }
            let y = total / 12, mo = total % 12 + 1
            let d = min(today.day, CivilDate.daysInMonth(year: y, month: mo))
            return CivilDate(year: y, month: mo, day: d).map { .date($0, weak: false, alternative: nil) }
        case .numeric:
            guard let n = c.numdate else { return nil }
            let date: CivilDate?
            if let y = n.year { date = CivilDate(year: y, month: n.month, day: n.day) } else { date = recent(month: n.month, day: n.day) }
            // "2026-02-30", "31.04.2026": with its year said, a day the month lacks is no number.
            if date == nil, n.year != nil, (1...12).contains(n.month), (1...31).contains(n.day) { return .impossibleDate }
            guard let resolved = date else { return nil }
            var alternative: CivilDate?
            if n.swappable, n.year == nil { alternative = recent(month: n.day, day: n.month) }
            if alternative == nil, n.year == nil { alternative = soon(month: n.month, day: n.day) }
            return .date(resolved, weak: n.weak, alternative: alternative)
        case .time:
            if var h = c.hour {
                if let ampm = c.ampm {
                    guard h >= 1, h <= 12 else { return nil }
                    h = h % 12 + ampm
                }
                return TimeOfDay(hour: h, minute: c.minute ?? 0).map { .time($0) }
            }
            if c.daypart >= 0, let t = hot.entryTime[Int(c.daypart)] { return .time(t) }
            return nil
        case .quantity:
            return .quantity
        case .label:
            // A two-digit year is read by a pivot: only years near now make a name ("for 2027").
            if let y = c.year, y < 1990 || y > 2100 { return nil }
            return .label
        case .recurrence:
            guard c.recurrence >= 0 else { return nil }
            let e = Int(c.recurrence)
            guard let frequency = hot.entryRecurrence[e] ?? (e < ids.entryUnit.count ? ids.entryUnit[e] : nil) else { return nil }
            // "every 2 weeks"; a count too large to be a payment's rhythm is not one.
            guard let interval = c.count?.intValue ?? (c.count == nil ? 1 : nil), interval >= 1, interval <= 366 else { return nil }
            return .recurrence(frequency, interval: Int(interval))
        }
    }

    /// How far ahead a day-month said without its year may be and still be the coming one: a
    /// series said on 29 November "from 1 December" or "from 15 January" starts then, not a year
    /// back (DraftBuilder.decideDate); a one-off entry is asked about it.
    static let comingWindowDays = 62

    /// The coming day-month when it is at most `comingWindowDays` ahead of today ("march 12"
    /// said on 10 March, "5 января" said on 29 December): the most recent past one is a year
    /// back, so a series takes this one and a one-off entry asks which was meant.
    func soon(month: Int, day: Int) -> CivilDate? {
        let today = context.today
        for year in [today.year, today.year + 1] {
            if let d = CivilDate(year: year, month: month, day: day), d > today {
                return d <= today.adding(days: Self.comingWindowDays) ? d : nil
            }
        }
        return nil
    }

    /// The most recent day-month on or before today (a past expense), skipping 29 February gaps.
    func recent(month: Int, day: Int) -> CivilDate? {
        let today = context.today
        for back in 0..<9 {
            if let d = CivilDate(year: today.year - back, month: month, day: day), d <= today { return d }
        }
        return nil
    }
}
