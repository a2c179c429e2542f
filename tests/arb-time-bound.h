/* arb-time-bound.h: a wall-time bound for hostile inputs, scaled for
 * slow builds
 *
 * The bound says "this answers at once, not in minutes". AddressSanitizer
 * makes the code about ten times slower, valgrind about fifty
 * (the valgrind setup sets ARB_TEST_TIME_SCALE).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

static inline double
arb_test_time_bound (double seconds)
{
  const char *scale = g_getenv ("ARB_TEST_TIME_SCALE");

  if (scale != NULL && g_ascii_strtod (scale, NULL) > 0)
    return seconds * g_ascii_strtod (scale, NULL);
#if defined(__SANITIZE_ADDRESS__)
  return seconds * 10;
#elif defined(__has_feature)
# if __has_feature(address_sanitizer)
  return seconds * 10;
# endif
#endif
  return seconds;
}
