import FuzzSupport

runFuzzer(fuzzConfiguration)
