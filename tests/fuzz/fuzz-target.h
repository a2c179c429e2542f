/* fuzz-target.h: what each fuzz target defines
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <stddef.h>
#include <stdint.h>

int  LLVMFuzzerTestOneInput (const uint8_t *data,
                             size_t         size);
/* Frees what the target keeps between inputs (for the leak checkers). */
void arb_fuzz_cleanup       (void);
