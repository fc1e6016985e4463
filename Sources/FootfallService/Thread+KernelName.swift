import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension Thread {
    /// Names the calling thread where the kernel shows it (`/proc/PID/task/TID/comm`, top,
    /// tools/measure-daemon's per-thread figures): Foundation's `Thread.name` does not reach
    /// it on Linux, and a thread otherwise inherits its creator's name. At most 15 bytes.
    /// (`pthread_setname_np` is a GNU extension Glibc's module leaves out; this is what it does.)
    static func nameForTheKernel(_ name: String) {
        #if canImport(Glibc)
        guard let file = fopen("/proc/thread-self/comm", "w") else { return }
        fputs(String(name.utf8.prefix(15))!, file)
        fclose(file)
        #endif
    }
}
