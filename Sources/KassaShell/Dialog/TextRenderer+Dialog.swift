// TextRenderer+Dialog: the dialog's notes in words of the interface language (Locales/*/dialog.messages):
// "amount ₸1,500 → ₸1,600" under a corrected card, "which draft is 1700 for?", and `:why` after a reply.
// A reply refused (a draft the batch lacks, words not placed) is an ordinary error (SessionError).

import KassaCore

extension DialogNote {
    /// The note's message key, for the JSON event's `code`.
    var code: String {
        switch self {
        case .changed: "dialog.changed"
        case .repeated: "dialog.repeated"
        case .whichDraft: "dialog.which-draft"
        case .explained: "dialog.why"
        }
    }
}

extension TextRenderer {
    func dialogLines(_ note: DialogNote) -> [OutputLine] {
        let visible = TerminalSafety.visible
        switch note {
        case .changed(let number, let field, let before, let after):
            let arguments = ["field": fieldLabel(field), "before": fieldValue(field, before), "after": fieldValue(field, after)]
            if let number {
                return [OutputLine(style.note(catalog.text("dialog.changed-numbered", arguments.merging(["number": String(number)]) { $1 })))]
            }
            return [OutputLine(style.note(catalog.text("dialog.changed", arguments)))]
        case .repeated(let field, let kept):
            return [OutputLine(style.note(catalog.text("dialog.repeated", ["field": fieldLabel(field), "value": visible(kept)])))]
        case .whichDraft(let field, let value, let count):
            return [OutputLine(style.note(catalog.text("dialog.which-draft", [
                "field": fieldLabel(field), "word": catalog.text("dialog.field-word.\(field)"), "value": visible(value), "count": String(count),
            ])))]
        case .explained(let reply):
            var lines = [OutputLine(catalog.text("dialog.why", [
                "input": visible(reply.input), "reading": catalog.text("dialog.reading.\(reply.reading)"),
            ]))]
            if !reply.cue.isEmpty { lines.append(OutputLine("    " + catalog.text("dialog.why-cue", ["cue": visible(reply.cue)]))) }
            for detail in reply.details {
                let drafts = reply.draftCount > 1 && detail.drafts.count < reply.draftCount
                    ? catalog.text("dialog.why-drafts", ["numbers": detail.drafts.map(String.init).joined(separator: ", ")])
                    : catalog.text(reply.draftCount > 1 ? "dialog.why-all-drafts" : "dialog.why-the-draft")
                lines.append(OutputLine("    " + catalog.text("dialog.why-change", [
                    "field": fieldLabel(detail.field), "value": visible(detail.said), "drafts": drafts,
                ])))
            }
            return lines
        }
    }

    /// A field's name on a change note ("amount", «сумма»).
    private func fieldLabel(_ field: String) -> String {
        catalog.has("why.field.\(field)") ? catalog.text("why.field.\(field)") : field
    }

    /// A field's value as the card shows it.
    private func fieldValue(_ field: String, _ draft: Draft) -> String {
        switch field {
        case "type": return catalog.text("type.\(draft.type.rawValue)")
        case "amount": return draft.amount.map(money) ?? "—"
        case "category": return draft.category.map { categoryNames.name($0, language: catalog.language) ?? $0 } ?? catalog.text("card.no-category")
        case "account": return TerminalSafety.visible(draft.account ?? "—")
        case "to_account": return TerminalSafety.visible(draft.toAccount ?? "—")
        case "date": return formatDate(draft.date)
        case "note": return "“" + TerminalSafety.visible(draft.note) + "”"
        default:
            guard let optional = TransactionField(name: field) else { return "" }
            return optional.value(in: draft).map(money) ?? "—"
        }
    }
}
