import FuzzSupport
import RecordingFuzzing

// Delimited text: DelimitedReader and its layout detection (headers, units, time formats).
func fuzzDelimitedTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzRecording(data, size, only: .delimited)
}

runFuzzer(fuzzDelimitedTarget)
