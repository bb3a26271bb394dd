/* The Monte Carlo blackjack kernel of croupier.analysis.simulate_blackjack, compiled at install
 * (issue 32(3)): `croupier simulate blackjack` then neither imports Numba nor compiles anything.
 *
 * totals(seed, rounds, decks, cut_card, burn_cards, values, table, flags, out): `rounds`
 * rounds of one box played by the basic-strategy `table` (blackjack_kernel_input.py: the
 * engine's BasicStrategy.advise for every state the kernel meets), from shoes shuffled by
 * Fisher-Yates when the cut card is reached (art. 2) and burned (art. 4); dealt as the engine
 * deals (a card to the box, the dealer's up card, the box's second card; a split hand's second
 * card when it is played; the dealer's second card after the box, no hole card, art. 6(1));
 * the dealer drawing by the soft-17 reading's table (games/blackjack/dealer.py, art. 6(6));
 * settled in the engine's order (surrender, bust, blackjack, a dealer blackjack taking the
 * initial bet only where the options say so, art. 16(6), totals). `out` (4 float64): rounds,
 * the sum of the nets in initial bets, of their squares, and the hands played. The same
 * generator (SplitMix64, Lemire's bounded draw) and the same steps as the Numba kernel: a seed
 * gives the same totals from either (tests/analysis/test_blackjack_chunk.py).
 *
 * flags (int64): [0] a continuous shuffler (a fresh shuffle before every round, no burn; the
 * shoe's mode, art. 1), [1] double (0 any two, 1 and after a split, 2 eleven only),
 * [2] a doubled hand loses the initial bet only to a dealer blackjack, [3] split hands lose the
 * initial bet only, [4] surrender, [5] most hands after splits (1..8), [6] aces resplit,
 * [7] split aces take one card, [8] unlike tens split, [9] twice blackjack's payout; from
 * [10] the dealer's drawing table by (hard * 2 + ace) * 2 + six, hard 0..31.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "_kernel_rng.h"

#define MAX_HANDS 8
#define HAND_CARDS 22   /* a hand of 21 or less holds at most 21 cards, one more busts it */
#define MAX_HARD 31     /* the dealer's table: hard totals 0..31 */
#define DEALER_TABLE 10 /* flags[DEALER_TABLE:] is the dealer's drawing table */
#define FLAGS (DEALER_TABLE + (MAX_HARD + 1) * 4)
#define STATES (10 * 22 * 2 * 11 * 8)
#define ROUND_CARDS (MAX_HANDS * HAND_CARDS + MAX_HARD + 2) /* the most a round can take */
#define MOST_DECKS 64

struct rules {
    int continuous, dmode, dkeep, skeep, surrender_ok, max_hands, rsa, aces_one, unlike_tens;
    int bj_pays2;
    const int64_t *dealer_draws;
    const int8_t *table;
    int values[52];
};

struct box {
    int cards[MAX_HANDS][HAND_CARDS];
    int ncards[MAX_HANDS], doubled[MAX_HANDS], surrendered[MAX_HANDS], acted[MAX_HANDS];
};

/* A hand's hard total and whether it holds an ace; returns the best total (an ace as 11 when
 * that makes 21 or less). */
static inline int
total_of(const struct rules *r, const int *cards, int n, int *hard_out, int *ace_out)
{
    int hard = 0, ace = 0;
    for (int k = 0; k < n; k++) {
        int v = r->values[cards[k]];
        hard += v;
        ace |= v == 1;
    }
    *hard_out = hard;
    *ace_out = ace;
    return ace && hard <= 11 ? hard + 10 : hard;
}

/* One round from order[*pos]: the net in initial bets; *pos advanced, *hands the hands played. */
static double
play_round(const struct rules *r, const uint8_t *order, int *pos_io, int *hands, struct box *b)
{
    const int *values = r->values;
    int pos = *pos_io, nh = 1, split_box = 0;
    memset(b->ncards, 0, sizeof b->ncards);
    memset(b->doubled, 0, sizeof b->doubled);
    memset(b->surrendered, 0, sizeof b->surrendered);
    memset(b->acted, 0, sizeof b->acted);
    b->cards[0][0] = order[pos];
    int up = order[pos + 1];
    b->cards[0][1] = order[pos + 2];
    pos += 3;
    b->ncards[0] = 2;
    int upv = values[up];
    for (int h = 0; h < nh; h++) {
        int *cards = b->cards[h];
        if (b->ncards[h] == 1) { /* a split hand receives its second card now */
            cards[1] = order[pos++];
            b->ncards[h] = 2;
            if (values[cards[0]] == 1 && r->aces_one &&
                !(r->rsa && (cards[1] >> 2) == (cards[0] >> 2) && nh < r->max_hands))
                continue;
        }
        for (;;) {
            int hard, ace;
            int n = b->ncards[h];
            int total = total_of(r, cards, n, &hard, &ace);
            int natural = !split_box && n == 2 && total == 21;
            if (total >= 21 || natural)
                break;
            int first_two = n == 2 && b->acted[h] == 0;
            int split_ace_hand = split_box && values[cards[0]] == 1;
            int dbl = 0;
            if (first_two && !split_ace_hand && !(split_box && r->dmode != 1))
                dbl = !(r->dmode == 2 && total != 11);
            int spl = 0, pair = 0;
            if (first_two && nh < r->max_hands && !(split_ace_hand && !r->rsa)) {
                int a0 = cards[0], a1 = cards[1];
                if ((a0 >> 2) == (a1 >> 2) ||
                    (r->unlike_tens && values[a0] == 10 && values[a1] == 10)) {
                    spl = 1;
                    pair = values[a0];
                }
            }
            int sur = r->surrender_ok && upv != 1 && first_two && !split_box;
            int hard_key = hard <= 21 ? hard : 21;
            int action = r->table[((((((upv - 1) * 22 + hard_key) * 2 + ace) * 11 + pair) * 2 +
                                    dbl) * 2 + spl) * 2 + sur];
            b->acted[h]++;
            if (action == 0) { /* hit */
                cards[b->ncards[h]++] = order[pos++];
                if (b->ncards[h] == HAND_CARDS)
                    break; /* never with real values: 22 cards pass 21 */
            } else if (action == 1) { /* stand */
                break;
            } else if (action == 2) { /* double: one card */
                b->doubled[h] = 1;
                cards[b->ncards[h]++] = order[pos++];
                break;
            } else if (action == 3 && !spl) { /* a table's split where none is allowed */
                break; /* stands: the box never grows past its hands (not in a real table) */
            } else if (action == 3) { /* split */
                split_box = 1;
                b->cards[nh][0] = cards[1];
                b->ncards[nh] = 1;
                nh++;
                cards[1] = order[pos++];
                b->acted[h] = 0;
                if (values[cards[0]] == 1 && r->aces_one &&
                    !(r->rsa && (cards[1] >> 2) == (cards[0] >> 2) && nh < r->max_hands))
                    break;
            } else { /* surrender */
                b->surrendered[h] = 1;
                break;
            }
        }
    }
    /* the dealer (art. 6(1)); no hole card: the second card after the box */
    int live = 0, standing = 0;
    for (int i = 0; i < nh; i++) {
        int hard, ace;
        int total = total_of(r, b->cards[i], b->ncards[i], &hard, &ace);
        if (total <= 21 && !b->surrendered[i]) {
            live++;
            if (split_box || !(b->ncards[i] == 2 && total == 21))
                standing++;
        }
    }
    int dealer[2] = {up, 0}, nd = 1;
    if (live) {
        dealer[1] = order[pos++];
        nd = 2;
    }
    int dhard = 0, dace = 0, dsix = 0;
    for (int k = 0; k < nd; k++) {
        int v = values[dealer[k]];
        dhard += v;
        dace |= v == 1;
        dsix |= v == 6;
    }
    int dtotal = dace && dhard <= 11 ? dhard + 10 : dhard;
    int dealer_bj = nd == 2 && dtotal == 21;
    if (standing && !dealer_bj) {
        while (dhard <= MAX_HARD && r->dealer_draws[(dhard * 2 + dace) * 2 + dsix]) {
            int v = values[order[pos++]];
            dhard += v;
            dace |= v == 1;
            dsix |= v == 6;
            dtotal = dace && dhard <= 11 ? dhard + 10 : dhard;
        }
    }
    double net = 0.0;
    for (int i = 0; i < nh; i++) {
        int hard, ace;
        int total = total_of(r, b->cards[i], b->ncards[i], &hard, &ace);
        double bet = b->doubled[i] ? 2.0 : 1.0;
        int natural = !split_box && b->ncards[i] == 2 && total == 21;
        if (b->surrendered[i])
            net -= 0.5;
        else if (dealer_bj && split_box && r->skeep) { /* art. 16(6): the initial bet, once */
            if (i == 0)
                net -= 1.0;
        } else if (total > 21)
            net -= bet;
        else if (natural) {
            if (!dealer_bj)
                net += bet * r->bj_pays2 / 2.0;
        } else if (dealer_bj) {
            if (b->doubled[i] && r->dkeep && r->dmode != 2)
                net -= 1.0;
            else
                net -= bet;
        } else if (dtotal > 21 || total > dtotal)
            net += bet;
        else if (total < dtotal)
            net -= bet;
    }
    *pos_io = pos;
    *hands = nh;
    return net;
}

struct job {
    uint64_t seed;
    int64_t rounds;
    int decks, cut_card, burn_cards;
    const struct rules *rules;
    double *out;
    uint8_t *order; /* 52 * decks cards, then ROUND_CARDS more repeating the shoe's first */
};

static void
play(const struct job *job)
{
    uint64_t state = job->seed;
    const int size = 52 * job->decks;
    uint8_t *order = job->order;
    struct box box;
    memset(&box, 0, sizeof box);
    for (int i = 0; i < size; i++)
        order[i] = (uint8_t)(i % 52);
    int pos = size;
    const int continuous = job->rules->continuous;
    for (int64_t done = 0; done < job->rounds; done++) {
        if (continuous || pos >= size - job->cut_card) { /* the cut card: a new shoe */
            for (int i = size - 1; i > 0; i--) {
                uint32_t j = bounded(&state, (uint32_t)i + 1);
                uint8_t t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
            /* a round running past the last card (a cut card too near the end for it) reads
             * the shoe again from its front, never outside it */
            for (int i = 0; i < ROUND_CARDS; i++)
                order[size + i] = order[i % size];
            pos = continuous ? 0 : job->burn_cards;
        }
        int hands;
        double net = play_round(job->rules, order, &pos, &hands, &box);
        job->out[0] += 1;
        job->out[1] += net;
        job->out[2] += net * net;
        job->out[3] += hands;
    }
}

static PyObject *
totals(PyObject *self, PyObject *args)
{
    (void)self;
    unsigned long long seed;
    long long rounds;
    int decks, cut_card, burn_cards;
    Py_buffer values = {0}, table = {0}, flags = {0}, out = {0};
    if (!PyArg_ParseTuple(args, "KLiiiy*y*y*w*", &seed, &rounds, &decks, &cut_card, &burn_cards,
                          &values, &table, &flags, &out))
        return NULL;
    PyObject *result = NULL;
    uint8_t *order = NULL;
    struct rules rules;
    if (!sized(&values, 52 * 8, "values") || !sized(&table, STATES, "table") ||
        !sized(&flags, FLAGS * 8, "flags") || !sized(&out, 4 * 8, "out"))
        goto done;
    if (rounds < 0 || decks < 1 || decks > MOST_DECKS || cut_card < 0 || cut_card > 52 * decks ||
        burn_cards < 0 || burn_cards >= 52 * decks) {
        PyErr_SetString(PyExc_ValueError,
                        "rounds >= 0; decks 1..64; cut_card, burn_cards within the shoe");
        goto done;
    }
    const int64_t *v = values.buf, *f = flags.buf;
    const int8_t *t = table.buf;
    int bad = 0;
    for (int i = 0; i < 52; i++) {
        bad |= v[i] < 1 || v[i] > 10;
        rules.values[i] = (int)v[i];
    }
    for (int i = 0; i < STATES; i++)
        bad |= t[i] < 0 || t[i] > 4;
    for (int i = 0; i < FLAGS; i++)
        bad |= i != 1 && i != 5 && i != 9 && (f[i] < 0 || f[i] > 1);
    bad |= f[1] < 0 || f[1] > 2 || f[5] < 1 || f[5] > MAX_HANDS || f[9] < 0 || f[9] > 20;
    if (bad) {
        PyErr_SetString(PyExc_ValueError,
                        "values 1..10; table actions 0..4; flags: double 0..2, hands 1..8, "
                        "blackjack 0..20, the others 0 or 1");
        goto done;
    }
    rules.continuous = (int)f[0];
    rules.dmode = (int)f[1];
    rules.dkeep = (int)f[2];
    rules.skeep = (int)f[3];
    rules.surrender_ok = (int)f[4];
    rules.max_hands = (int)f[5];
    rules.rsa = (int)f[6];
    rules.aces_one = (int)f[7];
    rules.unlike_tens = (int)f[8];
    rules.bj_pays2 = (int)f[9];
    rules.dealer_draws = f + DEALER_TABLE;
    rules.table = t;
    order = PyMem_RawMalloc(52 * (size_t)decks + ROUND_CARDS);
    if (order == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    struct job job = {seed, rounds, decks, cut_card, burn_cards, &rules, out.buf, order};
    Py_BEGIN_ALLOW_THREADS play(&job);
    Py_END_ALLOW_THREADS result = Py_NewRef(Py_None);
done:
    PyMem_RawFree(order);
    PyBuffer_Release(&values);
    PyBuffer_Release(&table);
    PyBuffer_Release(&flags);
    PyBuffer_Release(&out);
    return result;
}

static PyMethodDef methods[] = {
    {"totals", totals, METH_VARARGS,
     "totals(seed, rounds, decks, cut_card, burn_cards, values, table, flags, out): add "
     "`rounds` simulated rounds to `out` (4 float64)."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_blackjack_simulate",
                                    "The Monte Carlo blackjack kernel, compiled.", -1, methods};

PyMODINIT_FUNC
PyInit__blackjack_simulate(void)
{
    return PyModule_Create(&module);
}
