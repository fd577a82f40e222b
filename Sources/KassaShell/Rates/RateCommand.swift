// RateCommand: exchange rates as journal records. `kassa rate [CODE] [--json]` lists them,
// `rate set CODE RATE [--date D]` records one (units of the base currency per one unit, in effect
// from D, today by default), `rate remove CODE --date D` takes one out, `rate import FILE` reads
// a CSV of `date,currency,rate` or the National Bank of Kazakhstan's rates file. Conversions use
// the rate in effect on each transaction's own date (KassaLedger.RateTable). Rates are kept
// against the base currency (config `base-currency`); every change is one undoable change.

import KassaCore
import KassaInterchange
import KassaLedger
import KassaStore

public struct RateCommand: Command {
    public static let name = "rate"
    public static let forms = CommandForms.both
    public static let options: [CommandOption] = [.value("--date", .date)]
    public static let surface = CommandSurface(group: "rate", verbs: [
        CommandVerb("set", .required(.currency), .required(.number)),
        CommandVerb("remove", .required(.currency)),
        CommandVerb("import", .required(.file)),
    ], .optional(.currency))

    enum Action: Equatable {
        case list(Currency?)
        case set(Currency, micros: Int64, date: CivilDate?)
        case remove(Currency, date: CivilDate)
        case importFile(String)
    }

    let action: Action

    public init(_ arguments: CommandArguments) throws(UsageError) {
        let words = arguments.words
        let usage = UsageError(key: "rate.usage", arguments: ["command": arguments.form.prefix + Self.name])
        let date = try arguments.date("--date")
        func currency(_ word: String) throws(UsageError) -> Currency {
            guard let code = Currency(code: word) else { throw UsageError(key: "rate.bad-currency", arguments: ["value": word]) }
            return code
        }
        guard let verb = words.first else {
            guard date == nil else { throw usage }
            action = .list(nil)
            return
        }
        switch arguments.verb(of: Self.surface) {
        case "set":
            guard words.count == 3 else { throw usage }
            guard let micros = ExchangeRate.micros(from: words[2]) else {
                throw UsageError(key: "rate.bad-rate", arguments: ["value": words[2]])
            }
            action = .set(try currency(words[1]), micros: micros, date: date)
        case "remove":
            guard words.count == 2, let date else { throw usage }
            action = .remove(try currency(words[1]), date: date)
        case "import":
            guard words.count == 2, date == nil else { throw usage }
            action = .importFile(words[1])
        default:
            guard words.count == 1, date == nil else { throw usage }
            action = .list(try currency(verb))
        }
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        let base = context.configuration.baseCurrency
        switch action {
        case .list(let only):
            return context.storeChange(readOnly: true) { journal in
                let rates = journal.rateTable(base: base).rates.filter { only == nil || $0.currency == only }
                return [.output(RatesOutput(base: base, rates: rates))]
            }
        case .set(let currency, let micros, let date):
            guard currency != base else { return context.reject(SessionError("rate.is-base", ["currency": base.code])) }
            let rate = ExchangeRate(currency: currency, base: base, micros: micros, date: date ?? context.configuration.today)
            return RateCommand.record(rate, in: context)
        case .remove(let currency, let date):
            return context.storeChange { journal in
                let key = ExchangeRate.key(currency: currency, date: date)
                guard journal.object(ExchangeRate.kind, key: key) != nil else {
                    return context.reject(SessionError("rate.none", ["currency": currency.code, "date": date.iso]))
                }
                try journal.write([ObjectRecord(kind: ExchangeRate.kind, key: key, removed: true)])
                return [.output(SettingChangeOutput(key: "rate.removed", arguments: ["currency": currency.code, "date": date.iso]))]
            }
        case .importFile(let path):
            guard let read = path == "-" ? FileReading.bytes(from: 0) : FileReading.bytes(atPath: path) else {
                return context.usage(UsageError(key: "import.unreadable", arguments: ["path": path]))
            }
            let bytes = LineEnds.unified(read)
            let national = NationalBankRatesReader.recognizes(bytes)
            let file = national
                ? (base == .kzt ? NationalBankRatesReader.read(bytes) : RatesFile(problems: [ImportProblem(line: 1, reason: "rate-base")]))
                : RatesCSVReader.read(bytes, base: base)
            // The National Bank's daily file lists every currency it publishes (XDR among them):
            // one kassa cannot read is named and left out, the others are kept.
            return RateCommand.importRates(file, path: path, keepReadable: national, in: context)
        }
    }

    /// Records one rate (a later record for the same currency and date replaces it).
    static func record(_ rate: ExchangeRate, in context: CommandContext) -> [SessionEvent] {
        context.storeChange { journal in
            let arguments = ["currency": rate.currency.code, "rate": rate.decimalString, "base": rate.base.code, "date": rate.date.iso]
            if let old = journal.object(ExchangeRate.kind, key: rate.record.key), ExchangeRate(record: old) == rate {
                return [.notice("rate.unchanged", arguments)]
            }
            try journal.write([rate.record])
            return [.output(SettingChangeOutput(key: "rate.set", arguments: arguments))]
        }
    }

    /// `keepReadable`: import the rates that could be read and name the others (the National
    /// Bank's file); otherwise one unreadable row refuses the file.
    static func importRates(_ file: RatesFile, path: String, keepReadable: Bool = false, in context: CommandContext) -> [SessionEvent] {
        let catalog = context.app?.catalog
        let named: [SessionEvent] = file.problems.prefix(20).map { problem in
            .notice("import.bad-row", [
                "line": String(problem.line), "detail": BadRowText.shown(problem.detail, catalog: catalog),
                "reason": catalog?.text("import.reason." + problem.reason) ?? problem.reason,
            ])
        }
        let partial = keepReadable && !file.rates.isEmpty && !file.problems.contains { $0.reason == "format" || $0.reason == "rate-base" }
        guard file.problems.isEmpty || partial else {
            return named + context.reject(SessionError("rate.import-bad", ["path": path, "count": String(file.problems.count)]))
        }
        let skipped: [SessionEvent] = file.problems.isEmpty ? [] : named + [
            .notice(key: "rate.import-skipped", arguments: ["path": path, "count": String(file.problems.count)],
                    count: file.problems.count),
        ]
        return skipped + context.storeChange { journal in
            let existing = Set(journal.objects(ExchangeRate.kind).compactMap(ExchangeRate.init(record:)))
            // One record per (currency, date): the file's last word on a day wins.
            var latest: [String: ExchangeRate] = [:]
            var order: [String] = []
            for rate in file.rates where !existing.contains(rate) {
                if latest.updateValue(rate, forKey: rate.record.key) == nil { order.append(rate.record.key) }
            }
            let new = order.compactMap { latest[$0] }
            // A change is one record line per rate; a year of daily rates of 40 currencies fits.
            guard !new.isEmpty else {
                return [.notice("rate.imported-none", ["count": String(file.rates.count)])]
            }
            try journal.write(new.map(\.record))
            return [.output(SettingChangeOutput(key: "rate.imported", arguments: [
                "count": String(new.count), "known": String(file.rates.count - new.count),
            ]))]
        }
    }
}
