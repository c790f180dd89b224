#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver, for a program with its own `main` (SwiftPM gives every executable one):
/// parses libFuzzer's flags from `argv` and calls `test` on each input. Linked by
/// `-sanitize=fuzzer`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test)(const uint8_t *data, size_t size));

#endif
