// PartRun: the head of every record line of one large change (an import's million parts) —
// `<CRC placeholder><TAB>CHANGE<TAB>PART/PARTS<TAB>OP` — kept as bytes: the change, the parts
// count and the op are the same on every line and copied whole; the part number's digits are
// counted up in place. The same bytes LineWriter.begin(change:part:of:op:) writes (a test holds
// the two to it), without three integer formattings per line.

struct PartRun {
    /// `00000000<TAB>CHANGE<TAB>` (the zeros are the CRC's place).
    private let head: [UInt8]
    /// `/PARTS<TAB>OP`.
    private let tail: [UInt8]
    /// The current part's decimal digits, most significant first.
    private var digits: [UInt8]

    /// A run whose next line is part `first` of `parts` of change `change`, operation `op`.
    init(change: Int64, first: Int, of parts: Int, op: RecordOp) {
        var head = [UInt8](repeating: UInt8(ascii: "0"), count: RecordLine.bodyOffset - 1)
        head.append(RecordCodec.tab)
        RecordCodec.appendInt(change, to: &head)
        head.append(RecordCodec.tab)
        var tail: [UInt8] = [UInt8(ascii: "/")]
        RecordCodec.appendInt(Int64(parts), to: &tail)
        tail.append(RecordCodec.tab)
        tail.append(contentsOf: RecordOp.names[Int(op.rawValue)])
        var digits: [UInt8] = []
        RecordCodec.appendInt(Int64(first), to: &digits)
        self.head = head
        self.tail = tail
        self.digits = digits
    }

    /// Starts the next line of the run in `writer` and moves on to the part after it.
    mutating func begin(_ writer: inout LineWriter) {
        writer.begin(head: head, part: digits, tail: tail)
        // Count up in decimal: carry through the nines, a new leading one when all were nines.
        var k = digits.count - 1
        while k >= 0, digits[k] == UInt8(ascii: "9") { digits[k] = UInt8(ascii: "0"); k -= 1 }
        if k >= 0 { digits[k] += 1 } else { digits.insert(UInt8(ascii: "1"), at: 0) }
    }
}
