#ifndef FOOTFALL_CLIBFUZZER_H
#define FOOTFALL_CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (compiler-rt, FuzzerDriver.cpp), linked in by -sanitize=fuzzer: parses
/// libFuzzer's flags from argv and runs `callback` on each input.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
