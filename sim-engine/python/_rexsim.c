/* _rexsim.c — the CPython binding; the only file that includes Python.h.
 *
 * run(scenario: dict) -> Result   parse with the descriptor table, validate,
 *                                 simulate with the GIL released
 * catalog() -> dict               every parameter and mechanism
 * run_repeat(scenario, n) -> (ns, Result)   benchmark helper: parse once, run n times
 *
 * Result exposes metrics as dicts and each trace column as a zero-copy buffer
 * (a Column object implementing the buffer protocol that keeps the Result
 * alive).  Multi-phase init, heap types, module state.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>

#include "rexsim/config.h"
#include "rexsim/registry.h"
#include "rexsim/vocab.h"

typedef struct {
	PyObject *ScenarioError;
	PyTypeObject *ResultType;
	PyTypeObject *ColumnType;
} modstate;

static modstate *get_state(PyObject *module)
{
	return (modstate *)PyModule_GetState(module);
}

/* ------------------------------------------------------------------ errors */
static int set_attr(PyObject *o, const char *name, PyObject *v)
{
	int r = v ? PyObject_SetAttrString(o, name, v) : -1;
	Py_XDECREF(v);
	return r;
}

/* ScenarioError: .path and .detail name the first error, .errors lists every
 * error as {"path", "detail"}; the message leads with the first. */
static PyObject *raise_errors(PyObject *module, const struct rx_errors *es)
{
	modstate *st = get_state(module);
	int extra = es->n - 1 + es->more;
	PyObject *text = extra > 0 ? PyUnicode_FromFormat("%s: %s (and %d more)", es->e[0].path, es->e[0].msg, extra)
				   : PyUnicode_FromFormat("%s: %s", es->e[0].path, es->e[0].msg);
	PyObject *exc = text ? PyObject_CallOneArg(st->ScenarioError, text) : NULL;
	Py_XDECREF(text);
	if (!exc)
		return NULL;
	PyObject *list = PyList_New(es->n);
	for (int i = 0; list && i < es->n; i++) {
		PyObject *e = Py_BuildValue("{s:s,s:s}", "path", es->e[i].path, "detail", es->e[i].msg);
		if (!e)
			Py_CLEAR(list);
		else
			PyList_SET_ITEM(list, i, e);
	}
	if (!set_attr(exc, "errors", list) && !set_attr(exc, "path", PyUnicode_FromString(es->e[0].path)) &&
	    !set_attr(exc, "detail", PyUnicode_FromString(es->e[0].msg)))
		PyErr_SetObject(st->ScenarioError, exc);
	Py_DECREF(exc);
	return NULL;
}

static PyObject *raise_one(PyObject *module, const struct rx_error *e)
{
	struct rx_errors es = { .n = 1 };
	es.e[0] = *e;
	return raise_errors(module, &es);
}

/* ------------------------------------------------------------------ trees */
/* a Python value as an engine tree (tree.h); NULL only when out of memory */
static struct rx_node *to_node(struct rx_arena *a, PyObject *o, int depth)
{
	struct rx_node *n = NULL;
	if (depth > 32) {
		n = rx_node_new(a, RX_NODE_OTHER);
		if (n)
			n->v.s = "a value nested too deep";
	} else if (o == Py_None) {
		n = rx_node_new(a, RX_NODE_NULL);
	} else if (PyBool_Check(o)) {
		n = rx_node_bool(a, o == Py_True);
	} else if (PyLong_Check(o)) {
		int overflow = 0;
		long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
		/* beyond int64: a number the walk reports against its limits */
		n = overflow ? rx_node_float(a, PyLong_AsDouble(o)) : rx_node_int(a, v);
		if (overflow && PyErr_Occurred()) {
			PyErr_Clear();
			n = rx_node_float(a, overflow > 0 ? INFINITY : -INFINITY);
		}
	} else if (PyFloat_Check(o)) {
		n = rx_node_float(a, PyFloat_AS_DOUBLE(o));
	} else if (PyUnicode_Check(o)) {
		const char *s = PyUnicode_AsUTF8(o);
		if (!s)
			PyErr_Clear();
		n = s ? rx_node_str(a, s) : rx_node_new(a, RX_NODE_OTHER);
	} else if (PyList_Check(o) || PyTuple_Check(o)) {
		n = rx_node_new(a, RX_NODE_LIST);
		for (Py_ssize_t i = 0; n && i < PySequence_Fast_GET_SIZE(o); i++)
			rx_node_append(a, n, to_node(a, PySequence_Fast_GET_ITEM(o, i), depth + 1));
	} else if (PyDict_Check(o)) {
		n = rx_node_new(a, RX_NODE_DICT);
		PyObject *k, *v;
		Py_ssize_t pos = 0;
		while (n && PyDict_Next(o, &pos, &k, &v)) {
			const char *ks = PyUnicode_Check(k) ? PyUnicode_AsUTF8(k) : NULL;
			if (!ks) {
				PyErr_Clear();
				n = rx_node_new(a, RX_NODE_OTHER);
				if (n)
					n->v.s = "an object with a key that is not a string";
				break;
			}
			rx_node_put(a, n, ks, to_node(a, v, depth + 1));
		}
	} else {
		n = rx_node_new(a, RX_NODE_OTHER);
		if (n)
			n->v.s = rx_arena_strdup(a, Py_TYPE(o)->tp_name);
	}
	return a->failed ? NULL : n;
}

/* an engine tree as Python values */
static PyObject *from_node(const struct rx_node *n)
{
	switch (n->kind) {
	case RX_NODE_BOOL:
		return PyBool_FromLong(n->v.b);
	case RX_NODE_INT:
		return PyLong_FromLongLong(n->v.i);
	case RX_NODE_FLOAT:
		return PyFloat_FromDouble(n->v.f);
	case RX_NODE_STR:
		return PyUnicode_FromString(n->v.s);
	case RX_NODE_LIST: {
		PyObject *l = PyList_New((Py_ssize_t)n->n);
		for (size_t i = 0; l && i < n->n; i++) {
			PyObject *v = from_node(n->items[i]);
			if (!v)
				Py_CLEAR(l);
			else
				PyList_SET_ITEM(l, (Py_ssize_t)i, v);
		}
		return l;
	}
	case RX_NODE_DICT: {
		PyObject *d = PyDict_New();
		for (size_t i = 0; d && i < n->n; i++) {
			PyObject *v = from_node(n->items[i]);
			if (!v || PyDict_SetItemString(d, n->keys[i], v))
				Py_CLEAR(d);
			Py_XDECREF(v);
		}
		return d;
	}
	default:
		return Py_NewRef(Py_None);
	}
}

/* Returns a heap scenario or NULL with an exception set. */
static struct rx_scenario *scenario_from_dict(PyObject *module, PyObject *d)
{
	struct rx_scenario *sc = malloc(sizeof(*sc));
	struct rx_errors *es = calloc(1, sizeof(*es));
	struct rx_arena a = { 0 };
	struct rx_node *root = sc && es ? to_node(&a, d, 0) : NULL;
	int rc = root ? rx_scenario_from_tree(root, sc, es) : -1;
	rx_arena_free(&a);
	if (rc == 0) {
		free(es);
		return sc;
	}
	if (!root)
		PyErr_NoMemory();
	else
		raise_errors(module, es);
	free(sc);
	free(es);
	return NULL;
}

/* ------------------------------------------------------------------ Result */
typedef struct {
	PyObject_HEAD struct rx_result res;
	int64_t n_flows;
	int64_t exports; /* live buffer views */
} ResultObject;

typedef struct {
	PyObject_HEAD PyObject *owner; /* the Result */
	void *ptr;
	Py_ssize_t len; /* items */
	Py_ssize_t itemsize;
	const char *format;
} ColumnObject;

static void Result_dealloc(ResultObject *self)
{
	PyTypeObject *tp = Py_TYPE(self);
	rx_result_free(&self->res);
	tp->tp_free((PyObject *)self);
	Py_DECREF(tp);
}

/* a dict of the described fields of one record (flow metrics or a recovery
 * episode): the catalogue's metrics or episode_metrics, in their order */
static PyObject *desc_dict(const void *base, const struct rx_metric_desc *md, size_t nm, bool completed)
{
	PyObject *d = PyDict_New();
	if (!d)
		return NULL;
	for (size_t k = 0; k < nm; k++) {
		const char *at = (const char *)base + md[k].offset;
		PyObject *v;
		if (md[k].null_unless_completed && !completed) {
			v = Py_NewRef(Py_None);
		} else if (md[k].type == RX_MT_BOOL) {
			bool b;
			memcpy(&b, at, sizeof(b));
			v = PyBool_FromLong(b);
		} else if (md[k].type == RX_MT_INTERVALS) {
			struct rx_intervals iv;
			memcpy(&iv, at, sizeof(iv));
			v = PyList_New(iv.n);
			for (int64_t j = 0; v && j < iv.n; j++) {
				PyObject *pair =
					Py_BuildValue("[LL]", (long long)iv.start_ns[j], (long long)iv.end_ns[j]);
				if (!pair)
					Py_CLEAR(v);
				else
					PyList_SET_ITEM(v, j, pair);
			}
		} else if (md[k].type == RX_MT_FLOAT) {
			double x;
			memcpy(&x, at, sizeof(x));
			v = md[k].null_if_negative && x < 0 ? Py_NewRef(Py_None) : PyFloat_FromDouble(x);
		} else {
			int64_t x;
			memcpy(&x, at, sizeof(x));
			v = md[k].null_if_negative && x < 0 ? Py_NewRef(Py_None) : PyLong_FromLongLong(x);
		}
		if (!v || PyDict_SetItemString(d, md[k].name, v)) {
			Py_XDECREF(v);
			Py_DECREF(d);
			return NULL;
		}
		Py_DECREF(v);
	}
	return d;
}

static long flow_index(ResultObject *self, PyObject *arg)
{
	long i = PyLong_AsLong(arg);
	if (i == -1 && PyErr_Occurred())
		return -1;
	if (i < 0 || i >= self->n_flows) {
		PyErr_SetString(PyExc_IndexError, "flow index out of range");
		return -1;
	}
	return i;
}

static PyObject *Result_metrics(ResultObject *self, PyObject *arg)
{
	long i = flow_index(self, arg);
	if (i < 0)
		return NULL;
	const struct rx_flow_metrics *m = &self->res.flows[i];
	size_t nm;
	const struct rx_metric_desc *md = rx_metrics(&nm);
	PyObject *d = desc_dict(m, md, nm, m->completed);
	if (!d)
		return NULL;
	PyObject *req = PyList_New(m->n_requests);
	if (!req) {
		Py_DECREF(d);
		return NULL;
	}
	for (int64_t j = 0; j < m->n_requests; j++) {
		PyObject *o = m->request_ms[j] >= 0 ? PyFloat_FromDouble(m->request_ms[j]) : Py_NewRef(Py_None);
		PyList_SET_ITEM(req, j, o);
	}
	PyDict_SetItemString(d, "request_ms", req);
	Py_DECREF(req);
	if (PyErr_Occurred()) {
		Py_DECREF(d);
		return NULL;
	}
	return d;
}

/* flow i's fast-recovery episodes: a list of dicts (catalogue episode_metrics) */
static PyObject *Result_episodes(ResultObject *self, PyObject *arg)
{
	long i = flow_index(self, arg);
	if (i < 0)
		return NULL;
	const struct rx_flow_metrics *m = &self->res.flows[i];
	size_t nm;
	const struct rx_metric_desc *md = rx_episode_metrics(&nm);
	PyObject *l = PyList_New(m->n_rec_episodes);
	if (!l)
		return NULL;
	for (int64_t j = 0; j < m->n_rec_episodes; j++) {
		PyObject *d = desc_dict(&m->rec_episodes[j], md, nm, true);
		if (!d) {
			Py_DECREF(l);
			return NULL;
		}
		PyList_SET_ITEM(l, j, d);
	}
	return l;
}

static PyObject *make_column(PyObject *module, ResultObject *owner, void *ptr, size_t n, size_t itemsize,
			     const char *fmt)
{
	modstate *st = get_state(module);
	ColumnObject *c = PyObject_New(ColumnObject, st->ColumnType);
	if (!c)
		return NULL;
	c->owner = Py_NewRef((PyObject *)owner);
	c->ptr = ptr;
	c->len = (Py_ssize_t)n;
	c->itemsize = (Py_ssize_t)itemsize;
	c->format = fmt;
	return (PyObject *)c;
}

static PyObject *Result_columns(ResultObject *self, PyObject *Py_UNUSED(ignored))
{
	PyObject *module = PyType_GetModule(Py_TYPE(self));
	if (!module)
		return NULL;
	const struct rx_trace *t = &self->res.trace;
	struct {
		const char *name;
		void *p;
		size_t sz;
		const char *fmt;
	} cols[] = {
		{ "t_ns", t->t_ns, 8, "q" },
		{ "seq", t->seq, 8, "Q" },
		{ "arg", t->arg, 4, "I" },
		{ "cwnd_bytes", t->cwnd_bytes, 4, "I" },
		{ "ssthresh_bytes", t->ssthresh_bytes, 4, "I" },
		{ "pipe_bytes", t->pipe_bytes, 4, "I" },
		{ "srtt_us", t->srtt_us, 4, "I" },
		{ "rto_us", t->rto_us, 4, "I" },
		{ "flow", t->flow, 2, "H" },
		{ "kind", t->kind, 1, "B" },
		{ "state", t->state, 1, "B" },
		{ "detail", t->detail, 1, "B" },
		{ "cause", t->cause, 1, "B" },
	};
	PyObject *d = PyDict_New();
	if (!d)
		return NULL;
	for (size_t i = 0; i < sizeof(cols) / sizeof(cols[0]); i++) {
		PyObject *c = make_column(module, self, cols[i].p, t->n, cols[i].sz, cols[i].fmt);
		if (!c || PyDict_SetItemString(d, cols[i].name, c)) {
			Py_XDECREF(c);
			Py_DECREF(d);
			return NULL;
		}
		Py_DECREF(c);
	}
	/* the side tables: SACK words, the mechanism variables, and the window
	 * before each spurious verdict's response */
	struct {
		const char *name;
		void *p;
		size_t n, sz;
		const char *fmt;
	} side[] = {
		{ "sack_words", t->sack_words, t->n_sack, 8, "Q" },
		{ "var_t_ns", t->var_t_ns, t->n_vars, 8, "q" },
		{ "var_flow", t->var_flow, t->n_vars, 2, "H" },
		{ "var_id", t->var_id, t->n_vars, 2, "H" },
		{ "var_value", t->var_value, t->n_vars, 8, "q" },
		{ "spurious_words", t->spurious_words, t->n_spurious, 8, "Q" },
	};
	for (size_t i = 0; i < sizeof(side) / sizeof(side[0]); i++) {
		PyObject *c = make_column(module, self, side[i].p, side[i].n, side[i].sz, side[i].fmt);
		if (!c || PyDict_SetItemString(d, side[i].name, c)) {
			Py_XDECREF(c);
			Py_DECREF(d);
			return NULL;
		}
		Py_DECREF(c);
	}
	return d;
}

static PyObject *Result_get_truncated(ResultObject *self, void *c)
{
	return PyBool_FromLong(self->res.truncated);
}
static PyObject *Result_get_reason(ResultObject *self, void *c)
{
	if (!self->res.truncated)
		Py_RETURN_NONE;
	return PyUnicode_FromString(self->res.truncated_reason);
}
static PyObject *Result_get_events(ResultObject *self, void *c)
{
	return PyLong_FromLongLong(self->res.events);
}
static PyObject *Result_get_viol(ResultObject *self, void *c)
{
	return PyLong_FromLongLong(self->res.invariant_violations);
}
static PyObject *Result_get_samples(ResultObject *self, void *c)
{
	return PyLong_FromLongLong(self->res.samples);
}
static PyObject *Result_get_ttrunc(ResultObject *self, void *c)
{
	return PyBool_FromLong(self->res.trace_truncated);
}
static PyObject *Result_get_end(ResultObject *self, void *c)
{
	return PyLong_FromLongLong(self->res.sim_end_ns);
}
static PyObject *Result_get_nflows(ResultObject *self, void *c)
{
	return PyLong_FromLongLong(self->n_flows);
}
static PyObject *Result_get_ntrace(ResultObject *self, void *c)
{
	return PyLong_FromSize_t(self->res.trace.n);
}

static PyMethodDef Result_methods[] = {
	{ "metrics", (PyCFunction)Result_metrics, METH_O, "metrics(i) -> dict of flow i's metrics" },
	{ "episodes", (PyCFunction)Result_episodes, METH_O,
	  "episodes(i) -> flow i's fast-recovery episodes, a dict each (catalogue episode_metrics)" },
	{ "columns", (PyCFunction)Result_columns, METH_NOARGS, "columns() -> dict of zero-copy trace column buffers" },
	{ NULL, NULL, 0, NULL },
};

static PyGetSetDef Result_getset[] = {
	{ "truncated", (getter)Result_get_truncated, NULL, "a budget stopped the run", NULL },
	{ "truncated_reason", (getter)Result_get_reason, NULL, "'max_events' or 'duration_s', or None", NULL },
	{ "events", (getter)Result_get_events, NULL, "discrete events processed", NULL },
	{ "samples", (getter)Result_get_samples, NULL, "state samples taken (trace mode 'sampled')", NULL },
	{ "trace_truncated", (getter)Result_get_ttrunc, NULL, "sampling stopped at the max_events budget", NULL },
	{ "invariant_violations", (getter)Result_get_viol, NULL,
	  "failed internal consistency checks (0 unless the engine has a bug)", NULL },
	{ "sim_end_ns", (getter)Result_get_end, NULL, "simulated time at the end", NULL },
	{ "n_flows", (getter)Result_get_nflows, NULL, "number of flows", NULL },
	{ "n_trace", (getter)Result_get_ntrace, NULL, "number of trace events", NULL },
	{ NULL, NULL, NULL, NULL, NULL },
};

static PyType_Slot Result_slots[] = {
	{ Py_tp_dealloc, Result_dealloc },
	{ Py_tp_methods, Result_methods },
	{ Py_tp_getset, Result_getset },
	{ Py_tp_doc, "The outcome of one simulation run." },
	{ 0, NULL },
};

static PyType_Spec Result_spec = {
	.name = "rexsim._rexsim.Result",
	.basicsize = sizeof(ResultObject),
	.flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_IMMUTABLETYPE | Py_TPFLAGS_DISALLOW_INSTANTIATION,
	.slots = Result_slots,
};

/* ------------------------------------------------------------------ Column (buffer) */
static void Column_dealloc(ColumnObject *self)
{
	PyTypeObject *tp = Py_TYPE(self);
	Py_XDECREF(self->owner);
	PyObject_Free(self);
	Py_DECREF(tp);
}

static int Column_getbuffer(ColumnObject *self, Py_buffer *view, int flags)
{
	static char empty[8];
	void *p = self->ptr ? self->ptr : empty;
	if (PyBuffer_FillInfo(view, (PyObject *)self, p, self->len * self->itemsize, 1, flags))
		return -1;
	view->itemsize = self->itemsize;
	view->format = (flags & PyBUF_FORMAT) ? (char *)self->format : NULL;
	view->ndim = 1;
	view->shape = (flags & PyBUF_ND) ? &self->len : NULL;
	view->strides = (flags & PyBUF_STRIDES) ? &self->itemsize : NULL;
	return 0;
}

static Py_ssize_t Column_len(ColumnObject *self)
{
	return self->len;
}

static PyType_Slot Column_slots[] = {
	{ Py_tp_dealloc, Column_dealloc },
	{ Py_bf_getbuffer, Column_getbuffer },
	{ Py_sq_length, Column_len },
	{ Py_tp_doc, "A read-only trace column; use memoryview() or numpy.frombuffer()." },
	{ 0, NULL },
};

static PyType_Spec Column_spec = {
	.name = "rexsim._rexsim.Column",
	.basicsize = sizeof(ColumnObject),
	.flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_IMMUTABLETYPE | Py_TPFLAGS_DISALLOW_INSTANTIATION,
	.slots = Column_slots,
};

/* ------------------------------------------------------------------ functions */
static PyObject *new_result(PyObject *module, int64_t n_flows)
{
	modstate *st = get_state(module);
	ResultObject *r = (ResultObject *)st->ResultType->tp_alloc(st->ResultType, 0);
	if (r)
		r->n_flows = n_flows;
	return (PyObject *)r;
}

static PyObject *mod_run(PyObject *module, PyObject *args, PyObject *kwargs)
{
	static char *kw[] = { "scenario", "progress", NULL };
	PyObject *scenario, *progress = Py_None;
	if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|O:run", kw, &scenario, &progress))
		return NULL;
	Py_buffer pbuf = { 0 };
	volatile int64_t *pp = NULL;
	if (progress != Py_None) {
		if (PyObject_GetBuffer(progress, &pbuf, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS))
			return NULL;
		if (pbuf.len < 8 || ((uintptr_t)pbuf.buf % 8) != 0) {
			PyBuffer_Release(&pbuf);
			return PyErr_Format(PyExc_ValueError,
					    "progress must be a writable, 8-byte aligned buffer of 8 bytes");
		}
		pp = (volatile int64_t *)pbuf.buf;
	}
	struct rx_scenario *sc = scenario_from_dict(module, scenario);
	ResultObject *r = sc ? (ResultObject *)new_result(module, sc->n_flows) : NULL;
	if (!r) {
		free(sc);
		if (pp)
			PyBuffer_Release(&pbuf);
		return NULL;
	}
	struct rx_error err;
	int rc;
	Py_BEGIN_ALLOW_THREADS rc = rx_run_progress(sc, &r->res, &err, pp);
	Py_END_ALLOW_THREADS free(sc);
	if (pp)
		PyBuffer_Release(&pbuf);
	if (rc) {
		Py_DECREF(r);
		if (strstr(err.msg, "out of memory"))
			return PyErr_Format(PyExc_MemoryError, "%s", err.msg);
		return raise_one(module, &err);
	}
	return (PyObject *)r;
}

static PyObject *mod_run_repeat(PyObject *module, PyObject *args)
{
	PyObject *scenario;
	long long n;
	if (!PyArg_ParseTuple(args, "OL", &scenario, &n))
		return NULL;
	if (n < 1)
		return PyErr_Format(PyExc_ValueError, "n must be at least 1");
	struct rx_scenario *sc = scenario_from_dict(module, scenario);
	if (!sc)
		return NULL;
	ResultObject *r = (ResultObject *)new_result(module, sc->n_flows);
	if (!r) {
		free(sc);
		return NULL;
	}
	struct rx_error err;
	int rc = 0;
	struct timespec a, b;
	Py_BEGIN_ALLOW_THREADS clock_gettime(CLOCK_MONOTONIC, &a);
	for (long long i = 0; i < n && rc == 0; i++) {
		if (i)
			rx_result_free(&r->res);
		rc = rx_run(sc, &r->res, &err);
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	Py_END_ALLOW_THREADS free(sc);
	if (rc) {
		Py_DECREF(r);
		return raise_one(module, &err);
	}
	long long ns = (long long)(b.tv_sec - a.tv_sec) * 1000000000LL + (b.tv_nsec - a.tv_nsec);
	return Py_BuildValue("(LN)", ns, (PyObject *)r);
}

/* ------------------------------------------------------------------ normalize, catalog */
typedef struct rx_node *(*tree_fn)(struct rx_arena *a, const void *arg);

static struct rx_node *scenario_tree(struct rx_arena *a, const void *sc)
{
	return rx_scenario_to_tree(a, sc);
}

static struct rx_node *catalog_tree(struct rx_arena *a, const void *unused)
{
	return rx_catalog_tree(a);
}

static PyObject *tree_to_python(tree_fn fn, const void *arg)
{
	struct rx_arena a = { 0 };
	struct rx_node *root = fn(&a, arg);
	PyObject *o = root ? from_node(root) : PyErr_NoMemory();
	rx_arena_free(&a);
	return o;
}

static PyObject *mod_normalize(PyObject *module, PyObject *scenario)
{
	struct rx_scenario *sc = scenario_from_dict(module, scenario);
	if (!sc)
		return NULL;
	PyObject *d = tree_to_python(scenario_tree, sc);
	free(sc);
	return d;
}

static PyObject *mod_catalog(PyObject *module, PyObject *Py_UNUSED(ignored))
{
	return tree_to_python(catalog_tree, NULL);
}

static PyMethodDef mod_methods[] = {
	{ "run", (PyCFunction)(void (*)(void))mod_run, METH_VARARGS | METH_KEYWORDS,
	  "run(scenario: dict, progress=None) -> Result; progress: a writable 8-byte buffer that receives the "
	  "simulated clock (int64 ns, native order) while the run goes on" },
	{ "run_repeat", (PyCFunction)mod_run_repeat, METH_VARARGS,
	  "run_repeat(scenario, n) -> (elapsed_ns, last Result): parse once, run n times (benchmarks)" },
	{ "catalog", (PyCFunction)mod_catalog, METH_NOARGS, "catalog() -> dict of every parameter and mechanism" },
	{ "normalize", (PyCFunction)mod_normalize, METH_O,
	  "normalize(scenario) -> the validated scenario with every field explicit (defaults filled); raises "
	  "ScenarioError" },
	{ NULL, NULL, 0, NULL },
};

/* ------------------------------------------------------------------ module */
static int mod_exec(PyObject *m)
{
	modstate *st = get_state(m);
	char why[200];
	if (rx_registry_validate(why, sizeof(why))) {
		PyErr_Format(PyExc_ImportError, "rexsim registry is inconsistent: %s", why);
		return -1;
	}
	st->ScenarioError = PyErr_NewExceptionWithDoc(
		"rexsim._rexsim.ScenarioError",
		"An invalid scenario: .path names the field, the message states the limit.", PyExc_ValueError, NULL);
	if (!st->ScenarioError || PyModule_AddObjectRef(m, "ScenarioError", st->ScenarioError))
		return -1;
	st->ResultType = (PyTypeObject *)PyType_FromModuleAndSpec(m, &Result_spec, NULL);
	st->ColumnType = (PyTypeObject *)PyType_FromModuleAndSpec(m, &Column_spec, NULL);
	if (!st->ResultType || !st->ColumnType)
		return -1;
	if (PyModule_AddObjectRef(m, "Result", (PyObject *)st->ResultType) ||
	    PyModule_AddObjectRef(m, "Column", (PyObject *)st->ColumnType))
		return -1;
	return PyModule_AddStringConstant(m, "ENGINE_VERSION", RX_ENGINE_VERSION);
}

static int mod_traverse(PyObject *m, visitproc visit, void *arg)
{
	modstate *st = get_state(m);
	Py_VISIT(st->ScenarioError);
	Py_VISIT(st->ResultType);
	Py_VISIT(st->ColumnType);
	return 0;
}

static int mod_clear(PyObject *m)
{
	modstate *st = get_state(m);
	Py_CLEAR(st->ScenarioError);
	Py_CLEAR(st->ResultType);
	Py_CLEAR(st->ColumnType);
	return 0;
}

static PyModuleDef_Slot mod_slots[] = {
	{ Py_mod_exec, mod_exec },
	{ 0, NULL },
};

static struct PyModuleDef moddef = {
	PyModuleDef_HEAD_INIT,
	.m_name = "rexsim._rexsim",
	.m_doc = "Rexmit's TCP loss-recovery simulation engine (C core).",
	.m_size = sizeof(modstate),
	.m_methods = mod_methods,
	.m_slots = mod_slots,
	.m_traverse = mod_traverse,
	.m_clear = mod_clear,
};

PyMODINIT_FUNC PyInit__rexsim(void)
{
	return PyModuleDef_Init(&moddef);
}
