/* One-call stud hand ranking for croupier.games.stud.evaluator.
 *
 * rank5(cards) sorts five int cards (0..51) with a sorting network, computes their colex index
 * and reads the dense Macau-order rank from the table that the Python module built and handed
 * over with set_table(). Nothing here knows the rules: the table is the evaluator. Cards are
 * checked (ints, 0..51, all different) so a bad hand can never read outside the table.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

static Py_buffer table_view;
static const uint16_t *table = NULL;
static Py_ssize_t table_len = 0;
static long colex[5][52];

#define CSWAP(x, y) do { if (x > y) { long t_ = x; x = y; y = t_; } } while (0)

static PyObject *
set_table(PyObject *self, PyObject *arg)
{
    if (table != NULL) {
        PyBuffer_Release(&table_view);
        table = NULL;
    }
    if (PyObject_GetBuffer(arg, &table_view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0)
        return NULL;
    if (table_view.itemsize != 2) {
        PyBuffer_Release(&table_view);
        PyErr_SetString(PyExc_ValueError, "the rank table must hold uint16 values");
        return NULL;
    }
    table = (const uint16_t *)table_view.buf;
    table_len = table_view.len / 2;
    Py_RETURN_NONE;
}

static PyObject *
rank5(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *const *items;
    PyObject *fast = NULL;
    long c[5];
    if (nargs != 1) {
        PyErr_SetString(PyExc_TypeError, "rank5() takes one sequence of five cards");
        return NULL;
    }
    if (table == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "rank table not set");
        return NULL;
    }
    PyObject *seq = args[0];
    if (PyList_CheckExact(seq) && PyList_GET_SIZE(seq) == 5) {
        items = (PyObject *const *)((PyListObject *)seq)->ob_item;
    } else if (PyTuple_CheckExact(seq) && PyTuple_GET_SIZE(seq) == 5) {
        items = (PyObject *const *)((PyTupleObject *)seq)->ob_item;
    } else {
        fast = PySequence_Fast(seq, "cards must be a sequence of five ints");
        if (fast == NULL)
            return NULL;
        if (PySequence_Fast_GET_SIZE(fast) != 5) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "a stud hand is five different cards");
            return NULL;
        }
        items = (PyObject *const *)PySequence_Fast_ITEMS(fast);
    }
    for (int i = 0; i < 5; i++) {
        c[i] = PyLong_AsLong(items[i]);
        if (c[i] == -1 && PyErr_Occurred()) {
            Py_XDECREF(fast);
            return NULL;
        }
    }
    Py_XDECREF(fast);
    long a = c[0], b = c[1], d3 = c[2], d = c[3], e = c[4];
    /* sorting network for five */
    CSWAP(a, b); CSWAP(d, e); CSWAP(d3, e); CSWAP(d3, d); CSWAP(b, e);
    CSWAP(a, d); CSWAP(a, d3); CSWAP(b, d); CSWAP(b, d3);
    if (a < 0 || e > 51 || a == b || b == d3 || d3 == d || d == e) {
        PyErr_SetString(PyExc_ValueError, "a stud hand is five different cards 0..51");
        return NULL;
    }
    long idx = colex[0][a] + colex[1][b] + colex[2][d3] + colex[3][d] + colex[4][e];
    if (idx >= table_len) {
        PyErr_SetString(PyExc_RuntimeError, "rank table too short");
        return NULL;
    }
    return PyLong_FromLong((long)table[idx]);
}

static PyMethodDef methods[] = {
    {"set_table", (PyCFunction)set_table, METH_O, "Hand over the dense rank table (uint16)."},
    {"rank5", (PyCFunction)(void (*)(void))rank5, METH_FASTCALL,
     "Dense Macau-order rank of five int cards."},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_fastrank", "One-call stud hand ranking.", -1, methods
};

PyMODINIT_FUNC
PyInit__fastrank(void)
{
    for (int k = 1; k <= 5; k++) {
        for (long n = 0; n < 52; n++) {
            /* C(n, k) */
            long v = 1;
            if (n < k) {
                v = 0;
            } else {
                for (int j = 1; j <= k; j++)
                    v = v * (n - k + j) / j;
            }
            colex[k - 1][n] = v;
        }
    }
    return PyModule_Create(&module);
}
