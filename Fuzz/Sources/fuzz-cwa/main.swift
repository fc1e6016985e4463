import FuzzSupport
import RecordingFuzzing

// Axivity CWA: CWAReader and CWASampleClock (blocks, checksums, timestamps).
func fuzzCwaTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzRecording(data, size, only: .cwa)
}

runFuzzer(fuzzCwaTarget)
