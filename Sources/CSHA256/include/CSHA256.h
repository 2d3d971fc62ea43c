#ifndef QUIZBANK_CSHA256_H
#define QUIZBANK_CSHA256_H

#include <stddef.h>
#include <stdint.h>

/// Whether this processor has the SHA-256 instructions `quizbank_sha256_blocks` uses
/// (x86-64 SHA extensions); elsewhere the Swift implementation is used.
int quizbank_sha256_hardware_available(void);

/// Runs the SHA-256 compression function (FIPS 180-4, 6.2.2) over `blocks` 64-byte blocks of
/// `data`, updating `state` (H0...H7). Only call when `quizbank_sha256_hardware_available()`.
void quizbank_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks);

#endif
