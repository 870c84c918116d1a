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

#include "rexsim/rexsim.h"
#include "rexsim/params.h"
#include "rexsim/registry.h"
#include "rexsim/ops.h"
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
static PyObject *raise_scenario(PyObject *module, const char *path, const char *msg)
{
	modstate *st = get_state(module);
	PyObject *text = PyUnicode_FromFormat("%s: %s", path && *path ? path : "scenario", msg);
	if (!text)
		return NULL;
	PyObject *exc = PyObject_CallOneArg(st->ScenarioError, text);
	Py_DECREF(text);
	if (!exc)
		return NULL;
	PyObject *p = PyUnicode_FromString(path ? path : "");
	PyObject *m = PyUnicode_FromString(msg);
	if (p && m) {
		PyObject_SetAttrString(exc, "path", p);
		PyObject_SetAttrString(exc, "detail", m);
	}
	Py_XDECREF(p);
	Py_XDECREF(m);
	PyErr_SetObject(st->ScenarioError, exc);
	Py_DECREF(exc);
	return NULL;
}

/* ------------------------------------------------------------------ parsing */
struct pctx {
	PyObject *module;
	char path[200];
};

static int perr(struct pctx *c, const char *key, const char *fmt, ...)
{
	char msg[300], full[260];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(full, sizeof(full), "%s%s%s", c->path, (*c->path && key && *key) ? "." : "", key ? key : "");
	raise_scenario(c->module, full, msg);
	return -1;
}

static const char *type_name(int t)
{
	switch (t) {
	case RX_PT_INT:
		return "an integer";
	case RX_PT_FLOAT:
		return "a number";
	case RX_PT_BOOL:
		return "true or false";
	default:
		return "a string";
	}
}

static int set_value(struct pctx *c, const struct rx_param *p, void *base, PyObject *v)
{
	char *at = (char *)base + p->offset;
	switch (p->type) {
	case RX_PT_INT: {
		if (PyBool_Check(v) || !(PyLong_Check(v) || PyFloat_Check(v)))
			return perr(c, p->key, "must be %s between %.17g and %.17g", type_name(p->type), p->min,
				    p->max);
		int64_t x;
		if (PyFloat_Check(v)) {
			double d = PyFloat_AsDouble(v);
			if (!isfinite(d) || d != floor(d) || d < p->min || d > p->max)
				return perr(c, p->key, "must be an integer between %.17g and %.17g (got %.17g)", p->min,
					    p->max, d);
			x = (int64_t)d;
		} else {
			int overflow = 0;
			long long ll = PyLong_AsLongLongAndOverflow(v, &overflow);
			if (overflow || (ll == -1 && PyErr_Occurred())) {
				PyErr_Clear();
				return perr(c, p->key, "must be between %.17g and %.17g", p->min, p->max);
			}
			x = ll;
		}
		memcpy(at, &x, sizeof(x));
		return 0;
	}
	case RX_PT_FLOAT: {
		if (PyBool_Check(v) || !(PyLong_Check(v) || PyFloat_Check(v)))
			return perr(c, p->key, "must be a number between %.17g and %.17g", p->min, p->max);
		double d = PyFloat_AsDouble(v);
		if (d == -1.0 && PyErr_Occurred()) {
			PyErr_Clear();
			return perr(c, p->key, "must be between %.17g and %.17g", p->min, p->max);
		}
		memcpy(at, &d, sizeof(d));
		return 0;
	}
	case RX_PT_BOOL: {
		if (!PyBool_Check(v))
			return perr(c, p->key, "must be true or false");
		bool b = v == Py_True;
		memcpy(at, &b, sizeof(b));
		return 0;
	}
	default: {
		const char *s = PyUnicode_Check(v) ? PyUnicode_AsUTF8(v) : NULL;
		int64_t idx = s ? rx_param_choice_index(p, s) : -1;
		if (idx < 0) {
			PyErr_Clear();
			char choices[400] = "";
			size_t used = 0;
			for (int i = 0; p->choice(i); i++)
				used += (size_t)snprintf(choices + used,
							 used < sizeof(choices) ? sizeof(choices) - used : 0, "%s'%s'",
							 i ? ", " : "", p->choice(i));
			return perr(c, p->key, "must be one of %s", choices);
		}
		memcpy(at, &idx, sizeof(idx));
		return 0;
	}
	}
}

static bool section_has_prefix(int section, const char *prefix)
{
	size_t n, len = strlen(prefix);
	const struct rx_param *t = rx_params(&n);
	for (size_t i = 0; i < n; i++)
		if (t[i].section == section && strncmp(t[i].key, prefix, len) == 0 && t[i].key[len] == '.')
			return true;
	return false;
}

static const struct rx_param *find_param(int section, const char *key)
{
	size_t n;
	const struct rx_param *t = rx_params(&n);
	for (size_t i = 0; i < n; i++)
		if (t[i].section == section && strcmp(t[i].key, key) == 0)
			return &t[i];
	return NULL;
}

typedef int (*special_fn)(struct pctx *c, void *base, const char *key, PyObject *v, void *arg);

/* Walk dict `d` whose keys extend `kprefix` within `section`; keys the table
 * lacks go to `special` (which returns 1 if it did not know the key). */
static int parse_dict(struct pctx *c, PyObject *d, int section, void *base, const char *kprefix, special_fn special,
		      void *arg)
{
	if (!PyDict_Check(d))
		return perr(c, kprefix, "must be an object");
	PyObject *k, *v;
	Py_ssize_t pos = 0;
	while (PyDict_Next(d, &pos, &k, &v)) {
		if (!PyUnicode_Check(k))
			return perr(c, kprefix, "keys must be strings");
		const char *ks = PyUnicode_AsUTF8(k);
		if (!ks)
			return -1;
		char key[160];
		snprintf(key, sizeof(key), "%s%s%s", kprefix, *kprefix ? "." : "", ks);
		const struct rx_param *p = find_param(section, key);
		if (p) {
			if (set_value(c, p, base, v))
				return -1;
			continue;
		}
		if (section_has_prefix(section, key)) {
			if (!PyDict_Check(v))
				return perr(c, key, "must be an object");
			if (parse_dict(c, v, section, base, key, special, arg))
				return -1;
			continue;
		}
		int r = special ? special(c, base, key, v, arg) : 1;
		if (r < 0)
			return -1;
		if (r == 1)
			return perr(c, key, "is not a known field (see `python -m rexsim catalog`)");
	}
	return 0;
}

static int push_path(struct pctx *c, const char *fmt, ...)
{
	size_t len = strlen(c->path);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(c->path + len, sizeof(c->path) - len, fmt, ap);
	va_end(ap);
	return (int)len;
}

static int special_rule(struct pctx *c, void *base, const char *key, PyObject *v, void *arg)
{
	return 1;
}

static int special_loss(struct pctx *c, void *base, const char *key, PyObject *v, void *arg)
{
	struct rx_loss_cfg *l = base;
	if (strcmp(key, RX_KEY_RULES) != 0)
		return 1;
	if (!PyList_Check(v))
		return perr(c, key, "must be a list");
	Py_ssize_t n = PyList_GET_SIZE(v);
	if (n > RX_MAX_POS_RULES)
		return perr(c, key, "at most %d rules (got %zd)", RX_MAX_POS_RULES, n);
	for (Py_ssize_t i = 0; i < n; i++) {
		rx_pos_rule_init(&l->rules[i]);
		int saved = push_path(c, ".rules[%zd]", i);
		int r = parse_dict(c, PyList_GET_ITEM(v, i), RX_SEC_RULE, &l->rules[i], "", special_rule, NULL);
		c->path[saved] = 0;
		if (r)
			return -1;
	}
	l->n_rules = n;
	return 0;
}

static int special_dir(struct pctx *c, void *base, const char *key, PyObject *v, void *arg)
{
	struct rx_dir_cfg *d = base;
	if (strcmp(key, "loss") != 0)
		return 1;
	int saved = push_path(c, ".loss");
	int r = parse_dict(c, v, RX_SEC_LOSS, &d->loss, "", special_loss, NULL);
	c->path[saved] = 0;
	return r;
}

/* tcp.<family>_params values, applied once the flow's choices are known */
struct member_params {
	PyObject *v[RX_FLOW_FAMILIES];
};

static int special_flow(struct pctx *c, void *base, const char *key, PyObject *v, void *arg)
{
	struct rx_flow_cfg *f = base;
	for (int fam = 0; fam < RX_FLOW_FAMILIES; fam++) {
		char k[64];
		snprintf(k, sizeof(k), "tcp.%s_params", rx_family_at(fam)->name);
		if (strcmp(key, k) == 0) {
			((struct member_params *)arg)->v[fam] = v;
			return 0;
		}
	}
	if (strcmp(key, RX_KEY_SIZES) != 0)
		return 1;
	if (!PyList_Check(v))
		return perr(c, key, "must be a list of object sizes in bytes");
	Py_ssize_t n = PyList_GET_SIZE(v);
	if (n < 1 || n > RX_MAX_REQUESTS)
		return perr(c, key, "must hold between 1 and %d sizes (got %zd)", RX_MAX_REQUESTS, n);
	for (Py_ssize_t i = 0; i < n; i++) {
		PyObject *it = PyList_GET_ITEM(v, i);
		int overflow = 0;
		long long x = PyLong_Check(it) && !PyBool_Check(it) ? PyLong_AsLongLongAndOverflow(it, &overflow) : -1;
		if (overflow || x < 1 || x > 1000000000) {
			PyErr_Clear();
			return perr(c, key, "item %zd must be an integer between 1 and 1000000000 bytes", i);
		}
		f->app_sizes[i] = x;
	}
	f->app_n_sizes = n;
	return 0;
}

/* tcp.<family>_params = {member: {key: value}}: the chosen member's values
 * go into its block; another member's are checked (and then unused) */
static int apply_member_params(struct pctx *c, struct rx_flow_cfg *f, const struct member_params *mp)
{
	for (int fam = 0; fam < RX_FLOW_FAMILIES; fam++) {
		rx_flow_select(f, fam, (int)*rx_flow_choice(f, fam));
		PyObject *v = mp->v[fam];
		if (!v)
			continue;
		const char *fname = rx_family_at(fam)->name;
		char key[64];
		snprintf(key, sizeof(key), "tcp.%s_params", fname);
		if (!PyDict_Check(v))
			return perr(c, key, "must be an object {member: {parameter: value}}");
		PyObject *mk, *mv;
		Py_ssize_t pos = 0;
		while (PyDict_Next(v, &pos, &mk, &mv)) {
			const char *mname = PyUnicode_Check(mk) ? PyUnicode_AsUTF8(mk) : NULL;
			int m = mname ? rx_member_index(fam, mname) : -1;
			if (m < 0) {
				PyErr_Clear();
				return perr(c, key, "names an unknown %s member '%s'", fname, mname ? mname : "?");
			}
			if (!PyDict_Check(mv))
				return perr(c, key, "'%s' must be an object of parameters", mname);
			size_t n;
			const struct rx_param *rows = rx_member_params(fam, m, &n, NULL);
			_Alignas(8) unsigned char scratch[RX_MECH_CFG_SIZE];
			void *block = f->mech_cfg[fam];
			if (m != (int)*rx_flow_choice(f, fam)) {
				memset(scratch, 0, sizeof(scratch)); /* checked only */
				block = scratch;
			}
			int saved = push_path(c, ".%s.%s", key, mname);
			PyObject *pk, *pv;
			Py_ssize_t ppos = 0;
			while (PyDict_Next(mv, &ppos, &pk, &pv)) {
				const char *ks = PyUnicode_Check(pk) ? PyUnicode_AsUTF8(pk) : NULL;
				const struct rx_param *row = NULL;
				for (size_t r = 0; ks && r < n; r++)
					if (strcmp(rows[r].key, ks) == 0)
						row = &rows[r];
				if (!row) {
					PyErr_Clear();
					int rc = perr(c, ks ? ks : "?",
						      "is not a parameter of %s '%s' (see `python -m rexsim catalog`)",
						      fname, mname);
					c->path[saved] = 0;
					return rc;
				}
				if (set_value(c, row, block, pv)) {
					c->path[saved] = 0;
					return -1;
				}
			}
			c->path[saved] = 0;
		}
	}
	return 0;
}

static int special_scenario(struct pctx *c, void *base, const char *key, PyObject *v, void *arg)
{
	struct rx_scenario *sc = base;
	if (strcmp(key, "path") == 0) {
		if (!PyDict_Check(v))
			return perr(c, key, "must be an object with 'forward' and/or 'reverse'");
		PyObject *k, *dv;
		Py_ssize_t pos = 0;
		while (PyDict_Next(v, &pos, &k, &dv)) {
			const char *ks = PyUnicode_Check(k) ? PyUnicode_AsUTF8(k) : NULL;
			struct rx_dir_cfg *d = NULL;
			if (ks && strcmp(ks, "forward") == 0)
				d = &sc->fwd;
			else if (ks && strcmp(ks, "reverse") == 0)
				d = &sc->rev;
			if (!d) {
				PyErr_Clear();
				return perr(c, "path", "has an unknown key '%s' (expected 'forward' or 'reverse')",
					    ks ? ks : "?");
			}
			int saved = push_path(c, "path.%s", ks);
			int r = parse_dict(c, dv, RX_SEC_DIR, d, "", special_dir, NULL);
			c->path[saved] = 0;
			if (r)
				return -1;
		}
		return 0;
	}
	if (strcmp(key, RX_KEY_FLOWS) == 0) {
		if (!PyList_Check(v))
			return perr(c, key, "must be a list of flows");
		Py_ssize_t n = PyList_GET_SIZE(v);
		if (n < 1 || n > RX_MAX_FLOWS)
			return perr(c, key, "must hold between 1 and %d flows (got %zd)", RX_MAX_FLOWS, n);
		for (Py_ssize_t i = 0; i < n; i++) {
			rx_flow_init(&sc->flows[i]);
			int saved = push_path(c, "flows[%zd]", i);
			struct member_params mp = { { NULL } };
			int r = parse_dict(c, PyList_GET_ITEM(v, i), RX_SEC_FLOW, &sc->flows[i], "", special_flow, &mp);
			if (!r)
				r = apply_member_params(c, &sc->flows[i], &mp);
			c->path[saved] = 0;
			if (r)
				return -1;
		}
		sc->n_flows = n;
		return 0;
	}
	return 1;
}

/* Returns a heap scenario or NULL with an exception set. */
static struct rx_scenario *scenario_from_dict(PyObject *module, PyObject *d)
{
	struct rx_scenario *sc = malloc(sizeof(*sc));
	if (!sc)
		return (struct rx_scenario *)PyErr_NoMemory();
	rx_scenario_init(sc);
	struct pctx c = { .module = module };
	if (!PyDict_Check(d)) {
		free(sc);
		raise_scenario(module, "scenario", "must be an object (dict)");
		return NULL;
	}
	if (parse_dict(&c, d, RX_SEC_SCENARIO, sc, "", special_scenario, NULL)) {
		free(sc);
		return NULL;
	}
	struct rx_error err;
	if (rx_scenario_validate(sc, &err)) {
		free(sc);
		raise_scenario(module, err.path, err.msg);
		return NULL;
	}
	return sc;
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

static PyObject *Result_metrics(ResultObject *self, PyObject *arg)
{
	long i = PyLong_AsLong(arg);
	if (i == -1 && PyErr_Occurred())
		return NULL;
	if (i < 0 || i >= self->n_flows) {
		PyErr_SetString(PyExc_IndexError, "flow index out of range");
		return NULL;
	}
	const struct rx_flow_metrics *m = &self->res.flows[i];
	PyObject *d = PyDict_New();
	if (!d)
		return NULL;
	size_t nm;
	const struct rx_metric_desc *md = rx_metrics(&nm);
	for (size_t k = 0; k < nm; k++) {
		const char *at = (const char *)m + md[k].offset;
		PyObject *v;
		if (md[k].null_unless_completed && !m->completed) {
			v = Py_NewRef(Py_None);
		} else if (md[k].type == RX_MT_BOOL) {
			bool b;
			memcpy(&b, at, sizeof(b));
			v = PyBool_FromLong(b);
		} else if (md[k].type == RX_MT_FLOAT) {
			double x;
			memcpy(&x, at, sizeof(x));
			v = PyFloat_FromDouble(x);
		} else {
			int64_t x;
			memcpy(&x, at, sizeof(x));
			v = PyLong_FromLongLong(x);
		}
		if (!v || PyDict_SetItemString(d, md[k].name, v)) {
			Py_XDECREF(v);
			Py_DECREF(d);
			return NULL;
		}
		Py_DECREF(v);
	}
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
	/* the side tables: SACK words, and the mechanism variables */
	struct {
		const char *name;
		void *p;
		size_t n, sz;
		const char *fmt;
	} side[] = {
		{ "sack_words", t->sack_words, t->n_sack, 8, "Q" }, { "var_t_ns", t->var_t_ns, t->n_vars, 8, "q" },
		{ "var_flow", t->var_flow, t->n_vars, 2, "H" },     { "var_id", t->var_id, t->n_vars, 2, "H" },
		{ "var_value", t->var_value, t->n_vars, 8, "q" },
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
		return raise_scenario(module, err.path, err.msg);
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
		return raise_scenario(module, err.path, err.msg);
	}
	long long ns = (long long)(b.tv_sec - a.tv_sec) * 1000000000LL + (b.tv_nsec - a.tv_nsec);
	return Py_BuildValue("(LN)", ns, (PyObject *)r);
}

/* ------------------------------------------------------------------ normalize */
static PyObject *value_of(const struct rx_param *p, const void *base)
{
	const char *at = (const char *)base + p->offset;
	switch (p->type) {
	case RX_PT_INT: {
		int64_t v;
		memcpy(&v, at, 8);
		return PyLong_FromLongLong(v);
	}
	case RX_PT_FLOAT: {
		double v;
		memcpy(&v, at, 8);
		return PyFloat_FromDouble(v);
	}
	case RX_PT_BOOL: {
		bool v;
		memcpy(&v, at, sizeof(v));
		return PyBool_FromLong(v);
	}
	default: {
		int64_t v;
		memcpy(&v, at, 8);
		return PyUnicode_FromString(p->choice((int)v));
	}
	}
}

/* Set d[a][b][c] = v for key "a.b.c". */
static int nested_set(PyObject *d, const char *key, PyObject *v)
{
	char buf[160];
	snprintf(buf, sizeof(buf), "%s", key);
	char *part = buf, *dot;
	PyObject *cur = d;
	while ((dot = strchr(part, '.'))) {
		*dot = 0;
		PyObject *child = PyDict_GetItemString(cur, part);
		if (!child) {
			child = PyDict_New();
			if (!child || PyDict_SetItemString(cur, part, child)) {
				Py_XDECREF(child);
				return -1;
			}
			Py_DECREF(child);
		}
		cur = child;
		part = dot + 1;
	}
	return PyDict_SetItemString(cur, part, v);
}

static PyObject *rows_dict(const struct rx_param *t, size_t n, int section, const void *base)
{
	PyObject *d = PyDict_New();
	for (size_t i = 0; d && i < n; i++) {
		if (section >= 0 && t[i].section != section)
			continue;
		PyObject *v = value_of(&t[i], base);
		if (!v || nested_set(d, t[i].key, v)) {
			Py_XDECREF(v);
			Py_CLEAR(d);
			break;
		}
		Py_DECREF(v);
	}
	return d;
}

static PyObject *section_dict(int section, const void *base)
{
	size_t n;
	const struct rx_param *t = rx_params(&n);
	return rows_dict(t, n, section, base);
}

/* tcp.<family>_params.<member> for each chosen member that has parameters */
static int member_dicts(PyObject *fd, const struct rx_flow_cfg *f)
{
	for (int fam = 0; fam < RX_FLOW_FAMILIES; fam++) {
		int m = (int)*rx_flow_choice((struct rx_flow_cfg *)f, fam);
		size_t n;
		const struct rx_param *rows = rx_member_params(fam, m, &n, NULL);
		if (!n)
			continue;
		char key[128];
		snprintf(key, sizeof(key), "tcp.%s_params.%s", rx_family_at(fam)->name, rx_member_name(fam, m));
		PyObject *md = rows_dict(rows, n, -1, f->mech_cfg[fam]);
		int r = md ? nested_set(fd, key, md) : -1;
		Py_XDECREF(md);
		if (r)
			return -1;
	}
	return 0;
}

static PyObject *dir_dict(const struct rx_dir_cfg *dc)
{
	PyObject *d = section_dict(RX_SEC_DIR, dc);
	PyObject *loss = section_dict(RX_SEC_LOSS, &dc->loss);
	PyObject *rules = PyList_New(0);
	for (int64_t i = 0; rules && i < dc->loss.n_rules; i++) {
		PyObject *r = section_dict(RX_SEC_RULE, &dc->loss.rules[i]);
		if (!r || PyList_Append(rules, r)) {
			Py_XDECREF(r);
			Py_CLEAR(rules);
		} else {
			Py_DECREF(r);
		}
	}
	if (!d || !loss || !rules || PyDict_SetItemString(loss, "rules", rules) ||
	    PyDict_SetItemString(d, "loss", loss)) {
		Py_XDECREF(d);
		d = NULL;
	}
	Py_XDECREF(loss);
	Py_XDECREF(rules);
	return d;
}

static PyObject *scenario_to_dict(const struct rx_scenario *sc)
{
	PyObject *d = section_dict(RX_SEC_SCENARIO, sc);
	PyObject *fwd = dir_dict(&sc->fwd), *rev = dir_dict(&sc->rev);
	PyObject *path = (fwd && rev) ? Py_BuildValue("{s:O,s:O}", "forward", fwd, "reverse", rev) : NULL;
	PyObject *flows = PyList_New(0);
	for (int64_t i = 0; flows && i < sc->n_flows; i++) {
		const struct rx_flow_cfg *f = &sc->flows[i];
		PyObject *fd = section_dict(RX_SEC_FLOW, f);
		if (fd && member_dicts(fd, f))
			Py_CLEAR(fd);
		if (fd && f->app_n_sizes > 0) {
			PyObject *sizes = PyList_New(f->app_n_sizes);
			for (int64_t j = 0; sizes && j < f->app_n_sizes; j++)
				PyList_SET_ITEM(sizes, j, PyLong_FromLongLong(f->app_sizes[j]));
			if (!sizes || nested_set(fd, RX_KEY_SIZES, sizes))
				Py_CLEAR(fd);
			Py_XDECREF(sizes);
		}
		if (!fd || PyList_Append(flows, fd))
			Py_CLEAR(flows);
		Py_XDECREF(fd);
	}
	if (!d || !path || !flows || PyDict_SetItemString(d, "path", path) || PyDict_SetItemString(d, "flows", flows))
		Py_CLEAR(d);
	Py_XDECREF(fwd);
	Py_XDECREF(rev);
	Py_XDECREF(path);
	Py_XDECREF(flows);
	return d;
}

static PyObject *mod_normalize(PyObject *module, PyObject *scenario)
{
	struct rx_scenario *sc = scenario_from_dict(module, scenario);
	if (!sc)
		return NULL;
	PyObject *d = scenario_to_dict(sc);
	free(sc);
	return d;
}

static const char *section_prefix(int s)
{
	switch (s) {
	case RX_SEC_SCENARIO:
		return "";
	case RX_SEC_DIR:
		return "path.{forward,reverse}.";
	case RX_SEC_LOSS:
		return "path.{forward,reverse}.loss.";
	case RX_SEC_RULE:
		return "path.{forward,reverse}.loss.rules[].";
	default:
		return "flows[].";
	}
}

static const char *section_name(int s)
{
	static const char *n[] = { "scenario", "direction", "loss", "rule", "flow" };
	return s >= 0 && s < RX_SEC__COUNT ? n[s] : "?";
}

static PyObject *name_list(const char *(*fn)(int));

/* a member's own parameters for the catalogue: key, path, type, unit,
 * default, range, choices, doc */
static PyObject *member_param_list(int fam, int m)
{
	static const char *tn[] = { "int", "float", "bool", "enum" };
	size_t n;
	const struct rx_param *rows = rx_member_params(fam, m, &n, NULL);
	PyObject *l = PyList_New(0);
	for (size_t k = 0; l && k < n; k++) {
		const struct rx_param *p = &rows[k];
		PyObject *choices = p->type == RX_PT_ENUM ? name_list(p->choice) : Py_NewRef(Py_None);
		PyObject *def = p->type == RX_PT_ENUM ? PyUnicode_FromString(p->choice((int)p->def))
			: p->type == RX_PT_BOOL       ? PyBool_FromLong(p->def != 0)
			: p->type == RX_PT_FLOAT      ? PyFloat_FromDouble(p->def)
						      : PyLong_FromLongLong((long long)p->def);
		PyObject *path = PyUnicode_FromFormat("flows[].tcp.%s_params.%s.%s", rx_family_at(fam)->name,
						      rx_member_name(fam, m), p->key);
		PyObject *d = (choices && def && path)
			? Py_BuildValue("{s:s,s:O,s:s,s:s,s:O,s:d,s:d,s:O,s:s}", "key", p->key, "path", path, "type",
					tn[p->type], "unit", p->unit, "default", def, "min", p->min, "max", p->max,
					"choices", choices, "doc", p->doc)
			: NULL;
		Py_XDECREF(choices);
		Py_XDECREF(def);
		Py_XDECREF(path);
		if (!d || PyList_Append(l, d))
			Py_CLEAR(l);
		Py_XDECREF(d);
	}
	return l;
}

/* {family: [{name, label, doc, params}]} for the families a flow picks a member of
 * (spurious detectors included), and [{name, key, doc}] for every family */
static PyObject *mechanisms(PyObject **families_out)
{
	PyObject *d = PyDict_New(), *fams = PyList_New(0);
	for (int fi = 0; d && fams && fi < RX_FAM__COUNT; fi++) {
		const struct rx_family *f = rx_family_at(fi);
		PyObject *l = PyList_New(0);
		for (int i = 0; l && i < f->n_members; i++) {
			PyObject *m = Py_BuildValue("{s:s,s:s,s:s,s:N}", "name", rx_member_name(fi, i), "label",
						    rx_member_label(fi, i), "doc", rx_member_doc(fi, i), "params",
						    member_param_list(fi, i));
			if (!m || PyList_Append(l, m))
				Py_CLEAR(l);
			Py_XDECREF(m);
		}
		PyObject *fd = l ? Py_BuildValue("{s:s,s:z,s:s,s:O}", "name", f->name, "key", f->key, "doc", f->doc,
						 "members", l)
				 : NULL;
		bool ok =
			fd && !PyList_Append(fams, fd) && (fi == RX_FAM_STAGE || !PyDict_SetItemString(d, f->name, l));
		Py_XDECREF(fd);
		Py_XDECREF(l);
		if (!ok) {
			Py_CLEAR(d);
			Py_CLEAR(fams);
		}
	}
	if (!d || !fams) {
		Py_XDECREF(d);
		Py_XDECREF(fams);
		return NULL;
	}
	*families_out = fams;
	return d;
}

static PyObject *name_list(const char *(*fn)(int))
{
	PyObject *l = PyList_New(0);
	for (int i = 0; l && fn(i); i++) {
		PyObject *s = PyUnicode_FromString(fn(i));
		if (!s || PyList_Append(l, s)) {
			Py_XDECREF(s);
			Py_DECREF(l);
			return NULL;
		}
		Py_DECREF(s);
	}
	return l;
}

static PyObject *param_default(const struct rx_param *p, const struct rx_scenario *sc, const struct rx_pos_rule *rule)
{
	const char *base;
	switch (p->section) {
	case RX_SEC_SCENARIO:
		base = (const char *)sc;
		break;
	case RX_SEC_DIR:
		base = (const char *)&sc->fwd;
		break;
	case RX_SEC_LOSS:
		base = (const char *)&sc->fwd.loss;
		break;
	case RX_SEC_RULE:
		base = (const char *)rule;
		break;
	default:
		base = (const char *)&sc->flows[0];
		break;
	}
	return value_of(p, base);
}

/* "family:a,b" -> {"family": "family", "members": ["a", "b"]}; None for NULL */
static PyObject *applies_to_dict(const char *spec)
{
	if (!spec)
		return Py_NewRef(Py_None);
	const char *colon = strchr(spec, ':');
	PyObject *fam = PyUnicode_FromStringAndSize(spec, colon ? colon - spec : 0);
	PyObject *members = PyList_New(0);
	for (const char *m = colon ? colon + 1 : spec; fam && members && *m;) {
		const char *end = strchr(m, ',');
		size_t len = end ? (size_t)(end - m) : strlen(m);
		PyObject *item = PyUnicode_FromStringAndSize(m, (Py_ssize_t)len);
		if (!item || PyList_Append(members, item))
			Py_CLEAR(members);
		Py_XDECREF(item);
		m += len + (end ? 1 : 0);
	}
	PyObject *d = fam && members ? Py_BuildValue("{s:O,s:O}", "family", fam, "members", members) : NULL;
	Py_XDECREF(fam);
	Py_XDECREF(members);
	return d;
}

/* {"events": [{id, name, label, doc, rare}], "timer_formulas": [... text], ...} */
static PyObject *vocab_dict(void)
{
	PyObject *d = PyDict_New();
	for (int v = 0; d && v < RX_VOCAB__COUNT; v++) {
		size_t n;
		const struct rx_vocab_entry *t = rx_vocab(v, &n);
		PyObject *l = PyList_New(0);
		for (size_t i = 0; l && i < n; i++) {
			PyObject *e = Py_BuildValue("{s:n,s:s,s:s,s:s,s:z,s:O}", "id", (Py_ssize_t)i, "name", t[i].name,
						    "label", t[i].label, "doc", t[i].doc, "text", t[i].text, "rare",
						    t[i].rare ? Py_True : Py_False);
			if (!e || PyList_Append(l, e))
				Py_CLEAR(l);
			Py_XDECREF(e);
		}
		if (!l || PyDict_SetItemString(d, rx_vocab_name(v), l))
			Py_CLEAR(d);
		Py_XDECREF(l);
	}
	return d;
}

/* [{name, label, unit, doc, type, higher_is_better}] in the order of the metrics dict */
static PyObject *metrics_list(void)
{
	static const char *tn[] = { "int", "float", "bool" };
	size_t n;
	const struct rx_metric_desc *m = rx_metrics(&n);
	PyObject *l = PyList_New(0);
	for (size_t i = 0; l && i < n; i++) {
		PyObject *hib = m[i].higher_is_better < 0 ? Py_None : m[i].higher_is_better ? Py_True : Py_False;
		PyObject *e =
			Py_BuildValue("{s:s,s:s,s:s,s:s,s:s,s:O,s:O}", "name", m[i].name, "label", m[i].label, "unit",
				      m[i].unit, "doc", m[i].doc, "type", tn[m[i].type], "higher_is_better", hib,
				      "nullable", m[i].null_unless_completed ? Py_True : Py_False);
		if (!e || PyList_Append(l, e))
			Py_CLEAR(l);
		Py_XDECREF(e);
	}
	return l;
}

/* [{id, family, member, name, label, unit, doc}]: the trace's var ids */
static PyObject *vars_list(void)
{
	PyObject *l = PyList_New(0);
	for (int id = 0; l; id++) {
		int fam, member, k;
		if (rx_var_lookup(id, &fam, &member, &k))
			break;
		size_t n;
		const struct rx_var_desc *v = rx_member_vars(fam, member, &n);
		PyObject *e = Py_BuildValue("{s:i,s:s,s:s,s:s,s:s,s:s,s:s}", "id", id, "family",
					    rx_family_at(fam)->name, "member", rx_member_name(fam, member), "name",
					    v[k].name, "label", v[k].label, "unit", v[k].unit, "doc", v[k].doc);
		if (!e || PyList_Append(l, e))
			Py_CLEAR(l);
		Py_XDECREF(e);
	}
	return l;
}

static PyObject *mod_catalog(PyObject *module, PyObject *Py_UNUSED(ignored))
{
	struct rx_scenario *sc = malloc(sizeof(*sc));
	if (!sc)
		return PyErr_NoMemory();
	rx_scenario_init(sc);
	struct rx_pos_rule rule;
	rx_pos_rule_init(&rule);
	size_t n;
	const struct rx_param *t = rx_params(&n);
	PyObject *params = PyList_New(0);
	for (size_t i = 0; params && i < n; i++) {
		const struct rx_param *p = &t[i];
		static const char *tn[] = { "int", "float", "bool", "enum" };
		PyObject *choices = p->type == RX_PT_ENUM ? name_list(p->choice) : Py_NewRef(Py_None);
		double pmin = p->min, pmax = p->max;
		if (p->type == RX_PT_ENUM && choices) {
			pmin = 0;
			pmax = (double)PyList_GET_SIZE(choices) - 1;
		}
		PyObject *def = param_default(p, sc, &rule);
		PyObject *path = PyUnicode_FromFormat("%s%s", section_prefix(p->section), p->key);
		PyObject *d = (choices && def && path)
			? Py_BuildValue("{s:s,s:s,s:O,s:s,s:s,s:O,s:d,s:d,s:O,s:s,s:N}", "section",
					section_name(p->section), "key", p->key, "path", path, "type", tn[p->type],
					"unit", p->unit, "default", def, "min", pmin, "max", pmax, "choices", choices,
					"doc", p->doc, "applies_to", applies_to_dict(rx_param_applies_to(p)))
			: NULL;
		Py_XDECREF(choices);
		Py_XDECREF(def);
		Py_XDECREF(path);
		if (!d || PyList_Append(params, d)) {
			Py_XDECREF(d);
			Py_CLEAR(params);
			break;
		}
		Py_DECREF(d);
	}
	free(sc);
	if (!params)
		return NULL;
	PyObject *families = NULL;
	PyObject *mech = mechanisms(&families);
	PyObject *vocab = mech ? vocab_dict() : NULL;
	PyObject *metrics = vocab ? metrics_list() : NULL;
	PyObject *vars = metrics ? vars_list() : NULL;
	if (mech && !vars) {
		Py_XDECREF(vocab);
		Py_XDECREF(metrics);
		Py_DECREF(mech);
		Py_DECREF(families);
		mech = NULL;
	}
	if (!mech) {
		Py_DECREF(params);
		return NULL;
	}
	PyObject *limits = Py_BuildValue("{s:i,s:i,s:i,s:i}", "max_flows", RX_MAX_FLOWS, "max_rules", RX_MAX_POS_RULES,
					 "max_requests", RX_MAX_REQUESTS, "max_sack_blocks", RX_MAX_SACK_BLOCKS);
	return Py_BuildValue("{s:s,s:i,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N}", "engine_version",
			     RX_ENGINE_VERSION, "ops_abi", RX_OPS_ABI, "parameters", params, "mechanisms", mech,
			     "families", families, "vocab", vocab, "metrics", metrics, "vars", vars, "events",
			     name_list(rx_event_kind_name), "timer_kinds", name_list(rx_timer_kind_name),
			     "timer_formulas", name_list(rx_timer_formula_name), "states", name_list(rx_ca_state_name),
			     "drop_reasons", name_list(rx_drop_reason_name), "limits", limits);
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
