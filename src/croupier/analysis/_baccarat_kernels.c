/* The exact baccarat enumeration of croupier.analysis.baccarat_exact, compiled.
 *
 * enumerate(counts, player_draws, banker_draws, out): the number of ordered six-card
 * sequences of a shoe (cards counted by point value, 0..9) by outcome: row 0 Player wins by
 * Player total, row 1 ties by total, rows 2-3 Banker wins by Banker total with two or three
 * Banker cards (out: 4 x 10 int64). Cards are dealt P1 B1 P2 B2 (art. 6), naturals stand
 * (art. 9(2)), the Player draws by player_draws[total] and the Banker by
 * banker_draws[total * 11 + the Player's third card's points, or 10 when the Player stood]
 * (arts. 11-12; the tables are games/baccarat/drawing.py's, handed over from Python). The
 * same loops as analysis/baccarat_enumeration.py, which the tests hold it to; a shoe of more
 * than 1,400 cards is refused (its counts would pass 2**63).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define MOST_CARDS 1400

static inline void
record(int64_t *out, int pt, int bt, int bcards, int64_t w)
{
    if (pt > bt)
        out[pt] += w;
    else if (pt == bt)
        out[10 + pt] += w;
    else
        out[bcards * 10 + bt] += w;
}

static void
count(int64_t *c, const uint8_t *player_draws, const uint8_t *banker_draws, int64_t *out)
{
    int64_t n = 0;
    for (int v = 0; v < 10; v++)
        n += c[v];
    const int64_t f4 = (n - 4) * (n - 5), f5 = n - 5;
    for (int p1 = 0; p1 < 10; p1++) {
        int64_t w1 = c[p1];
        if (!w1)
            continue;
        c[p1]--;
        for (int b1 = 0; b1 < 10; b1++) {
            int64_t w2 = w1 * c[b1];
            if (!w2)
                continue;
            c[b1]--;
            for (int p2 = 0; p2 < 10; p2++) {
                int64_t w3 = w2 * c[p2];
                if (!w3)
                    continue;
                c[p2]--;
                int pt0 = (p1 + p2) % 10;
                for (int b2 = 0; b2 < 10; b2++) {
                    int64_t w4 = w3 * c[b2];
                    if (!w4)
                        continue;
                    c[b2]--;
                    int bt0 = (b1 + b2) % 10;
                    if (pt0 >= 8 || bt0 >= 8) {
                        record(out, pt0, bt0, 2, w4 * f4);
                    } else if (player_draws[pt0]) {
                        for (int p3 = 0; p3 < 10; p3++) {
                            int64_t w5 = w4 * c[p3];
                            if (!w5)
                                continue;
                            int pt = (pt0 + p3) % 10;
                            if (banker_draws[bt0 * 11 + p3]) {
                                c[p3]--;
                                for (int b3 = 0; b3 < 10; b3++)
                                    if (c[b3])
                                        record(out, pt, (bt0 + b3) % 10, 3, w5 * c[b3]);
                                c[p3]++;
                            } else {
                                record(out, pt, bt0, 2, w5 * f5);
                            }
                        }
                    } else if (banker_draws[bt0 * 11 + 10]) {
                        for (int b3 = 0; b3 < 10; b3++)
                            if (c[b3])
                                record(out, pt0, (bt0 + b3) % 10, 3, w4 * c[b3] * f5);
                    } else {
                        record(out, pt0, bt0, 2, w4 * f4);
                    }
                    c[b2]++;
                }
                c[p2]++;
            }
            c[b1]++;
        }
        c[p1]++;
    }
}

static PyObject *
enumerate_sequences(PyObject *self, PyObject *args)
{
    PyObject *o[4];
    Py_buffer b[4];
    static const Py_ssize_t sizes[4] = {8, 1, 1, 8};
    static const Py_ssize_t lengths[4] = {10, 10, 110, 40};
    if (!PyArg_ParseTuple(args, "OOOO", &o[0], &o[1], &o[2], &o[3]))
        return NULL;
    for (int i = 0; i < 4; i++) {
        int flags = PyBUF_C_CONTIGUOUS | (i == 3 ? PyBUF_WRITABLE : 0);
        if (PyObject_GetBuffer(o[i], &b[i], flags) < 0) {
            for (int k = 0; k < i; k++)
                PyBuffer_Release(&b[k]);
            return NULL;
        }
        if (b[i].itemsize != sizes[i] || b[i].len != sizes[i] * lengths[i]) {
            for (int k = 0; k <= i; k++)
                PyBuffer_Release(&b[k]);
            PyErr_SetString(PyExc_ValueError,
                            "enumerate: counts int64[10], player_draws bool[10], banker_draws "
                            "bool[10, 11], out int64[4, 10] expected");
            return NULL;
        }
    }
    int64_t c[10], total = 0;
    int bad = 0;
    for (int v = 0; v < 10; v++) {
        c[v] = ((const int64_t *)b[0].buf)[v];
        if (c[v] < 0)
            bad = 1;
        total += c[v];
    }
    if (bad || total < 6 || total > MOST_CARDS) {
        for (int k = 0; k < 4; k++)
            PyBuffer_Release(&b[k]);
        PyErr_SetString(PyExc_ValueError,
                        "enumerate: a shoe of 6 to 1,400 cards, no count below zero");
        return NULL;
    }
    int64_t *out = b[3].buf;
    for (int i = 0; i < 40; i++)
        out[i] = 0;
    Py_BEGIN_ALLOW_THREADS
    count(c, b[1].buf, b[2].buf, out);
    Py_END_ALLOW_THREADS
    for (int k = 0; k < 4; k++)
        PyBuffer_Release(&b[k]);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"enumerate", enumerate_sequences, METH_VARARGS, "Six-card sequences by outcome."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_baccarat_kernels", "The exact baccarat enumeration, compiled.", -1,
    methods,
};

PyMODINIT_FUNC
PyInit__baccarat_kernels(void)
{
    return PyModule_Create(&module);
}
