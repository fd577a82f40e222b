// JournalImportSummary: what `kassa import` says and writes for a plain-text journal (any of
// FormatCatalog's journal formats) beyond its transactions — each account's profile (its kind and opening balance, for an
// account the journal has no profile of yet, or one without an opening; an opening the person
// already set is kept and said so), and the summary: the person's own categories made (with
// --dry-run, the category every expense and income account becomes), the rates
// kept, the year-end closing and opening entries read as equity moves, the balance assertions checked (each one that failed, with its line), and everything
// kassa could not hold, counted by reason and listed by line (all of them with --dry-run).

import KassaCore
import KassaInterchange
import KassaLedger
import KassaStore

enum JournalImportSummary {
    /// How many skipped lines are listed without --dry-run.
    static let listed = 20

    /// The profiles to write: new accounts' (kind, opening), and openings for accounts that have none.
    static func profiles(_ notes: JournalNotes?, _ journal: Journal) -> [ObjectRecord] {
        guard let notes else { return [] }
        var records: [ObjectRecord] = []
        for account in notes.accounts {
            let key = AccountProfile.key(account.name)
            if let existing = journal.object(AccountProfile.recordKind, key: key) {
                guard var profile = AccountProfile(record: existing), profile.opening == nil, let opening = account.opening else { continue }
                profile.opening = opening
                profile.openingDate = account.openingDate
                records.append(profile.record)
                continue
            }
            // An account the journal knows (by name or alias) without a profile keeps kassa's default
            // kind; it gets a profile only for the opening the file brings.
            let known = journal.accounts.contains { $0.name.lowercased() == key || $0.aliases.contains { $0.lowercased() == key } }
            if known && account.opening == nil { continue }
            let kind = known ? AccountKind.cash : AccountKind(rawValue: account.kind.rawValue) ?? .cash
            let profile = AccountProfile(name: account.name, kind: kind, opening: account.opening, openingDate: account.openingDate)
            records.append(profile.record)
        }
        return records
    }

    /// Openings the journal brought for accounts that already have one (kept as they were).
    static func keptOpenings(_ notes: JournalNotes?, _ journal: Journal) -> [String] {
        guard let notes else { return [] }
        return notes.accounts.compactMap { account in
            guard let opening = account.opening,
                  let existing = journal.object(AccountProfile.recordKind, key: AccountProfile.key(account.name)),
                  let profile = AccountProfile(record: existing), let own = profile.opening,
                  own != opening || profile.openingDate != account.openingDate else { return nil }
            return account.name
        }
    }

    static func events(_ notes: JournalNotes?, journal: Journal, dryRun: Bool, catalog: Catalog?) -> [SessionEvent] {
        guard let notes else { return [] }
        var events: [SessionEvent] = []
        if let bare = notes.bareCurrency {
            events.append(.notice(key: "import.journal.bare-currency", arguments: ["currency": bare.code], count: nil))
        }
        if !notes.categories.isEmpty {
            events.append(.notice(key: "import.journal.categories", arguments: [
                "names": notes.categories.map(\.name).joined(separator: ", "),
            ], count: notes.categories.count))
        }
        // With --dry-run, where each expense and income account goes (the rules are in the README).
        if dryRun {
            for (source, slug) in notes.categoryMap {
                events.append(.notice(key: "import.journal.mapped", arguments: ["source": source, "slug": slug], count: nil))
            }
        }
        if notes.rates > 0 { events.append(.notice(key: "import.journal.rates", arguments: [:], count: notes.rates)) }
        if notes.equityMoves > 0 { events.append(.notice(key: "import.journal.equity-moves", arguments: [:], count: notes.equityMoves)) }
        let kept = keptOpenings(notes, journal)
        if !kept.isEmpty {
            events.append(.notice(key: "import.journal.opening-kept", arguments: ["accounts": kept.joined(separator: ", ")], count: kept.count))
        }
        if notes.assertionsChecked > 0 {
            events.append(.notice(key: "import.journal.assertions", arguments: ["failed": String(notes.assertionFailures.count)],
                                  count: notes.assertionsChecked))
        }
        for failure in notes.assertionFailures.prefix(dryRun ? Int.max : listed) {
            events.append(.notice(key: "import.journal.assertion-failed", arguments: [
                "place": place(failure.file, failure.line), "account": failure.account,
                "expected": failure.expected.decimalString + " " + failure.expected.currency.code,
                "actual": failure.actual.decimalString + " " + failure.actual.currency.code,
            ], count: nil))
        }
        guard !notes.skips.isEmpty else { return events }
        var byReason: [String: Int] = [:]
        for skip in notes.skips { byReason[skip.reason, default: 0] += 1 }
        let reasons = byReason.sorted { $0.key < $1.key }.map { reason, count in
            (catalog?.text("import.journal.skip." + reason) ?? reason) + ": " + String(count)
        }
        events.append(.notice(key: "import.journal.skipped", arguments: ["reasons": reasons.joined(separator: ", ")],
                              count: notes.skips.count))
        for skip in notes.skips.prefix(dryRun ? Int.max : listed) {
            events.append(.notice(key: "import.journal.skip-line", arguments: [
                "place": place(skip.file, skip.line), "reason": catalog?.text("import.journal.skip." + skip.reason) ?? skip.reason, "detail": skip.detail,
            ], count: nil))
        }
        if !dryRun && notes.skips.count > listed {
            events.append(.notice(key: "import.journal.skip-more", arguments: [:], count: notes.skips.count - listed))
        }
        return events
    }

    private static func place(_ file: String, _ line: Int) -> String { file.isEmpty ? String(line) : file + ":" + String(line) }
}
