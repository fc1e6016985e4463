import FuzzSupport

runFuzzer(fuzzTraceCSV)
