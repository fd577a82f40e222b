// ReaderFactory: libedit when stdin and stdout are terminals, plain stdin otherwise (and when
// libedit cannot start, so a broken terminal never locks a person out).

import KassaCore

enum ReaderFactory {
    static func make(context: AppContext) -> any LineReader {
        if context.interactive,
           let reader = try? EditLineReader(programName: "kassa", historyPath: context.paths.history) {
            return reader
        }
        return StdinLineReader()
    }
}
