// ReportCSV: a report's table as CSV for spreadsheets (RFC 4180: a header row, CRLF line
// ends, fields with a comma, quote or line break quoted and their quotes doubled). Amounts are
// exact decimal strings with their currency in a column.

import KassaCore
import KassaLedger

enum ReportCSV {
    static func lines(_ output: ReportOutput, sentence: (Insight) -> String) -> [String] {
        var rows: [[String]]
        switch output.result {
        case .category(let report):
            let key = report.grouping.rawValue
            rows = [[key, "parent", "currency", "amount", "share", "previous", "change"]]
            for section in report.sections {
                for row in section.rows {
                    let parent = row.depth > 0 ? row.key.flatMap { $0.split(separator: "/").first.map(String.init) } ?? "" : ""
                    rows.append([row.key ?? "", parent, section.currency.code, row.amount.decimalString,
                                 ratio(row.share), row.previous?.decimalString ?? "", ratio(row.change)])
                }
            }
        case .cashflow(let report):
            rows = [["month", "currency", "income", "expense", "net"]]
            for section in report.sections {
                for month in section.months {
                    rows.append([ReportJSON.month(month.start), section.currency.code, month.income.decimalString,
                                 month.expense.decimalString, month.net.decimalString])
                }
            }
        case .trend(let report):
            rows = [["category", "currency"] + report.monthStarts.map(ReportJSON.month) + ["total"]]
            for section in report.sections {
                for line in section.lines {
                    rows.append([line.category ?? "", section.currency.code] + line.months.map(\.decimalString)
                        + [line.total.decimalString])
                }
            }
        case .insights(let report):
            rows = [["insight", "message"]]
            for insight in report.insights { rows.append([insight.code, sentence(insight)]) }
        case .health(let health):
            rows = [["component", "score", "weight", "reason"]]
            for part in health.parts {
                rows.append([part.component.rawValue, part.score.map { String(Int($0.rounded())) } ?? "",
                             ratio(part.weight), part.reason ?? ""])
            }
            rows.append(["total", health.score.map(String.init) ?? "", "", health.grade?.rawValue ?? ""])
        case .subscriptions(let costs):
            rows = [["series", "note", "kind", "frequency", "interval", "currency", "amount", "next", "monthly_cost", "monthly_base"]]
            for line in costs.lines {
                let s = line.series
                rows.append([String(s.id), s.note, s.kind.rawValue, s.frequency.rawValue, String(s.interval),
                             line.amount.currency.code, line.amount.decimalString, line.next?.iso ?? "",
                             line.monthly.decimalString, line.monthlyInBase?.decimalString ?? ""])
            }
        case .unavailable:
            rows = [output.kind == .budget ? ["category", "limit", "spent", "remaining"] : ["series", "monthly_cost", "next"]]
        }
        // The console ends each line with LF; the CR makes it CRLF.
        return rows.map { $0.map(field).joined(separator: ",") + "\r" }
    }

    static func ratio(_ value: Double?) -> String {
        let text = ReportJSON.ratio(value)
        return text == "null" ? "" : text
    }

    static func field(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return value }
        var out = "\""
        for ch in value { out += ch == "\"" ? "\"\"" : String(ch) }
        return out + "\""
    }
}
