// Console: writes rendered lines straight to file descriptors 1 and 2 with write(2), so each
// answer reaches a pipe as soon as it is made (no stdio buffering left behind on exit).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public struct Console: Sendable {
    public init() {}

    public func write(_ lines: [OutputLine]) {
        var output = "", error = ""
        for line in lines {
            if line.stream == .output { output += line.text + "\n" } else { error += line.text + "\n" }
        }
        // Errors first: a person reads the complaint before what follows it.
        Console.write(error, to: 2)
        Console.write(output, to: 1)
    }

    public static func write(_ text: String, to descriptor: Int32) {
        guard !text.isEmpty else { return }
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return  // A closed pipe: nothing more can be said.
            }
            offset += written
        }
        bytes.removeAll()
    }
}
