import FuzzSupport

runFuzzer(fuzzRequest)
