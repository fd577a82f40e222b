// TextEncoding and EncodingGuess: byte order marks decide; UTF-8 stays UTF-8; Windows-1251 and
// KOI8-R told apart by their letters in lower and in upper case; Windows-1252 by its lone
// accented letters; a byte an encoding does not define is a failure naming its line, never a
// replacement character. The byte arrays are Python's codecs' encodings of the texts named.

import Testing
@testable import KassaInterchange

@Suite struct TextEncodingTests {
    static let lowerCP1251: [UInt8] = [196, 224, 242, 224, 32, 238, 239, 229, 240, 224, 246, 232, 232, 59, 209, 243, 236, 236, 224, 59, 206, 239, 232, 241, 224, 237, 232, 229, 10, 48, 49, 46, 48, 51, 46, 50, 48, 50, 54, 59, 45, 49, 32, 53, 48, 48, 44, 48, 48, 59, 207, 238, 234, 243, 239, 234, 224, 32, 226, 32, 236, 224, 227, 224, 231, 232, 237, 229, 32, 239, 240, 238, 228, 243, 234, 242, 238, 226, 10]
    static let lowerKOI8R: [UInt8] = [228, 193, 212, 193, 32, 207, 208, 197, 210, 193, 195, 201, 201, 59, 243, 213, 205, 205, 193, 59, 239, 208, 201, 211, 193, 206, 201, 197, 10, 48, 49, 46, 48, 51, 46, 50, 48, 50, 54, 59, 45, 49, 32, 53, 48, 48, 44, 48, 48, 59, 240, 207, 203, 213, 208, 203, 193, 32, 215, 32, 205, 193, 199, 193, 218, 201, 206, 197, 32, 208, 210, 207, 196, 213, 203, 212, 207, 215, 10]
    static let upperCP1251: [UInt8] = [196, 192, 210, 192, 32, 206, 207, 197, 208, 192, 214, 200, 200, 59, 209, 211, 204, 204, 192, 59, 206, 207, 200, 209, 192, 205, 200, 197, 10, 207, 206, 202, 211, 207, 202, 192, 32, 194, 32, 204, 192, 195, 192, 199, 200, 205, 197, 10]
    static let upperKOI8R: [UInt8] = [228, 225, 244, 225, 32, 239, 240, 229, 242, 225, 227, 233, 233, 59, 243, 245, 237, 237, 225, 59, 239, 240, 233, 243, 225, 238, 233, 229, 10, 240, 239, 235, 245, 240, 235, 225, 32, 247, 32, 237, 225, 231, 225, 250, 233, 238, 229, 10]

    static let lowerText = "Дата операции;Сумма;Описание\n01.03.2026;-1 500,00;Покупка в магазине продуктов\n"
    static let upperText = "ДАТА ОПЕРАЦИИ;СУММА;ОПИСАНИЕ\nПОКУПКА В МАГАЗИНЕ\n"

    func text(_ bytes: [UInt8], _ encoding: TextEncoding) -> String? {
        guard case .success(let utf8) = encoding.utf8(bytes) else { return nil }
        return String(validating: utf8, as: UTF8.self)
    }

    @Test func cyrillicCodePagesAreToldApartInEitherCase() {
        #expect(EncodingGuess.detect(Self.lowerCP1251) == .windows1251)
        #expect(EncodingGuess.detect(Self.lowerKOI8R) == .koi8r)
        #expect(EncodingGuess.detect(Self.upperCP1251) == .windows1251)
        #expect(EncodingGuess.detect(Self.upperKOI8R) == .koi8r)
        #expect(text(Self.lowerCP1251, .windows1251) == Self.lowerText)
        #expect(text(Self.lowerKOI8R, .koi8r) == Self.lowerText)
        #expect(text(Self.upperKOI8R, .koi8r) == Self.upperText)
    }

    @Test func marksAndUTF8Decide() {
        let plain = Array("дата;сумма\n".utf8)
        #expect(EncodingGuess.detect(plain) == .utf8)
        #expect(EncodingGuess.detect([0xEF, 0xBB, 0xBF] + plain) == .utf8)
        #expect(text([0xEF, 0xBB, 0xBF] + plain, .utf8) == "дата;сумма\n")
        let le: [UInt8] = [0xFF, 0xFE, 0x34, 0x04, 0x0A, 0x00]      // "д\n"
        let be: [UInt8] = [0xFE, 0xFF, 0x04, 0x34, 0x00, 0x0A]
        #expect(EncodingGuess.detect(le) == .utf16 && EncodingGuess.detect(be) == .utf16)
        #expect(text(le, .utf16) == "д\n" && text(be, .utf16) == "д\n")
        // Without a mark, forced: the zero bytes tell the order.
        #expect(text([0x61, 0x00, 0x62, 0x00], .utf16) == "ab" && text([0x00, 0x61, 0x00, 0x62], .utf16) == "ab")
        // A surrogate pair.
        #expect(text([0xFF, 0xFE, 0x3D, 0xD8, 0x00, 0xDE], .utf16) == "😀")
    }

    @Test func westernTextIsWindows1252() {
        let bytes: [UInt8] = Array("Caf".utf8) + [0xE9] + Array(" M".utf8) + [0xFC] + Array("ller\n".utf8)
        #expect(EncodingGuess.detect(bytes) == .windows1252)
        #expect(text(bytes, .windows1252) == "Café Müller\n")
    }

    @Test func undefinedBytesAreFailuresWithTheirLine() {
        #expect(TextEncoding.windows1251.utf8(Array("a\nb\n".utf8) + [0x98]) == .failure(.init(line: 3, byte: "0x98")))
        #expect(TextEncoding.utf8.utf8(Array("ok\nok\n".utf8) + [0xC0, 0x41]) == .failure(.init(line: 3, byte: "0xC0")))
        #expect(TextEncoding.utf16.utf8([0xFF, 0xFE, 0x00, 0xDC]) == .failure(.init(line: 1, byte: "0xDC00")))
        #expect(TextEncoding.utf16.utf8([0xFF, 0xFE, 0x41]) == .failure(.init(line: 1, byte: "0x41")))
        // Every byte value of KOI8-R is a character: a file of them all reads.
        #expect(text((0...255).map { UInt8($0) }, .koi8r) != nil)
    }

    @Test func namesPeopleGive() {
        #expect(TextEncoding(name: "Windows-1251") == .windows1251 && TextEncoding(name: "CP1251") == .windows1251)
        #expect(TextEncoding(name: "KOI8-R") == .koi8r && TextEncoding(name: "UTF8") == .utf8 && TextEncoding(name: "latin1") == .windows1252)
        #expect(TextEncoding(name: "ebcdic") == nil)
    }
}
