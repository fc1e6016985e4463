import FuzzSupport

runFuzzer(fuzzLineFrame)
