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

#include "_baccarat_jackpot.h"
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
    /* the jackpot's counts: the highest combination of each round (jackpot_code) */
    int modality, by_points;
    int64_t *jackpots; /* [8] */
    /* sessions of `session_length` rounds of one unit bet whose result per histogram cell is
     * `net_by_cell`: each session's result and whether it ever reached -bankroll */
    const double *net_by_cell; /* [CELLS] */
    int64_t session_length;
    double bankroll;
    double *session_results;
    uint8_t *session_ruined;
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
     const int continuous, const int jackpot, const int sessions)
{
    double session_net = 0.0;
    int session_ruined = 0;
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
        int three = 0, p3 = -1, b3 = -1;
        if (pt < 8 && bt < 8) { /* no natural: the third-card tables (arts. 11-12) */
            int third = 10;
            if (player_draws[pt]) {
                if (next >= size) {
                    pos = size;
                    continue;
                }
                p3 = order[next++];
                third = points[p3];
                pt = ten(pt + third);
            }
            if (banker_draws[bt * 11 + third]) {
                if (next >= size) {
                    pos = size;
                    continue;
                }
                b3 = order[next++];
                bt = ten(bt + points[b3]);
                three = 1;
            }
        }
        if (!continuous && cut_round < 0 && next > cut_at)
            cut_round = shoe_rounds; /* the cut card came out during this round */
        pos = next;
        int winner = pt > bt ? 0 : (bt > pt ? 1 : 2);
        int ppair = (p1 >> 2) == (p2 >> 2), bpair = (b1 >> 2) == (b2 >> 2);
        int cell = (((winner * 10 + bt) * 2 + three) * 2 + ppair) * 2 + bpair;
        hist[cell]++;
        if (jackpot) {
            int coup[6] = {p1, p2, p3, b1, b2, b3};
            job->jackpots[jackpot_code(coup, job->modality, job->by_points, points)]++;
        }
        done++;
        if (sessions) {
            session_net += job->net_by_cell[cell];
            if (session_net <= -job->bankroll)
                session_ruined = 1;
            if (done % job->session_length == 0) {
                int64_t k = done / job->session_length - 1;
                job->session_results[k] = session_net;
                job->session_ruined[k] = (uint8_t)session_ruined;
                session_net = 0.0;
                session_ruined = 0;
            }
        }
    }
}

/* each procedure compiled three times: the histogram alone, with the jackpot's counts, with
 * sessions */
#define PROCEDURE(b, e, o, c)                                                                     \
    static void deal_##b##e##o##c(const struct job *job) { deal(job, b, e, o, c, 0, 0); }       \
    static void jackpot_##b##e##o##c(const struct job *job) { deal(job, b, e, o, c, 1, 0); }    \
    static void sessions_##b##e##o##c(const struct job *job) { deal(job, b, e, o, c, 0, 1); }
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

#define JACKPOT_NAMES(b)                                                                          \
    jackpot_##b##000, jackpot_##b##001, jackpot_##b##010, jackpot_##b##011, jackpot_##b##100,     \
        jackpot_##b##101, jackpot_##b##110, jackpot_##b##111
#define SESSION_NAMES(b)                                                                          \
    sessions_##b##000, sessions_##b##001, sessions_##b##010, sessions_##b##011,                   \
        sessions_##b##100, sessions_##b##101, sessions_##b##110, sessions_##b##111

typedef void (*loop)(const struct job *);
static const loop PROCEDURES[32] = {NAMES(0), NAMES(1), NAMES(2), NAMES(3)};
static const loop JACKPOT_PROCEDURES[32] = {JACKPOT_NAMES(0), JACKPOT_NAMES(1), JACKPOT_NAMES(2),
                                            JACKPOT_NAMES(3)};
static const loop SESSION_PROCEDURES[32] = {SESSION_NAMES(0), SESSION_NAMES(1), SESSION_NAMES(2),
                                            SESSION_NAMES(3)};

/* What every call names: the seed, the rounds, the shoe and its procedure, the drawing tables,
 * the points and the histogram written. */
struct shoe_args {
    unsigned long long seed;
    long long rounds;
    int decks, cut_card, spread, burn_cards, procedure;
    Py_buffer player, banker, points, out;
};

static int
shoe_checked(struct shoe_args *a)
{
    if (!sized(&a->player, 10, "player_draws") || !sized(&a->banker, 110, "banker_draws") ||
        !sized(&a->points, 52, "points") || !sized(&a->out, CELLS * 8, "out"))
        return 0;
    if (a->rounds < 0 || a->decks < 1 || a->decks > MOST_DECKS || a->procedure < 0 ||
        a->procedure > 31 || a->spread < 0 || a->burn_cards < 0 || a->cut_card < 0) {
        PyErr_SetString(PyExc_ValueError,
                        "rounds, spread, burn_cards, cut_card >= 0; decks 1..64; procedure 0..31");
        return 0;
    }
    const uint8_t *p = a->player.buf, *b = a->banker.buf, *q = a->points.buf;
    int bad = 0;
    for (int i = 0; i < 110; i++)
        bad |= (i < 52 && q[i] > 9) | (i < 10 && p[i] > 1) | (b[i] > 1);
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "points 0..9; player_draws, banker_draws 0 or 1");
        return 0;
    }
    /* a shoe that cannot deal one round after its burns would shuffle for ever */
    int burn = a->procedure >> 3;
    int burned = burn == 1 ? a->decks : burn == 2 ? 11 : burn == 3 ? a->burn_cards : 0;
    if (burned + ((a->procedure >> 2) & 1) + 4 > 52 * a->decks) {
        PyErr_SetString(PyExc_ValueError, "burn_cards: the shoe deals no round after its burns");
        return 0;
    }
    return 1;
}

static void
shoe_released(struct shoe_args *a)
{
    PyBuffer_Release(&a->player);
    PyBuffer_Release(&a->banker);
    PyBuffer_Release(&a->points);
    PyBuffer_Release(&a->out);
}

/* Deal `job` (its other fields set by the caller) by the procedure's loop of `loops`. */
static PyObject *
dealt(struct shoe_args *a, struct job *job, const loop *loops)
{
    uint8_t *order = PyMem_RawMalloc(52 * (size_t)a->decks);
    if (order == NULL)
        return PyErr_NoMemory();
    job->seed = a->seed;
    job->rounds = a->rounds;
    job->decks = a->decks;
    job->cut_card = a->cut_card;
    job->spread = a->spread;
    job->burn_cards = a->burn_cards;
    job->player_draws = a->player.buf;
    job->banker_draws = a->banker.buf;
    job->points = a->points.buf;
    job->out = a->out.buf;
    job->order = order;
    loop chosen = loops[a->procedure];
    Py_BEGIN_ALLOW_THREADS
    chosen(job);
    Py_END_ALLOW_THREADS
    PyMem_RawFree(order);
    return Py_NewRef(Py_None);
}

#define SHOE_FORMAT "KLiiiiiy*y*y*w*"
#define SHOE_ARGUMENTS(a)                                                                         \
    &a.seed, &a.rounds, &a.decks, &a.cut_card, &a.spread, &a.burn_cards, &a.procedure, &a.player, \
        &a.banker, &a.points, &a.out

static PyObject *
histogram(PyObject *self, PyObject *args)
{
    (void)self;
    struct shoe_args a;
    if (!PyArg_ParseTuple(args, SHOE_FORMAT, SHOE_ARGUMENTS(a)))
        return NULL;
    struct job job = {0};
    PyObject *result = shoe_checked(&a) ? dealt(&a, &job, PROCEDURES) : NULL;
    shoe_released(&a);
    return result;
}

static PyObject *
jackpots(PyObject *self, PyObject *args)
{
    (void)self;
    struct shoe_args a;
    struct job job = {0};
    Py_buffer counts = {0};
    if (!PyArg_ParseTuple(args, SHOE_FORMAT "iiw*", SHOE_ARGUMENTS(a), &job.modality,
                          &job.by_points, &counts))
        return NULL;
    PyObject *result = NULL;
    if (shoe_checked(&a) && sized(&counts, 8 * 8, "jackpots")) {
        if (job.modality < 1 || job.modality > 3)
            PyErr_SetString(PyExc_ValueError, "modality: 1 (A), 2 (B) or 3 (C)");
        else {
            job.jackpots = counts.buf;
            result = dealt(&a, &job, JACKPOT_PROCEDURES);
        }
    }
    PyBuffer_Release(&counts);
    shoe_released(&a);
    return result;
}

static PyObject *
sessions(PyObject *self, PyObject *args)
{
    (void)self;
    struct shoe_args a;
    struct job job = {0};
    long long length;
    Py_buffer nets = {0}, results = {0}, ruined = {0};
    if (!PyArg_ParseTuple(args, SHOE_FORMAT "y*Ldw*w*", SHOE_ARGUMENTS(a), &nets, &length,
                          &job.bankroll, &results, &ruined))
        return NULL;
    PyObject *result = NULL;
    if (shoe_checked(&a) && sized(&nets, CELLS * 8, "net_by_cell")) {
        if (length < 1)
            PyErr_SetString(PyExc_ValueError, "session_length: at least 1");
        else if (sized(&results, (Py_ssize_t)(a.rounds / length) * 8, "results") &&
                 sized(&ruined, (Py_ssize_t)(a.rounds / length), "ruined")) {
            job.net_by_cell = nets.buf;
            job.session_length = length;
            job.session_results = results.buf;
            job.session_ruined = ruined.buf;
            result = dealt(&a, &job, SESSION_PROCEDURES);
        }
    }
    PyBuffer_Release(&nets);
    PyBuffer_Release(&results);
    PyBuffer_Release(&ruined);
    shoe_released(&a);
    return result;
}

static PyObject *
jackpot(PyObject *self, PyObject *args)
{
    (void)self;
    int coup[6], modality, by_points;
    Py_buffer points = {0};
    if (!PyArg_ParseTuple(args, "(iiiiii)iiy*", &coup[0], &coup[1], &coup[2], &coup[3],
                          &coup[4], &coup[5], &modality, &by_points, &points))
        return NULL;
    PyObject *result = NULL;
    int bad = modality < 1 || modality > 3;
    for (int i = 0; i < 6; i++) /* a third card may be missing (-1), no other */
        bad |= coup[i] > 51 || coup[i] < ((i == 2 || i == 5) ? -1 : 0);
    if (bad)
        PyErr_SetString(PyExc_ValueError, "coup: cards 0..51 (a third card -1); modality 1..3");
    else if (sized(&points, 52, "points"))
        result = PyLong_FromLong(jackpot_code(coup, modality, by_points, points.buf));
    PyBuffer_Release(&points);
    return result;
}

static PyMethodDef methods[] = {
    {"jackpot", jackpot, METH_VARARGS,
     "jackpot((P1, P2, P3, B1, B2, B3), modality, by_points, points): a coup's highest "
     "jackpot combination (0 for none), as the kernel counts it."},
    {"histogram", histogram, METH_VARARGS,
     "histogram(seed, rounds, decks, cut_card, spread, burn_cards, procedure, player_draws, "
     "banker_draws, points, out): add `rounds` simulated rounds to `out` (240 int64)."},
    {"jackpots", jackpots, METH_VARARGS,
     "jackpots(<histogram's arguments>, modality, by_points, counts): and add each round's "
     "highest jackpot combination to `counts` (8 int64)."},
    {"sessions", sessions, METH_VARARGS,
     "sessions(<histogram's arguments>, net_by_cell, length, bankroll, results, ruined): and "
     "write each session's result (float64) and whether it was ruined (a byte)."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_baccarat_simulate",
                                    "The Monte Carlo baccarat kernel, compiled.", -1, methods};

PyMODINIT_FUNC
PyInit__baccarat_simulate(void)
{
    return PyModule_Create(&module);
}
