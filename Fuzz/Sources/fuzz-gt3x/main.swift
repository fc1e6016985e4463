import FuzzSupport
import RecordingFuzzing

// ActiGraph GT3X: ZipArchive and GT3XReader (the archive, info.txt, log.bin records).
func fuzzGt3xTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzRecording(data, size, only: .gt3x)
}

runFuzzer(fuzzGt3xTarget)
