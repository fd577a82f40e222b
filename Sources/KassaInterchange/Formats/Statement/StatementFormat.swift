// StatementFormat: `statement`, a bank statement's text (rows starting with a dotted date),
// read by StatementReader; import only.

import KassaCore

extension InterchangeFormat {
    public static let statement = InterchangeFormat(
        name: "statement",
        detection: .text { StatementReader.looksLikeStatement($0) },
        reading: .table { bytes, vocabulary, defaults in
            StatementReader.read(String(decoding: bytes, as: UTF8.self), vocabulary: vocabulary, defaults: defaults)
        },
        writing: nil, isBankFile: true)
}
