// DecodedInput: a file to import, as the UTF-8 every reader takes. A backup (JSON lines, starting
// with '{') in UTF-8 streams on untouched — it may be gigabytes, and its reader checks its UTF-8
// line by line; anything else is read whole (the table readers read it whole anyway), its
// encoding detected (EncodingGuess) or forced, and transcoded once, its line ends made LF (LineEnds). A byte the encoding cannot
// read is a failure naming its line, never a replacement character.

public enum DecodedInput {
    public struct Decoded {
        public let input: ImportInput
        public let encoding: TextEncoding
    }

    public static func decode(_ input: ImportInput, forced: TextEncoding?) -> Result<Decoded, TextEncoding.Failure> {
        if forced == nil || forced == .utf8 {
            let start = input.prefix(1 << 16)
            if BackupReader.looksLikeBackup(start), !EncodingGuess.looksUTF16(start) {
                return .success(Decoded(input: input, encoding: .utf8))
            }
        }
        // ImportInput drops a UTF-8 mark as it reads: the rest is still UTF-8 without it.
        let bytes = input.readAll()
        let encoding = forced ?? EncodingGuess.detect(bytes)
        return encoding.utf8(bytes).map { Decoded(input: ImportInput(bytes: LineEnds.unified($0)), encoding: encoding) }
    }
}
