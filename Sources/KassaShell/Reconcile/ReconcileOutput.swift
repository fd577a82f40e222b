// ReconcileOutput: what `reconcile` shows — the bank's balance and kassa's on the day, the
// difference, the transactions the bank has not confirmed (the first twenty in text) and the
// suspects that would explain the difference. JSON (DESIGN.md §10): {"account", "date", "bank",
// "kassa", "difference", "currency", "uncleared": ["id", …], "suspects": ["id", …]}.

import KassaCore
import KassaLedger

struct ReconcileOutput: CommandOutput {
    let reconciliation: Reconciliation

    init(_ reconciliation: Reconciliation) { self.reconciliation = reconciliation }

    func textLines(_ renderer: TextRenderer) -> [String] {
        let r = reconciliation
        let catalog = renderer.catalog
        var arguments = ["account": r.account, "date": renderer.formatDate(r.date), "bank": renderer.money(r.bank),
                         "kassa": renderer.money(r.kassa), "difference": renderer.money(r.difference.minorUnits < 0 ? r.difference.negated : r.difference)]
        var lines: [String] = []
        if r.agrees {
            lines.append(catalog.text("reconcile.agrees", arguments))
        } else {
            arguments["more"] = catalog.text(r.difference.minorUnits > 0 ? "reconcile.bank-more" : "reconcile.kassa-more")
            lines.append(catalog.text("reconcile.differs", arguments))
        }
        if !r.uncleared.isEmpty {
            lines.append(catalog.text("reconcile.uncleared", count: r.uncleared.count))
            for t in r.uncleared.prefix(20) { lines.append("  " + row(t, renderer)) }
            if r.uncleared.count > 20 { lines.append("  " + catalog.text("import.preview.more", count: r.uncleared.count - 20)) }
        }
        for t in r.suspects { lines.append(catalog.text("reconcile.suspect", ["entry": row(t, renderer)])) }
        for (a, b) in r.suspectPairs {
            lines.append(catalog.text("reconcile.suspect-pair", ["first": "#" + String(a.id), "second": "#" + String(b.id)]))
        }
        if r.allUnclearedExplain {
            lines.append(catalog.text("reconcile.all-explain", count: r.uncleared.count))
        } else if !r.agrees, r.suspects.isEmpty, r.suspectPairs.isEmpty {
            lines.append(catalog.text("reconcile.no-suspect"))
        }
        return lines
    }

    private func row(_ t: Transaction, _ renderer: TextRenderer) -> String {
        renderer.catalog.text("import.unmatched-entry", [
            "id": String(t.id), "date": renderer.formatDate(t.date), "amount": renderer.money(t.amount),
            "note": t.note.isEmpty ? (t.category ?? "—") : t.note,
        ])
    }

    func jsonObjects(_ renderer: TextRenderer) -> [JSONWriter] {
        let r = reconciliation
        var json = JSONWriter()
        json.add("account", r.account)
        json.add("date", r.date.iso)
        json.add("bank", r.bank.decimalString)
        json.add("kassa", r.kassa.decimalString)
        json.add("difference", r.difference.decimalString)
        json.add("currency", r.bank.currency.code)
        json.add("uncleared", strings: r.uncleared.map { String($0.id) })
        // Every uncleared one together explains it: they are the suspects as a group.
        let pairs = r.suspectPairs.flatMap { [$0.0, $0.1] }
        json.add("suspects", strings: (r.allUnclearedExplain ? r.uncleared : r.suspects + pairs).map { String($0.id) })
        return [json]
    }
}
