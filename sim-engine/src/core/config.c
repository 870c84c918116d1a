/* config.c — the scenario tree walk: a tree (tree.h) into a struct
 * rx_scenario, and back.
 *
 * Nothing here knows a key: the parameter table's rows (params.h) say which
 * keys a section has, dotted keys ("tcp.mss") nest, container rows say where
 * a nested section or a list of sections lives, and a member row ("tcp.cc")
 * brings `<key>_params` = {member: {parameter: value}} with it.  Errors are
 * collected, not thrown: one pass reports everything wrong with a request.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rexsim/config.h"
#include "rexsim/params.h"
#include "rexsim/registry.h"

#define PARAMS_SUFFIX "_params"

struct walk {
	struct rx_errors *es;
	char path[RX_PATH_LEN]; /* of the section being walked */
};

__attribute__((format(printf, 3, 4))) static void perr(struct walk *w, const char *key, const char *fmt, ...)
{
	char path[RX_PATH_LEN], msg[sizeof(((struct rx_error *)0)->msg)];
	rx_path_join(path, sizeof(path), w->path, key);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	rx_errors_add(w->es, *path ? path : "scenario", "%s", msg);
}

/* append ".key" (or "key" at the top), return the old length to restore */
__attribute__((format(printf, 2, 3))) static size_t push(struct walk *w, const char *fmt, ...)
{
	size_t len = strlen(w->path);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(w->path + len, sizeof(w->path) - len, fmt, ap);
	va_end(ap);
	return len;
}

static const char *dot(const struct walk *w)
{
	return *w->path ? "." : "";
}

static bool is_value(int type)
{
	return type <= RX_PT_SET;
}

/* ---- rows */
static const struct rx_param *find_row(const struct rx_param *rows, size_t n, int section, const char *key)
{
	for (size_t i = 0; i < n; i++)
		if ((section < 0 || rows[i].section == section) && strcmp(rows[i].key, key) == 0)
			return &rows[i];
	return NULL;
}

static const struct rx_param *section_find(int section, const char *key)
{
	size_t n;
	const struct rx_param *rows = rx_params(&n);
	return find_row(rows, n, section, key);
}

/* the member row whose `<key>_params` this is */
static const struct rx_param *member_row_of(int section, const char *key)
{
	const struct rx_param *p;
	size_t klen = strlen(key), slen = strlen(PARAMS_SUFFIX);
	for (size_t i = 0; (p = rx_section_row(section, i)); i++)
		if (p->type == RX_PT_MEMBER && klen == strlen(p->key) + slen &&
		    strncmp(key, p->key, klen - slen) == 0 && strcmp(key + klen - slen, PARAMS_SUFFIX) == 0)
			return p;
	return NULL;
}

/* does some row of the section sit below `prefix` ("tcp" for "tcp.mss")? */
static bool is_prefix(int section, const char *prefix)
{
	const struct rx_param *p;
	size_t len = strlen(prefix);
	for (size_t i = 0; (p = rx_section_row(section, i)); i++)
		if (strncmp(p->key, prefix, len) == 0 && p->key[len] == '.')
			return true;
	return false;
}

/* the names a dict at `prefix` of the section may hold, for an error message */
static void known_here(int section, const char *prefix, char *out, size_t len)
{
	const struct rx_param *p;
	size_t plen = strlen(prefix), used = 0;
	int count = 0;
	out[0] = 0;
	for (size_t i = 0; (p = rx_section_row(section, i)); i++) {
		if (plen && !(strncmp(p->key, prefix, plen) == 0 && p->key[plen] == '.'))
			continue;
		const char *name = p->key + (plen ? plen + 1 : 0);
		size_t nlen = strcspn(name, ".");
		bool seen = false; /* "tcp.mss", "tcp.iw": name "tcp" once */
		for (size_t k = 0; k < i && !seen; k++) {
			const struct rx_param *q = rx_section_row(section, k);
			seen = strncmp(q->key, p->key, (size_t)(name - p->key) + nlen) == 0 &&
				(q->key[(name - p->key) + (ptrdiff_t)nlen] == 0 ||
				 q->key[(name - p->key) + (ptrdiff_t)nlen] == '.');
		}
		if (seen)
			continue;
		if (++count > 12 || used >= len) {
			snprintf(out, len, "see the catalogue");
			return;
		}
		used += (size_t)snprintf(out + used, used < len ? len - used : 0, "%s%.*s", count > 1 ? ", " : "",
					 (int)nlen, name);
	}
}

/* ---- values */
/* "'a', 'b', 'c'" */
static void choice_list(const struct rx_param *p, char *out, size_t len)
{
	size_t used = 0;
	const char *c;
	out[0] = 0;
	for (int i = 0; (c = rx_param_choice(p, i)) && used < len; i++)
		used += (size_t)snprintf(out + used, len - used, "%s'%s'", i ? ", " : "", c);
}

static void set_value(struct walk *w, const struct rx_param *p, void *base, const struct rx_node *v, const char *key)
{
	char *at = (char *)base + p->offset;
	switch (p->type) {
	case RX_PT_INT: {
		int64_t x;
		if (v->kind == RX_NODE_INT) {
			x = v->v.i; /* range: rx_scenario_check */
		} else if (v->kind == RX_NODE_FLOAT) {
			double d = v->v.f;
			if (!isfinite(d) || d != floor(d) || d < p->min || d > p->max) {
				perr(w, key, "must be an integer between %.17g and %.17g (got %.17g)", p->min, p->max,
				     d);
				return;
			}
			x = (int64_t)d;
		} else {
			perr(w, key, "must be an integer between %.17g and %.17g (got %s)", p->min, p->max,
			     rx_node_kind_name(v));
			return;
		}
		memcpy(at, &x, sizeof(x));
		return;
	}
	case RX_PT_FLOAT: {
		if (v->kind != RX_NODE_INT && v->kind != RX_NODE_FLOAT) {
			perr(w, key, "must be a number between %.17g and %.17g (got %s)", p->min, p->max,
			     rx_node_kind_name(v));
			return;
		}
		double d = v->kind == RX_NODE_INT ? (double)v->v.i : v->v.f;
		memcpy(at, &d, sizeof(d));
		return;
	}
	case RX_PT_BOOL: {
		if (v->kind != RX_NODE_BOOL) {
			perr(w, key, "must be true or false (got %s)", rx_node_kind_name(v));
			return;
		}
		memcpy(at, &v->v.b, sizeof(bool));
		return;
	}
	case RX_PT_SET: {
		uint64_t mask = 0;
		bool ok = v->kind == RX_NODE_LIST;
		for (size_t i = 0; ok && i < v->n; i++) {
			const struct rx_node *it = v->items[i];
			int idx = it->kind == RX_NODE_STR ? rx_param_choice_index(p, it->v.s) : -1;
			if (idx < 0 || idx > 63) {
				ok = false;
			} else if (mask & (UINT64_C(1) << idx)) {
				perr(w, key, "names '%s' twice", it->v.s);
				return;
			} else {
				mask |= UINT64_C(1) << idx;
			}
		}
		if (!ok) {
			char choices[600];
			choice_list(p, choices, sizeof(choices));
			perr(w, key, "must be a list of names from [%s]", choices);
			return;
		}
		memcpy(at, &mask, sizeof(mask)); /* the count: rx_scenario_check */
		return;
	}
	default: { /* RX_PT_ENUM, RX_PT_MEMBER */
		int64_t idx = v->kind == RX_NODE_STR ? rx_param_choice_index(p, v->v.s) : -1;
		if (idx < 0) {
			char choices[600];
			choice_list(p, choices, sizeof(choices));
			perr(w, key, "must be one of %s", choices);
			return;
		}
		memcpy(at, &idx, sizeof(idx));
		return;
	}
	}
}

/* ---- containers */
static void walk_section(struct walk *w, const struct rx_node *d, int section, void *base);

static void walk_list(struct walk *w, const struct rx_param *p, void *base, const struct rx_node *v, const char *key)
{
	if (v->kind != RX_NODE_LIST) {
		perr(w, key, "must be a list (got %s)", rx_node_kind_name(v));
		return;
	}
	if ((int64_t)v->n < p->min_items || (int64_t)v->n > p->max_items) {
		perr(w, key, "must hold between %lld and %lld items (got %zu)", (long long)p->min_items,
		     (long long)p->max_items, v->n);
		return;
	}
	char *items = (char *)base + p->offset;
	for (size_t k = 0; k < v->n; k++) {
		const struct rx_node *it = v->items[k];
		if (p->type == RX_PT_INT_LIST) {
			if (it->kind != RX_NODE_INT || (double)it->v.i < p->min || (double)it->v.i > p->max) {
				perr(w, key, "item %zu must be an integer between %.17g and %.17g %s", k, p->min,
				     p->max, p->unit);
				return;
			}
			memcpy(items + k * sizeof(int64_t), &it->v.i, sizeof(int64_t));
			continue;
		}
		char *item = items + k * p->item_size;
		memset(item, 0, p->item_size);
		rx_section_init(p->sub, item);
		size_t saved = push(w, "%s%s[%zu]", dot(w), key, k);
		walk_section(w, it, p->sub, item);
		w->path[saved] = 0;
	}
	int64_t count = (int64_t)v->n;
	memcpy((char *)base + p->aux_offset, &count, sizeof(count));
}

/* [{kind: member, parameter: value, ...}]: each item names a member of the
 * row's family and gives that member's own parameters (the rest default) */
static void walk_tagged(struct walk *w, const struct rx_param *p, void *base, const struct rx_node *v, const char *key)
{
	if (v->kind != RX_NODE_LIST) {
		perr(w, key, "must be a list (got %s)", rx_node_kind_name(v));
		return;
	}
	if ((int64_t)v->n < p->min_items || (int64_t)v->n > p->max_items) {
		perr(w, key, "must hold between %lld and %lld items (got %zu)", (long long)p->min_items,
		     (long long)p->max_items, v->n);
		return;
	}
	const char *fam = rx_family_at(p->family)->name;
	struct rx_tagged_item *items = (struct rx_tagged_item *)((char *)base + p->offset);
	bool bad = false; /* an item without a kind is reported; the list is then left out */
	for (size_t k = 0; k < v->n; k++) {
		struct rx_tagged_item *it = &items[k];
		memset(it, 0, sizeof(*it));
		size_t saved = push(w, "%s%s[%zu]", dot(w), key, k);
		const struct rx_node *d = v->items[k], *kind = rx_node_get(d, "kind");
		int m = kind && kind->kind == RX_NODE_STR ? rx_member_index(p->family, kind->v.s) : -1;
		bad |= d->kind != RX_NODE_DICT || m < 0;
		if (d->kind != RX_NODE_DICT) {
			perr(w, "", "must be an object {kind: ..., its parameters} (got %s)", rx_node_kind_name(d));
		} else if (m < 0) {
			char choices[600] = "";
			size_t used = 0;
			for (int i = 0; i < rx_member_count(p->family) && used < sizeof(choices); i++)
				used += (size_t)snprintf(choices + used, sizeof(choices) - used, "%s'%s'",
							 i ? ", " : "", rx_member_name(p->family, i));
			perr(w, "kind", "must name a %s: one of %s", fam, choices);
		} else {
			size_t n;
			const struct rx_param *rows = rx_member_params(p->family, m, &n, NULL);
			it->kind = m;
			rx_params_defaults(rows, n, it->cfg);
			for (size_t i = 0; i < d->n; i++) {
				if (strcmp(d->keys[i], "kind") == 0)
					continue;
				const struct rx_param *row = find_row(rows, n, -1, d->keys[i]);
				if (row)
					set_value(w, row, it->cfg, d->items[i], d->keys[i]);
				else
					perr(w, d->keys[i], "is not a parameter of %s '%s' (see the catalogue)", fam,
					     rx_member_name(p->family, m));
			}
		}
		w->path[saved] = 0;
	}
	int64_t count = bad ? 0 : (int64_t)v->n;
	memcpy((char *)base + p->aux_offset, &count, sizeof(count));
}

/* tcp.<family>_params = {member: {parameter: value}}: the chosen member's
 * values go into its block, another member's are checked and dropped */
static void walk_member_params(struct walk *w, const struct rx_param *p, void *base, const struct rx_node *v)
{
	char key[96];
	snprintf(key, sizeof(key), "%s%s", p->key, PARAMS_SUFFIX);
	const char *fam = rx_family_at(p->family)->name;
	if (v->kind != RX_NODE_DICT) {
		perr(w, key, "must be an object {member: {parameter: value}}");
		return;
	}
	int64_t chosen;
	memcpy(&chosen, (char *)base + p->offset, sizeof(chosen));
	for (size_t i = 0; i < v->n; i++) {
		const char *mname = v->keys[i];
		int m = rx_member_index(p->family, mname);
		if (m < 0) {
			perr(w, key, "names an unknown %s member '%s'", fam, mname);
			continue;
		}
		const struct rx_node *mv = v->items[i];
		if (mv->kind != RX_NODE_DICT) {
			perr(w, key, "'%s' must be an object of parameters", mname);
			continue;
		}
		size_t n;
		const struct rx_param *rows = rx_member_params(p->family, m, &n, NULL);
		_Alignas(8) unsigned char scratch[RX_MECH_CFG_SIZE] = { 0 };
		void *block = m == chosen ? (char *)base + p->aux_offset : (void *)scratch;
		size_t saved = push(w, "%s%s.%s", dot(w), key, mname);
		for (size_t k = 0; k < mv->n; k++) {
			const struct rx_param *row = find_row(rows, n, -1, mv->keys[k]);
			if (row)
				set_value(w, row, block, mv->items[k], mv->keys[k]);
			else
				perr(w, mv->keys[k], "is not a parameter of %s '%s' (see the catalogue)", fam, mname);
		}
		w->path[saved] = 0;
	}
}

/* the keys of dict d, which sit at `prefix` inside the section */
static void walk_keys(struct walk *w, const struct rx_node *d, int section, void *base, const char *prefix)
{
	for (size_t i = 0; i < d->n; i++) {
		char key[RX_PATH_LEN];
		snprintf(key, sizeof(key), "%s%s%s", prefix, *prefix ? "." : "", d->keys[i]);
		const struct rx_node *v = d->items[i];
		const struct rx_param *p = section_find(section, key);
		if (p && is_value(p->type)) {
			set_value(w, p, base, v, key);
		} else if (p && p->type == RX_PT_OBJECT) {
			size_t saved = push(w, "%s%s", dot(w), key);
			walk_section(w, v, p->sub, (char *)base + p->offset);
			w->path[saved] = 0;
		} else if (p && p->type == RX_PT_TAGGED_LIST) {
			walk_tagged(w, p, base, v, key);
		} else if (p) {
			walk_list(w, p, base, v, key);
		} else if (member_row_of(section, key)) {
			continue; /* once the section's choices are known */
		} else if (is_prefix(section, key)) {
			if (v->kind != RX_NODE_DICT)
				perr(w, key, "must be an object (got %s)", rx_node_kind_name(v));
			else
				walk_keys(w, v, section, base, key);
		} else {
			char known[300];
			known_here(section, prefix, known, sizeof(known));
			perr(w, key, "is not a known field (known here: %s)", known);
		}
	}
}

/* d[k1][k2]... for the dotted key, NULL if absent */
static const struct rx_node *get_dotted(const struct rx_node *d, const char *dotted)
{
	char part[RX_PATH_LEN];
	const char *p = dotted, *end;
	while (d && (end = strchr(p, '.'))) {
		snprintf(part, sizeof(part), "%.*s", (int)(end - p), p);
		d = rx_node_get(d, part);
		p = end + 1;
	}
	return d ? rx_node_get(d, p) : NULL;
}

static void walk_section(struct walk *w, const struct rx_node *d, int section, void *base)
{
	if (d->kind != RX_NODE_DICT) {
		perr(w, "", "must be an object (got %s)", rx_node_kind_name(d));
		return;
	}
	walk_keys(w, d, section, base, "");
	const struct rx_param *p;
	for (size_t i = 0; (p = rx_section_row(section, i)); i++) {
		if (p->type != RX_PT_MEMBER)
			continue;
		int64_t m;
		memcpy(&m, (char *)base + p->offset, sizeof(m));
		size_t n;
		const struct rx_param *rows = rx_member_params(p->family, (int)m, &n, NULL);
		memset((char *)base + p->aux_offset, 0, RX_MECH_CFG_SIZE);
		rx_params_defaults(rows, n, (char *)base + p->aux_offset);
		char key[96];
		snprintf(key, sizeof(key), "%s%s", p->key, PARAMS_SUFFIX);
		const struct rx_node *v = get_dotted(d, key);
		if (v)
			walk_member_params(w, p, base, v);
	}
}

int rx_scenario_from_tree(const struct rx_node *root, struct rx_scenario *sc, struct rx_errors *errs)
{
	struct walk w = { .es = errs };
	int before = errs->n + errs->more;
	rx_scenario_init(sc);
	if (!root || root->kind != RX_NODE_DICT) {
		rx_errors_add(errs, "scenario", "must be an object (got %s)",
			      root ? rx_node_kind_name(root) : "nothing");
		return -1;
	}
	walk_section(&w, root, RX_SEC_SCENARIO, sc);
	rx_scenario_check(sc, errs);
	return errs->n + errs->more == before ? 0 : -1;
}

/* ---- back to a tree
 * Raw values of an invalid scenario come out as they are (an enum index
 * without a name as its number, a count clamped to its list), so a tree can
 * show any struct, e.g. in the fuzzer's dumps. */
static struct rx_node *value_node(struct rx_arena *a, const struct rx_param *p, const void *base)
{
	const char *at = (const char *)base + p->offset;
	int64_t i;
	double f;
	unsigned char b;
	switch (p->type) {
	case RX_PT_INT:
		memcpy(&i, at, sizeof(i));
		return rx_node_int(a, i);
	case RX_PT_FLOAT:
		memcpy(&f, at, sizeof(f));
		return rx_node_float(a, f);
	case RX_PT_BOOL:
		memcpy(&b, at, 1);
		return b <= 1 ? rx_node_bool(a, b) : rx_node_int(a, b);
	case RX_PT_SET: {
		struct rx_node *l = rx_node_new(a, RX_NODE_LIST);
		memcpy(&i, at, sizeof(i));
		for (int k = 0; k < 64; k++)
			if ((uint64_t)i & (UINT64_C(1) << k)) {
				const char *name = rx_param_choice(p, k);
				rx_node_append(a, l, name ? rx_node_str(a, name) : rx_node_int(a, k));
			}
		return l;
	}
	default: {
		memcpy(&i, at, sizeof(i));
		const char *name = i >= 0 && i <= INT32_MAX ? rx_param_choice(p, (int)i) : NULL;
		return name ? rx_node_str(a, name) : rx_node_int(a, i);
	}
	}
}

static struct rx_node *rows_tree(struct rx_arena *a, const struct rx_param *rows, size_t n, const void *base)
{
	struct rx_node *d = rx_node_new(a, RX_NODE_DICT);
	for (size_t i = 0; i < n; i++)
		rx_node_put_path(a, d, rows[i].key, value_node(a, &rows[i], base));
	return d;
}

/* [{kind, parameters...}] */
static struct rx_node *tagged_tree(struct rx_arena *a, const struct rx_param *p, const void *base)
{
	struct rx_node *l = rx_node_new(a, RX_NODE_LIST);
	int64_t count;
	memcpy(&count, (const char *)base + p->aux_offset, sizeof(count));
	count = count < 0 ? 0 : count > p->max_items ? p->max_items : count;
	const struct rx_tagged_item *items = (const struct rx_tagged_item *)((const char *)base + p->offset);
	for (int64_t k = 0; k < count; k++) {
		const char *name = rx_member_name(p->family, (int)items[k].kind);
		size_t n = 0;
		const struct rx_param *rows = name ? rx_member_params(p->family, (int)items[k].kind, &n, NULL) : NULL;
		struct rx_node *d = rows_tree(a, rows, n, items[k].cfg), *first = rx_node_new(a, RX_NODE_DICT);
		/* kind first, then the parameters */
		rx_node_put(a, first, "kind", name ? rx_node_str(a, name) : rx_node_int(a, items[k].kind));
		for (size_t i = 0; d && i < d->n; i++)
			rx_node_put(a, first, d->keys[i], d->items[i]);
		rx_node_append(a, l, first);
	}
	return l;
}

static struct rx_node *section_tree(struct rx_arena *a, int section, const void *base)
{
	struct rx_node *d = rx_node_new(a, RX_NODE_DICT);
	const struct rx_param *p;
	/* values first, then the chosen members' blocks, then containers: the
	 * order a reader expects, and the order normalize always had */
	for (size_t i = 0; (p = rx_section_row(section, i)); i++)
		if (is_value(p->type))
			rx_node_put_path(a, d, p->key, value_node(a, p, base));
	for (size_t i = 0; (p = rx_section_row(section, i)); i++) {
		if (p->type != RX_PT_MEMBER)
			continue;
		int64_t m;
		memcpy(&m, (const char *)base + p->offset, sizeof(m));
		if (m < 0 || m >= rx_member_count(p->family))
			continue;
		size_t n;
		const struct rx_param *rows = rx_member_params(p->family, (int)m, &n, NULL);
		if (!n)
			continue;
		char key[160];
		snprintf(key, sizeof(key), "%s%s.%s", p->key, PARAMS_SUFFIX, rx_member_name(p->family, (int)m));
		rx_node_put_path(a, d, key, rows_tree(a, rows, n, (const char *)base + p->aux_offset));
	}
	for (size_t i = 0; (p = rx_section_row(section, i)); i++) {
		const char *at = (const char *)base + p->offset;
		if (p->type == RX_PT_OBJECT) {
			rx_node_put_path(a, d, p->key, section_tree(a, p->sub, at));
			continue;
		}
		if (p->type == RX_PT_TAGGED_LIST) {
			rx_node_put_path(a, d, p->key, tagged_tree(a, p, base));
			continue;
		}
		if (p->type != RX_PT_LIST && p->type != RX_PT_INT_LIST)
			continue;
		int64_t count, v;
		memcpy(&count, (const char *)base + p->aux_offset, sizeof(count));
		count = count < 0 ? 0 : count > p->max_items ? p->max_items : count;
		if (count == 0 && p->min_items > 0)
			continue; /* an optional list not given */
		struct rx_node *l = rx_node_new(a, RX_NODE_LIST);
		for (int64_t k = 0; k < count; k++) {
			if (p->type == RX_PT_LIST) {
				rx_node_append(a, l, section_tree(a, p->sub, at + (size_t)k * p->item_size));
				continue;
			}
			memcpy(&v, at + (size_t)k * sizeof(v), sizeof(v));
			rx_node_append(a, l, rx_node_int(a, v));
		}
		rx_node_put_path(a, d, p->key, l);
	}
	return d;
}

struct rx_node *rx_scenario_to_tree(struct rx_arena *a, const struct rx_scenario *sc)
{
	struct rx_node *d = section_tree(a, RX_SEC_SCENARIO, sc);
	return a->failed ? NULL : d;
}
