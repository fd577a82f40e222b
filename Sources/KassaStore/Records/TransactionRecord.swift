// TransactionRecord: the one encoder of a transaction record's twelve fields (each preceded by a
// tab, the id first; see Journal.swift for the line format), and of the optional pairs after
// them that only a transaction with an optional field has (RecordTail). A save (RecordCodec.appendTransaction,
// from a Transaction) and an import (ImportSink.encode, straight from a file's bytes on a reader's
// thread) both write through `encode(id:type:…:to:)`, so their bytes cannot drift apart. Written
// through a cursor into room made up front: per-byte Array appends made bulk import three times
// slower.

import KassaCore

enum TransactionRecord {
    /// The most bytes a record's fields take: the numbers, codes and tabs about 100, every text
    /// byte escaped at worst.
    @inline(__always)
    static func room(texts: Int) -> Int { 150 + 40 * TransactionField.recordSlots + 2 * texts }

    /// Appends `t`'s record fields to `out`.
    static func append(_ t: Transaction, to out: inout [UInt8]) {
        var category = t.category ?? "", account = t.account ?? "", toAccount = t.toAccount ?? ""
        var note = t.note, input = t.input
        let bound = room(texts: category.utf8.count + account.utf8.count + toAccount.utf8.count + note.utf8.count + input.utf8.count)
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: bound))
        let written = category.withUTF8 { category in
            account.withUTF8 { account in
                toAccount.withUTF8 { toAccount in
                    note.withUTF8 { note in
                        input.withUTF8 { input in
                            out.withUnsafeMutableBufferPointer { buffer -> Int in
                                var cursor = ByteCursor(buffer.baseAddress! + start)
                                encode(id: t.id, type: t.type, amount: t.amount, date: t.date, time: t.time, category: category,
                                       account: account, toAccount: toAccount, recurrence: t.recurrence, note: note, input: input,
                                       to: &cursor)
                                for slot in 0..<RecordTail.slots(of: t) {
                                    cursor.put(RecordCodec.tab)
                                    if let value = RecordTail.value(slot, in: t) { money(value, &cursor) } else { cursor.put(RecordCodec.tab) }
                                }
                                return cursor.count
                            }
                        }
                    }
                }
            }
        }
        out.removeLast(bound - written)
    }

    /// A transaction's fields, the labels, note and input as UTF-8 bytes (empty: none), through a
    /// cursor with room for at least `room(texts:)`: the twelve fixed fields, without any
    /// optional pair.
    static func encode(id: Int, type: TransactionType, amount: Money, date: CivilDate, time: TimeOfDay?,
                       category: UnsafeBufferPointer<UInt8>, account: UnsafeBufferPointer<UInt8>,
                       toAccount: UnsafeBufferPointer<UInt8>, recurrence: Recurrence?,
                       note: UnsafeBufferPointer<UInt8>, input: UnsafeBufferPointer<UInt8>,
                       to out: inout ByteCursor) {
        let tab = RecordCodec.tab
        out.put(tab)
        decimal(UInt64(max(id, 0)), &out)
        out.put(tab)
        switch type {
        case .expense: out.put("expense")
        case .income: out.put("income")
        case .transfer: out.put("transfer")
        }
        out.put(tab)
        money(amount, &out)
        out.put(tab)
        padded(date.year, 4, &out)
        out.put(UInt8(ascii: "-"))
        padded(date.month, 2, &out)
        out.put(UInt8(ascii: "-"))
        padded(date.day, 2, &out)
        out.put(tab)
        if let time { padded(time.hour, 2, &out); out.put(UInt8(ascii: ":")); padded(time.minute, 2, &out) }
        out.put(tab)
        escaped(category, &out)
        out.put(tab)
        escaped(account, &out)
        out.put(tab)
        escaped(toAccount, &out)
        out.put(tab)
        if let recurrence { out.put(contentsOf: recurrence.rawValue) }
        out.put(tab)
        escaped(note, &out)
        out.put(tab)
        escaped(input, &out)
    }

    /// An amount and its currency as two fields: `1500.00<TAB>KZT`.
    @inline(__always)
    private static func money(_ amount: Money, _ out: inout ByteCursor) {
        let digits = amount.currency.minorDigits
        if amount.minorUnits < 0 { out.put(UInt8(ascii: "-")) }
        let per = UInt64(amount.currency.minorPerMajor)
        let magnitude = amount.minorUnits.magnitude
        decimal(magnitude / per, &out)
        if digits > 0 { out.put(UInt8(ascii: ".")); padded(Int(magnitude % per), digits, &out) }
        out.put(RecordCodec.tab)
        // The code's letters as they are (`code` would make a String of them).
        let letters = amount.currency.letterBytes
        out.put(letters.0)
        out.put(letters.1)
        out.put(letters.2)
    }

    /// `value` in decimal.
    @inline(__always)
    private static func decimal(_ value: UInt64, _ out: inout ByteCursor) {
        var count = 1, probe = value
        while probe >= 10 { probe /= 10; count += 1 }
        padded(value, count, &out)
    }

    /// `width` digits, the lowest ones of `value`.
    @inline(__always)
    private static func padded(_ value: Int, _ width: Int, _ out: inout ByteCursor) {
        padded(UInt64(value), width, &out)
    }

    @inline(__always)
    private static func padded(_ value: UInt64, _ width: Int, _ out: inout ByteCursor) {
        var rest = value
        for k in stride(from: width - 1, through: 0, by: -1) {
            out.current[k] = UInt8(truncatingIfNeeded: rest % 10) + 48
            rest /= 10
        }
        out.advance(by: width)
    }

    /// A text field: backslash, tab, newline and CR escaped (RecordCodec.unescape reads it).
    @inline(__always)
    private static func escaped(_ text: UnsafeBufferPointer<UInt8>, _ out: inout ByteCursor) {
        guard !text.isEmpty else { return }
        // Most fields need no escape: copied in one go.
        var plain = true
        for b in text where b == RecordCodec.backslash || b <= 13 {
            if b == RecordCodec.backslash || b == RecordCodec.tab || b == RecordCodec.newline || b == 13 { plain = false; break }
        }
        if plain { out.put(text); return }
        for b in text {
            switch b {
            case RecordCodec.backslash: out.put(RecordCodec.backslash); out.put(RecordCodec.backslash)
            case RecordCodec.tab: out.put(RecordCodec.backslash); out.put(UInt8(ascii: "t"))
            case RecordCodec.newline: out.put(RecordCodec.backslash); out.put(UInt8(ascii: "n"))
            case 13: out.put(RecordCodec.backslash); out.put(UInt8(ascii: "r"))
            default: out.put(b)
            }
        }
    }
}
