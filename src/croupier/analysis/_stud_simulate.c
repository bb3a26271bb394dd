/* The Monte Carlo stud kernel of croupier.analysis.simulate_stud, compiled at install (issue
 * 32(3)): `croupier simulate stud` then neither imports Numba nor compiles anything once the
 * analysis's tables are on disk.
 *
 * totals(seed, rounds, packed, mult, out): `rounds` rounds, each from a fresh one-deck shuffle
 * (art. 3; a partial Fisher-Yates of the ten cards dealt, the deck carried over from the last
 * round as the Numba kernel carries it), the player's five cards and the dealer's five looked
 * up in `packed` (analysis/stud_packed.py: one 32-bit word per hand in colex order holding its
 * dense rank in the order of art. 8, its category, whether the strategy raises it and whether
 * a dealer holding it qualifies, art. 9(1)), settled per ante (a fold loses the ante; a dealer
 * who does not qualify pays the ante 1:1 and returns the raise; otherwise the higher hand wins
 * the ante 1:1 and the raise at `mult`[category], the paytable of art. 9(5), or loses both),
 * and added to `out` (14 int64: rounds, raises, the sum of the nets, of their squares, then
 * the raised hands of each category, for the jackpot of art. 10). The same generator
 * (SplitMix64, Lemire's bounded draw) and the same steps as the Numba kernel: a seed gives
 * the same totals from either (tests/analysis/test_stud_chunk.py).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#include "_kernel_rng.h"

#define HANDS 2598960
#define RANK_BITS 22
#define CATEGORY_SHIFT RANK_BITS
#define RAISES_BIT (1 << (RANK_BITS + 4))
#define QUALIFIES_BIT (1 << (RANK_BITS + 5))
#define RANK_MASK ((1 << RANK_BITS) - 1)

static int32_t colex[5][52]; /* colex[k][n] = C(n, k + 1) */

/* Order two cards without a branch (a comparator of the network: minimum and maximum). */
#define SWAP(x, y)                                                                                \
    {                                                                                             \
        int low_ = x < y ? x : y, high_ = x < y ? y : x;                                          \
        x = low_;                                                                                 \
        y = high_;                                                                                \
    }

/* The colex index of five cards, sorted by the Numba kernel's nine-comparator network. */
static inline int
hand_index(int a, int b, int c, int d, int e)
{
    SWAP(a, b)
    SWAP(d, e)
    SWAP(c, e)
    SWAP(c, d)
    SWAP(a, d)
    SWAP(a, c)
    SWAP(b, e)
    SWAP(b, d)
    SWAP(b, c)
    return colex[0][a] + colex[1][b] + colex[2][c] + colex[3][d] + colex[4][e];
}

static void
play(uint64_t state, int64_t rounds, const int32_t *packed, const int64_t *mult, int64_t *out)
{
    uint8_t deck[52];
    for (int i = 0; i < 52; i++)
        deck[i] = (uint8_t)i;
    for (int64_t r = 0; r < rounds; r++) {
        for (int i = 0; i < 10; i++) { /* a partial Fisher-Yates: the ten cards dealt */
            int j = i + (int)bounded(&state, 52 - (uint32_t)i);
            uint8_t t = deck[i];
            deck[i] = deck[j];
            deck[j] = t;
        }
        int32_t player = packed[hand_index(deck[0], deck[1], deck[2], deck[3], deck[4])];
        int32_t dealer = packed[hand_index(deck[5], deck[6], deck[7], deck[8], deck[9])];
        int raised = (player & RAISES_BIT) != 0, category = (player >> CATEGORY_SHIFT) & 15;
        int mine = player & RANK_MASK, theirs = dealer & RANK_MASK;
        /* shown down: the higher hand (art. 8) takes the ante 1:1 and the raise (two antes) at
         * the paytable of art. 9(5), or loses both; equal hands push */
        int64_t shown = mine > theirs ? 1 + 2 * mult[category] : (mine < theirs ? -3 : 0);
        /* a fold loses the ante; a dealer who does not qualify pays it 1:1 (art. 9(1)) */
        int64_t net = !raised ? -1 : (!(dealer & QUALIFIES_BIT) ? 1 : shown);
        out[1] += raised;
        out[4 + category] += raised;
        out[0]++;
        out[2] += net;
        out[3] += net * net;
    }
}

static PyObject *
totals(PyObject *self, PyObject *args)
{
    (void)self;
    unsigned long long seed;
    long long rounds;
    Py_buffer packed = {0}, mult = {0}, out = {0};
    if (!PyArg_ParseTuple(args, "KLy*y*w*", &seed, &rounds, &packed, &mult, &out))
        return NULL;
    PyObject *result = NULL;
    if (!sized(&packed, HANDS * 4, "packed") || !sized(&mult, 10 * 8, "mult") ||
        !sized(&out, 14 * 8, "out"))
        goto done;
    if (rounds < 0) {
        PyErr_SetString(PyExc_ValueError, "rounds: at least 0");
        goto done;
    }
    const int32_t *words = packed.buf;
    for (Py_ssize_t i = 0; i < HANDS; i++)
        if ((words[i] & RANK_MASK) >= HANDS || ((words[i] >> CATEGORY_SHIFT) & 15) > 9 ||
            ((uint32_t)words[i] >> (RANK_BITS + 6)) != 0) {
            PyErr_SetString(PyExc_ValueError,
                            "packed: a hand's word out of range (rank, category 0..9, 2 flags)");
            goto done;
        }
    Py_BEGIN_ALLOW_THREADS play(seed, rounds, words, mult.buf, out.buf);
    Py_END_ALLOW_THREADS result = Py_NewRef(Py_None);
done:
    PyBuffer_Release(&packed);
    PyBuffer_Release(&mult);
    PyBuffer_Release(&out);
    return result;
}

static PyMethodDef methods[] = {
    {"totals", totals, METH_VARARGS,
     "totals(seed, rounds, packed, mult, out): add `rounds` simulated rounds to `out` "
     "(14 int64)."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_stud_simulate",
                                    "The Monte Carlo stud kernel, compiled.", -1, methods};

PyMODINIT_FUNC
PyInit__stud_simulate(void)
{
    for (int k = 0; k < 5; k++)
        for (int n = 0; n < 52; n++) {
            int64_t c = 1; /* C(n, k + 1), below 2**22 */
            for (int i = 0; i <= k; i++)
                c = c * (n - i) / (i + 1);
            colex[k][n] = (int32_t)(n > k ? c : 0);
        }
    return PyModule_Create(&module);
}
