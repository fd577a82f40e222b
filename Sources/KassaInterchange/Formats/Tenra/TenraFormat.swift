// TenraFormat: `tenra`, the app's CSV export: known by its header (TenraCSVReader), written with
// the categories by the names the person sees and the accounts' opening balances as rows
// (TenraCSVWriter); like the journals, planned (future-dated) transactions only with --planned.

import KassaCore

extension InterchangeFormat {
    public static let tenra = InterchangeFormat(
        name: "tenra",
        detection: .header { TenraCSVReader.isHeader($0) },
        reading: .table { bytes, vocabulary, defaults in TenraCSVReader.read(bytes, vocabulary: vocabulary, defaults: defaults) },
        writing: { source in
            TenraCSVWriter(names: source.categoryNames(), openings: source.datedOpenings(), openingName: source.openingName())
        },
        leavesOutPlanned: true)
}
