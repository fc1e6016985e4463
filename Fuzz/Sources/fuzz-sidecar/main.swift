import FuzzSupport

runFuzzer(fuzzSidecar)
