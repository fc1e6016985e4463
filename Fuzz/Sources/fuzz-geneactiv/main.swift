import FuzzSupport
import RecordingFuzzing

// GENEActiv .bin: GENEActivReader (the header, calibration, hexadecimal pages).
func fuzzGeneactivTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzRecording(data, size, only: .geneActiv)
}

runFuzzer(fuzzGeneactivTarget)
