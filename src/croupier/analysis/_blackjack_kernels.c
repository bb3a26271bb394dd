/* The compiled heart of croupier's exact blackjack analysis (croupier.analysis.blackjack_solver).
 *
 * dealer_table: the dealer's final distribution (17..21, bust, blackjack) for the shoe `base`
 *   less each row of `removed`. A dealer's multiset of draws d (reaching an outcome from the up
 *   card; enumerated once in Python) has probability orders(d) * prod_v s_v (s_v - 1) ...
 *   (s_v - d_v + 1) / (n (n - 1) ... (n - |d| + 1)) on a shoe s of n cards: any order of
 *   drawing it is as likely as any other. The sum runs over the multisets for a block of shoes
 *   at a time, the innermost loop over the block (vectorised by the compiler).
 * solve: stand, hit, best (composition-dependent optimum), the basic strategy's hit/stand play,
 *   double and P(dealer blackjack) for every state, children (higher totals) first.
 *
 * Nothing here knows the rules beyond the values' arithmetic: the multisets, the states and the
 * strategy's hit/stand table come from Python, and every index read is checked against the
 * buffers' sizes first, so bad arrays raise ValueError instead of reading outside them.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define BLOCK 256
#define DEEP 24 /* a dealer never draws more than 23 cards of one value to one hand */
#define LONG 24
#define BUST 5
#define BJ 6

typedef struct {
    Py_buffer view;
    Py_ssize_t n; /* items */
} Buf;

static int
get(PyObject *obj, Buf *b, Py_ssize_t itemsize, int writable, const char *name)
{
    int flags = PyBUF_C_CONTIGUOUS | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, &b->view, flags) < 0)
        return -1;
    if (b->view.itemsize != itemsize || b->view.len % itemsize) {
        PyBuffer_Release(&b->view);
        PyErr_Format(PyExc_ValueError, "%s: items of %zd bytes expected", name, itemsize);
        return -1;
    }
    b->n = b->view.len / itemsize;
    return 0;
}

static void
release(Buf *bufs, int count)
{
    for (int i = 0; i < count; i++)
        PyBuffer_Release(&bufs[i].view);
}

static PyObject *
fail(Buf *bufs, int count, const char *message)
{
    release(bufs, count);
    if (message)
        PyErr_SetString(PyExc_ValueError, message);
    return NULL;
}

/* The sums of dealer_table, without the Python API; compiled for the processor's widest vector
 * units where the compiler and the C library allow choosing at load time. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
__attribute__((target_clones("avx512f", "avx2", "default")))
#endif
static void
dealer_sums(Py_ssize_t rows, Py_ssize_t hands, Py_ssize_t width, int64_t total,
            const int64_t *removed, const int64_t *base, const int64_t *values,
            const int64_t *counts, const int64_t *lengths, const int64_t *sizes,
            const double *orders, const int64_t *outcomes, double *out,
            double (*falling)[DEEP][BLOCK], double (*inverse)[BLOCK], double (*acc)[BLOCK],
            double *tmp)
{
    int depth[10] = {0}, longest = 0; /* the deepest count of each value, the longest hand */
    for (Py_ssize_t d = 0; d < hands; d++) {
        if (sizes[d] > longest)
            longest = (int)sizes[d];
        for (Py_ssize_t j = 0; j < lengths[d]; j++)
            if (counts[d * width + j] > depth[values[d * width + j]])
                depth[values[d * width + j]] = (int)counts[d * width + j];
    }
    for (Py_ssize_t start = 0; start < rows; start += BLOCK) {
        Py_ssize_t w = rows - start < BLOCK ? rows - start : BLOCK;
        for (Py_ssize_t i = 0; i < w; i++) {
            const int64_t *r = removed + (start + i) * 10;
            int64_t n = total;
            int possible = 1;
            for (int v = 0; v < 10; v++) {
                int64_t left = base[v] - r[v];
                n -= r[v];
                if (left < 0)
                    possible = 0;
                falling[v][0][i] = 1.0;
                for (int j = 1; j <= depth[v]; j++) {
                    int64_t f = left - j + 1;
                    falling[v][j][i] = falling[v][j - 1][i] * (double)(f > 0 ? f : 0);
                }
            }
            double product = 1.0;
            inverse[0][i] = possible ? 1.0 : 0.0;
            for (int k = 1; k <= longest; k++) {
                int64_t f = n - k + 1;
                product *= (double)(f > 0 ? f : 0);
                inverse[k][i] = possible && product > 0 ? 1.0 / product : 0.0;
            }
        }
        for (int oc = 0; oc < 7; oc++)
            for (int i = 0; i < BLOCK; i++)
                acc[oc][i] = 0.0;
        for (Py_ssize_t i = w; i < BLOCK; i++) /* the last block's unused columns: zeros */
            for (int k = 0; k <= longest; k++)
                inverse[k][i] = 0.0;
        for (Py_ssize_t d = 0; d < hands; d++) {
            const double wt = orders[d];
            const double *restrict inv = inverse[sizes[d]];
            const double *restrict f[10];
            Py_ssize_t len = lengths[d];
            for (Py_ssize_t j = 0; j < len; j++)
                f[j] = falling[values[d * width + j]][counts[d * width + j]];
            double *restrict a = acc[outcomes[d]];
            /* one pass per multiset, the common lengths written out so that the loop is
             * a straight run of multiplications over the block */
            switch (len) {
            case 1:
                for (int i = 0; i < BLOCK; i++)
                    a[i] += wt * inv[i] * f[0][i];
                break;
            case 2:
                for (int i = 0; i < BLOCK; i++)
                    a[i] += wt * inv[i] * f[0][i] * f[1][i];
                break;
            case 3:
                for (int i = 0; i < BLOCK; i++)
                    a[i] += wt * inv[i] * f[0][i] * f[1][i] * f[2][i];
                break;
            case 4:
                for (int i = 0; i < BLOCK; i++)
                    a[i] += wt * inv[i] * f[0][i] * f[1][i] * f[2][i] * f[3][i];
                break;
            default:
                for (int i = 0; i < BLOCK; i++)
                    tmp[i] = wt * inv[i];
                for (Py_ssize_t j = 0; j < len; j++)
                    for (int i = 0; i < BLOCK; i++)
                        tmp[i] *= f[j][i];
                for (int i = 0; i < BLOCK; i++)
                    a[i] += tmp[i];
            }
        }
        for (Py_ssize_t i = 0; i < w; i++)
            for (int oc = 0; oc < 7; oc++)
                out[(start + i) * 7 + oc] = acc[oc][i];
    }
}

/* dealer_table(removed, base, values, counts, lengths, sizes, orders, outcomes, out) */
static PyObject *
dealer_table(PyObject *self, PyObject *args)
{
    PyObject *o[9];
    Buf b[9];
    static const Py_ssize_t sz[9] = {8, 8, 8, 8, 8, 8, 8, 8, 8};
    static const char *names[9] = {"removed", "base", "values", "counts", "lengths",
                                   "sizes", "orders", "outcomes", "out"};
    if (!PyArg_ParseTuple(args, "OOOOOOOOO", &o[0], &o[1], &o[2], &o[3], &o[4], &o[5], &o[6],
                          &o[7], &o[8]))
        return NULL;
    for (int i = 0; i < 9; i++)
        if (get(o[i], &b[i], sz[i], i == 8, names[i]) < 0)
            return fail(b, i, NULL);
    const int64_t *removed = b[0].view.buf, *base = b[1].view.buf, *values = b[2].view.buf,
                  *counts = b[3].view.buf, *lengths = b[4].view.buf, *sizes = b[5].view.buf,
                  *outcomes = b[7].view.buf;
    const double *orders = b[6].view.buf;
    double *out = b[8].view.buf;
    Py_ssize_t rows = b[0].n / 10, hands = b[4].n;
    Py_ssize_t width = hands ? b[2].n / hands : 0;
    if (b[0].n != rows * 10 || b[1].n != 10 || b[2].n != hands * width || b[3].n != hands * width
        || b[5].n != hands || b[6].n != hands || b[7].n != hands || b[8].n != rows * 7)
        return fail(b, 9, "dealer_table: arrays of inconsistent sizes");
    for (Py_ssize_t d = 0; d < hands; d++) {
        if (lengths[d] < 0 || lengths[d] > width || sizes[d] < 0 || sizes[d] >= LONG
            || outcomes[d] < 0 || outcomes[d] > 6)
            return fail(b, 9, "dealer_table: a dealer's hand out of range");
        for (Py_ssize_t j = 0; j < lengths[d]; j++)
            if (values[d * width + j] < 0 || values[d * width + j] > 9
                || counts[d * width + j] < 0 || counts[d * width + j] >= DEEP)
                return fail(b, 9, "dealer_table: a dealer's hand out of range");
    }
    int64_t total = 0;
    for (int v = 0; v < 10; v++)
        total += base[v];
    typedef struct {
        double falling[10][DEEP][BLOCK], inverse[LONG][BLOCK], acc[7][BLOCK], tmp[BLOCK];
    } Work;
    Work *work = PyMem_RawMalloc(sizeof(Work));
    if (work == NULL) {
        release(b, 9);
        return PyErr_NoMemory();
    }
    Py_BEGIN_ALLOW_THREADS
    dealer_sums(rows, hands, width, total, removed, base, values, counts, lengths, sizes, orders,
                outcomes, out, work->falling, work->inverse, work->acc, work->tmp);
    Py_END_ALLOW_THREADS
    PyMem_RawFree(work);
    release(b, 9);
    Py_RETURN_NONE;
}

/* solve(dealer, removed, state_removed, hard, ace, child, base, later_hits, double_lost, out) */
static PyObject *
solve(PyObject *self, PyObject *args)
{
    PyObject *o[9];
    Buf b[9];
    double lost;
    static const Py_ssize_t sz[9] = {8, 8, 8, 8, 1, 8, 8, 1, 8};
    static const char *names[9] = {"dealer", "removed", "state_removed", "hard", "ace",
                                   "child", "base", "later_hits", "out"};
    if (!PyArg_ParseTuple(args, "OOOOOOOOdO", &o[0], &o[1], &o[2], &o[3], &o[4], &o[5], &o[6],
                          &o[7], &lost, &o[8]))
        return NULL;
    for (int i = 0; i < 9; i++)
        if (get(o[i], &b[i], sz[i], i == 8, names[i]) < 0)
            return fail(b, i, NULL);
    const double *dealer = b[0].view.buf;
    const int64_t *removed = b[1].view.buf, *state_removed = b[2].view.buf,
                  *hard = b[3].view.buf, *child = b[5].view.buf, *base = b[6].view.buf;
    const uint8_t *ace = b[4].view.buf, *later = b[7].view.buf;
    double *out = b[8].view.buf;
    Py_ssize_t rows = b[1].n / 10, count = b[2].n;
    if (b[0].n != rows * 7 || b[1].n != rows * 10 || b[3].n != count || b[4].n != count
        || b[5].n != count * 10 || b[6].n != 10 || b[7].n != 22 * 2 || b[8].n != count * 6)
        return fail(b, 9, "solve: arrays of inconsistent sizes");
    for (Py_ssize_t st = 0; st < count; st++) {
        if (state_removed[st] < 0 || state_removed[st] >= rows || hard[st] < 0 || hard[st] > 21)
            return fail(b, 9, "solve: a state out of range");
        for (int v = 0; v < 10; v++)
            if (child[st * 10 + v] >= st || child[st * 10 + v] < -1)
                return fail(b, 9, "solve: a state's child must come before it");
    }
    double *stand_part = PyMem_Calloc(count ? count : 1, sizeof(double));
    if (stand_part == NULL) {
        release(b, 9);
        return PyErr_NoMemory();
    }
    double *stand_row = out, *hit_row = out + count, *best_row = out + 2 * count,
           *play_row = out + 3 * count, *double_row = out + 4 * count, *bj_row = out + 5 * count;
    memset(out, 0, (size_t)count * 6 * sizeof(double));
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t st = 0; st < count; st++) {
        const int64_t *r = removed + state_removed[st] * 10;
        const double *dist = dealer + state_removed[st] * 7;
        int64_t s[10], n = 0;
        int possible = 1;
        for (int v = 0; v < 10; v++) {
            s[v] = base[v] - r[v];
            n += s[v];
            if (s[v] < 0)
                possible = 0;
        }
        if (!possible)
            continue; /* reached with probability zero */
        int64_t h = hard[st];
        int64_t t = ace[st] && h <= 11 ? h + 10 : h;
        double part = dist[BUST];
        for (int oc = 0; oc < 5; oc++) {
            if (oc + 17 < t)
                part += dist[oc];
            else if (oc + 17 > t)
                part -= dist[oc];
        }
        double bj = dist[BJ], stand = part - bj, hit = 0.0, play = 0.0, dbl = 0.0;
        double per_card = n > 0 ? 1.0 / (double)n : 0.0;
        stand_part[st] = part;
        for (int v = 0; v < 10; v++) {
            if (s[v] == 0)
                continue;
            double p = (double)s[v] * per_card;
            int64_t next = child[st * 10 + v];
            if (next < 0) {
                hit -= p;
                play -= p;
                dbl -= 2 * p;
            } else {
                hit += p * best_row[next];
                play += p * play_row[next];
                dbl += p * (2 * stand_part[next] - lost * bj_row[next]);
            }
        }
        stand_row[st] = stand;
        hit_row[st] = hit;
        best_row[st] = t == 21 ? stand : (stand > hit ? stand : hit);
        play_row[st] = t == 21 || !later[h * 2 + (ace[st] ? 1 : 0)] ? stand : play;
        double_row[st] = dbl;
        bj_row[st] = bj;
    }
    Py_END_ALLOW_THREADS
    PyMem_Free(stand_part);
    release(b, 9);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"dealer_table", dealer_table, METH_VARARGS, "The dealer's distribution for many shoes."},
    {"solve", solve, METH_VARARGS, "Every state's values, children first."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_blackjack_kernels",
    "Compiled kernels of the exact blackjack analysis.", -1, methods,
};

PyMODINIT_FUNC
PyInit__blackjack_kernels(void)
{
    return PyModule_Create(&module);
}
