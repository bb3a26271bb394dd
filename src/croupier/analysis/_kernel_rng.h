/* What the compiled simulation kernels (_baccarat_simulate.c, _stud_simulate.c) share: the
 * random source of analysis/kernel_rng.py, SplitMix64 (Steele, Lea & Flood, 2014) with
 * Lemire's unbiased bounded draw, the same stream as the Numba kernels' `bounded`, so that a
 * seed deals the same cards from either; and the check of a buffer's size.
 */
#ifndef CROUPIER_KERNEL_RNG_H
#define CROUPIER_KERNEL_RNG_H

#include <Python.h>
#include <stdint.h>

/* A uniform integer in [0, n), 1 <= n < 2**32, the state advanced in place. */
static inline __attribute__((always_inline)) uint32_t
bounded(uint64_t *state, uint32_t n)
{
    for (;;) {
        uint64_t x = (*state += 0x9E3779B97F4A7C15ULL);
        x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
        x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
        uint64_t m = ((x ^ (x >> 31)) >> 32) * (uint64_t)n;
        uint32_t low = (uint32_t)m;
        if (low >= n || low >= (uint32_t)(-n) % n)
            return (uint32_t)(m >> 32);
    }
}

/* Whether a buffer holds exactly `length` bytes; else a ValueError naming it. */
static int
sized(Py_buffer *view, Py_ssize_t length, const char *name)
{
    if (view->len != length) {
        PyErr_Format(PyExc_ValueError, "%s: %zd bytes, not %zd", name, view->len, length);
        return 0;
    }
    return 1;
}

#endif
