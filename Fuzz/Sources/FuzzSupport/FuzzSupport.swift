import CLibFuzzer

#if canImport(Glibc)
import Glibc
#endif

/// Runs libFuzzer's driver on `target`: libFuzzer parses its own flags (-runs,
/// -max_total_time, -dict, corpus folders...) from the command line. Each fuzzer's main.swift
/// calls it, because SwiftPM renames an executable's entry point on Linux, so a module that
/// relies on libFuzzer's own main() does not link.
public func runFuzzer(_ target: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, target))
}

/// Stops the fuzzer with `message` when an invariant does not hold. Unlike `precondition`,
/// the message is printed in release builds too, so the crash report says what broke.
@inline(__always)
public func check(_ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) {
    if !condition { fatalError(message(), file: file, line: line) }
}

/// Stops the fuzzer with `message`: an invariant does not hold.
public func fail(_ message: String, file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError(message, file: file, line: line)
}
