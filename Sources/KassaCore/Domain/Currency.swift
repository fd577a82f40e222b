// Currency: an ISO 4217 currency and the number of minor-unit digits it is written with.
// The table is the standard itself (codes and exponents), not user-facing text or parser
// keywords: the words people use for currencies live in Grammars/, display symbols in Locales/.

public struct Currency: Hashable, Sendable, CustomStringConvertible {
    /// The three ASCII letters of the code, packed: a Currency (and so Money) is a plain value,
    /// copied without reference counting on the parser's and journal's hot paths.
    private let letters: (UInt8, UInt8, UInt8)
    /// Digits after the decimal mark: 2 for KZT, 0 for JPY, 3 for KWD.
    public let minorDigits: Int

    /// Three upper-case letters, e.g. "KZT".
    public var code: String {
        String(unsafeUninitializedCapacity: 3) { out in
            out[0] = letters.0; out[1] = letters.1; out[2] = letters.2
            return 3
        }
    }

    /// The code's three ASCII letters, for writers that put them straight into output bytes.
    public var letterBytes: (UInt8, UInt8, UInt8) { letters }

    /// Returns nil for anything that is not an ISO 4217 code, active or recently withdrawn.
    public init?(code: String) {
        // Three ASCII letters in either case; anything else goes through Unicode upper-casing
        // first, as it always did (the table holds three ASCII letters only).
        let utf8 = code.utf8
        let text = utf8.count == 3 && utf8.allSatisfy({ $0 < 0x80 }) ? code : code.uppercased()
        guard text.utf8.count == 3 else { return nil }
        var bytes = text.utf8.makeIterator()
        func upper(_ byte: UInt8?) -> UInt8 {
            guard let byte else { return 0 }
            return byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
        }
        let packed = (upper(bytes.next()), upper(bytes.next()), upper(bytes.next()))
        guard let digits = Currency.table[Currency.key(packed)] else { return nil }
        letters = packed
        minorDigits = digits
    }

    /// The table's key for three letters.
    private static func key(_ letters: (UInt8, UInt8, UInt8)) -> UInt32 {
        UInt32(letters.0) << 16 | UInt32(letters.1) << 8 | UInt32(letters.2)
    }

    public static func == (a: Currency, b: Currency) -> Bool {
        a.letters == b.letters && a.minorDigits == b.minorDigits
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(letters.0); hasher.combine(letters.1); hasher.combine(letters.2)
    }

    public static let kzt = Currency(code: "KZT")!

    public var description: String { code }

    /// 10^minorDigits, the number of minor units in one major unit.
    public var minorPerMajor: Int64 {
        var value: Int64 = 1
        for _ in 0..<minorDigits { value *= 10 }
        return value
    }

    /// Every active code, sorted (historic ones are read but not listed).
    public static var allCodes: [String] {
        table.keys.filter { !historic.contains($0) }.map { key in
            String(decoding: [UInt8(truncatingIfNeeded: key >> 16), UInt8(truncatingIfNeeded: key >> 8), UInt8(truncatingIfNeeded: key)],
                   as: UTF8.self)
        }.sorted()
    }

    private static let exponentZero = "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF"
    private static let exponentThree = "BHD IQD JOD KWD LYD OMR TND"
    private static let exponentFour = "CLF UYW"
    private static let exponentTwo = """
        AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP \
        BYN BZD CAD CDF CHE CHF CHW CNY COP COU CRC CUC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR \
        FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW \
        KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN \
        NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD \
        SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU \
        UZS VED VES WST XCD XCG YER ZAR ZMW ZWG ZWL
        """
    /// Codes withdrawn in recent decades that old files and statements still hold (ISO 4217
    /// list three): read wherever a code is, never offered in completions.
    private static let historicTwo = "AZM CYP EEK GHC HRK LTL LVL MTL MRO ROL SIT SKK STD TMM VEF ZMK"
    private static let historicZero = "BYR TRL"

    /// The packed keys of the historic codes.
    private static let historic: Set<UInt32> = Set(packed([(historicTwo, 2), (historicZero, 0)]).keys)

    /// Packed code (Currency.key) → minor digits. Keyed by integers, read by bytes: this is
    /// made at every start.
    private static let table: [UInt32: Int] = packed([(exponentTwo, 2), (exponentZero, 0), (exponentThree, 3), (exponentFour, 4),
                                                      (historicTwo, 2), (historicZero, 0)])

    /// Packed code → minor digits for lists of space-separated codes.
    private static func packed(_ lists: [(String, Int)]) -> [UInt32: Int] {
        var table: [UInt32: Int] = [:]
        table.reserveCapacity(200)
        for (list, digits) in lists {
            var letters: [UInt8] = []
            for byte in list.utf8 {
                if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { letters.append(byte) }
                if letters.count == 3 {
                    table[key((letters[0], letters[1], letters[2]))] = digits
                    letters.removeAll(keepingCapacity: true)
                }
            }
        }
        return table
    }
}
