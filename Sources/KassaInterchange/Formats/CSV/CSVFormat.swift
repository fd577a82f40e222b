// CSVFormat: `csv`, a bank's or any table's CSV: read by its header's names (CSVReader, the
// vocabulary and rules), written as kassa's own plain columns (CSVWriter). What no other format
// recognises is tried as CSV (FormatCatalog.detect).

import KassaCore

extension InterchangeFormat {
    public static let csv = InterchangeFormat(
        name: "csv",
        reading: .bankCSV,
        writing: { _ in CSVWriter() }, isBankFile: true)
}
