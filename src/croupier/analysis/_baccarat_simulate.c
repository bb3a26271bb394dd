/* The Monte Carlo baccarat kernel of croupier.analysis.simulate_baccarat, compiled at install
 * (issue 32(3)): `croupier simulate baccarat` then neither imports Numba nor compiles anything,
 * where a fresh install's first run spent seconds in Numba's compiler.
 *
 * histogram(seed, rounds, decks, cut_card, spread, burn_cards, procedure, player_draws,
 * banker_draws, points, out) deals `rounds` rounds from shoes of `decks` decks, each shuffled
 * by Fisher-Yates, burned and cut as the ruleset's shoe procedure says (art. 8's burns, the
 * cut card of art. 3(1) with its spread, one more round after it or none, or a continuous
 * shuffle), the cards dealt P1 B1 P2 B2 (art. 6) and drawn by the third-card tables of
 * arts. 11-12 (handed over from games/baccarat/drawing.py), and adds each round to `out`, the
 * histogram of simulate_baccarat.HIST_SHAPE (winner x Banker total x Banker's third card x
 * the two pairs; 240 int64). The same generator (SplitMix64, Lemire's bounded draw) and the
 * same steps as the Numba kernel, so that a seed gives the same histogram from either: the
 * tests hold them to it for every shoe procedure.
 *
 * `procedure` = ((burn * 2 + burn_each_round) * 2 + one_more_round) * 2 + continuous, burn
 * being baccarat_procedure.BURN_CODES' code (0 none, 1 a card per deck, 2 the first card's face
 * value, 3 burn_cards). Each of the 32 procedures is its own compiled loop, its flags
 * constants of the code: a round tests no rule that does not apply (issue 32(2)).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#include "_kernel_rng.h"
#include <stdlib.h>

#define CELLS (3 * 10 * 2 * 2 * 2)
#define MOST_DECKS 64

struct job {
    uint64_t seed;
    int64_t rounds;
    int decks, cut_card, spread, burn_cards;
    const uint8_t *player_draws; /* [10] */
    const uint8_t *banker_draws; /* [10][11]: 10 = the Player stood */
    const uint8_t *points;       /* [52] */
    int64_t *out;                /* [CELLS] */
    uint8_t *order;              /* [52 * decks] */
};

/* A card's face value for a burn by the first card (art. 8): an ace one, a picture ten. */
static inline int
face(int card)
{
    int rank = card >> 2;
    if (rank == 12)
        return 1;
    return rank + 2 < 10 ? rank + 2 : 10;
}

/* A baccarat total: the units digit of a sum of two totals or points (0..18). */
static inline int
ten(int sum)
{
    return sum >= 10 ? sum - 10 : sum;
}

static inline __attribute__((always_inline)) void
deal(const struct job *job, const int burn, const int burn_each_round, const int one_more_round,
     const int continuous)
{
    uint64_t state = job->seed;
    const int size = 52 * job->decks;
    uint8_t *order = job->order;
    const uint8_t *points = job->points, *player_draws = job->player_draws;
    const uint8_t *banker_draws = job->banker_draws;
    int64_t *hist = job->out;
    for (int i = 0; i < size; i++)
        order[i] = (uint8_t)(i % 52);
    int64_t done = 0;
    int pos = size; /* force a shuffle */
    int cut_at = 0, cut_round = -1, shoe_rounds = 0;
    while (done < job->rounds) {
        int finished = pos >= size;
        if (!finished && !continuous && cut_round >= 0)
            finished = shoe_rounds >= cut_round + (one_more_round ? 1 : 0);
        if (finished || continuous) {
            for (int i = size - 1; i > 0; i--) { /* Fisher-Yates */
                uint32_t j = bounded(&state, (uint32_t)i + 1);
                uint8_t t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
            pos = 0;
            shoe_rounds = 0;
            cut_round = -1;
            if (!continuous) {
                int offset = 0;
                if (job->spread)
                    offset = (int)bounded(&state, 2 * (uint32_t)job->spread + 1) - job->spread;
                cut_at = size - job->cut_card - offset;
                if (burn == 1)
                    pos = job->decks;
                else if (burn == 2)
                    pos = 1 + face(order[0]);
                else if (burn == 3)
                    pos = job->burn_cards;
            }
        }
        int start = pos;
        if (burn_each_round && !continuous)
            start += 1;
        shoe_rounds++;
        if (size - start < 4) {
            pos = size; /* cards ran out: a new shoe (never with a valid cut card) */
            continue;
        }
        int p1 = order[start], b1 = order[start + 1], p2 = order[start + 2], b2 = order[start + 3];
        int next = start + 4;
        int pt = ten(points[p1] + points[p2]), bt = ten(points[b1] + points[b2]);
        int three = 0;
        if (pt < 8 && bt < 8) { /* no natural: the third-card tables (arts. 11-12) */
            int third = 10;
            if (player_draws[pt]) {
                if (next >= size) {
                    pos = size;
                    continue;
                }
                third = points[order[next++]];
                pt = ten(pt + third);
            }
            if (banker_draws[bt * 11 + third]) {
                if (next >= size) {
                    pos = size;
                    continue;
                }
                bt = ten(bt + points[order[next++]]);
                three = 1;
            }
        }
        if (!continuous && cut_round < 0 && next > cut_at)
            cut_round = shoe_rounds; /* the cut card came out during this round */
        pos = next;
        int winner = pt > bt ? 0 : (bt > pt ? 1 : 2);
        int ppair = (p1 >> 2) == (p2 >> 2), bpair = (b1 >> 2) == (b2 >> 2);
        hist[(((winner * 10 + bt) * 2 + three) * 2 + ppair) * 2 + bpair]++;
        done++;
    }
}

#define PROCEDURE(b, e, o, c)                                                                     \
    static void deal_##b##e##o##c(const struct job *job) { deal(job, b, e, o, c); }
#define BURNS(b)                                                                                  \
    PROCEDURE(b, 0, 0, 0)                                                                         \
    PROCEDURE(b, 0, 0, 1)                                                                         \
    PROCEDURE(b, 0, 1, 0)                                                                         \
    PROCEDURE(b, 0, 1, 1)                                                                         \
    PROCEDURE(b, 1, 0, 0)                                                                         \
    PROCEDURE(b, 1, 0, 1)                                                                         \
    PROCEDURE(b, 1, 1, 0)                                                                         \
    PROCEDURE(b, 1, 1, 1)
BURNS(0)
BURNS(1)
BURNS(2)
BURNS(3)
#define NAMES(b)                                                                                  \
    deal_##b##000, deal_##b##001, deal_##b##010, deal_##b##011, deal_##b##100, deal_##b##101,     \
        deal_##b##110, deal_##b##111

static void (*const PROCEDURES[32])(const struct job *) = {NAMES(0), NAMES(1), NAMES(2),
                                                            NAMES(3)};

static PyObject *
histogram(PyObject *self, PyObject *args)
{
    unsigned long long seed;
    long long rounds;
    int decks, cut_card, spread, burn_cards, procedure;
    Py_buffer player = {0}, banker = {0}, points = {0}, out = {0};
    if (!PyArg_ParseTuple(args, "KLiiiiiy*y*y*w*", &seed, &rounds, &decks, &cut_card, &spread,
                          &burn_cards, &procedure, &player, &banker, &points, &out))
        return NULL;
    PyObject *result = NULL;
    uint8_t *order = NULL;
    if (!sized(&player, 10, "player_draws") || !sized(&banker, 110, "banker_draws") ||
        !sized(&points, 52, "points") || !sized(&out, CELLS * 8, "out"))
        goto done;
    if (rounds < 0 || decks < 1 || decks > MOST_DECKS || procedure < 0 || procedure > 31 ||
        spread < 0 || burn_cards < 0 || cut_card < 0) {
        PyErr_SetString(PyExc_ValueError,
                        "rounds, spread, burn_cards, cut_card >= 0; decks 1..64; procedure 0..31");
        goto done;
    }
    const uint8_t *p = player.buf, *b = banker.buf, *q = points.buf;
    int bad = 0;
    for (int i = 0; i < 110; i++)
        bad |= (i < 52 && q[i] > 9) | (i < 10 && p[i] > 1) | (b[i] > 1);
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "points 0..9; player_draws, banker_draws 0 or 1");
        goto done;
    }
    /* a shoe that cannot deal one round after its burns would shuffle for ever */
    int burned = (procedure >> 3) == 1 ? decks : (procedure >> 3) == 2 ? 11 : burn_cards;
    if ((procedure >> 3) == 0)
        burned = 0;
    if (burned + ((procedure >> 2) & 1) + 4 > 52 * decks) {
        PyErr_SetString(PyExc_ValueError, "burn_cards: the shoe deals no round after its burns");
        goto done;
    }
    order = PyMem_RawMalloc(52 * (size_t)decks);
    if (order == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    struct job job = {seed, rounds, decks, cut_card, spread, burn_cards, p, b, q, out.buf, order};
    Py_BEGIN_ALLOW_THREADS PROCEDURES[procedure](&job);
    Py_END_ALLOW_THREADS result = Py_NewRef(Py_None);
done:
    PyMem_RawFree(order);
    PyBuffer_Release(&player);
    PyBuffer_Release(&banker);
    PyBuffer_Release(&points);
    PyBuffer_Release(&out);
    return result;
}

static PyMethodDef methods[] = {
    {"histogram", histogram, METH_VARARGS,
     "histogram(seed, rounds, decks, cut_card, spread, burn_cards, procedure, player_draws, "
     "banker_draws, points, out): add `rounds` simulated rounds to `out` (240 int64)."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_baccarat_simulate",
                                    "The Monte Carlo baccarat kernel, compiled.", -1, methods};

PyMODINIT_FUNC
PyInit__baccarat_simulate(void)
{
    return PyModule_Create(&module);
}
