import FuzzSupport

runFuzzer(fuzzRecording)
