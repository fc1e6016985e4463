import FuzzSupport
import RecordingFuzzing

// Every format and compression through the one interface: the content picks the reader.
func fuzzRecordingTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzRecording(data, size)
}

runFuzzer(fuzzRecordingTarget)
