/* catalog.c — the catalogue as a tree: every parameter and container of
 * the scenario tree, the mechanism families and their members' own
 * parameters and variables, the trace vocabulary, the metrics and the
 * limits.  The API, the dashboard, the JSON Schema and the fuzzer are built
 * from it; nothing here is written twice.
 */
#include <stdio.h>
#include <string.h>

#include "rexsim/config.h"
#include "rexsim/ops.h"
#include "rexsim/params.h"
#include "rexsim/registry.h"
#include "rexsim/spurious.h"
#include "rexsim/vocab.h"

struct cat {
	struct rx_arena *a;
};

static void put_s(struct cat *c, struct rx_node *d, const char *k, const char *s)
{
	rx_node_put(c->a, d, k, s ? rx_node_str(c->a, s) : rx_node_new(c->a, RX_NODE_NULL));
}

static void put_i(struct cat *c, struct rx_node *d, const char *k, int64_t i)
{
	rx_node_put(c->a, d, k, rx_node_int(c->a, i));
}

static void put_f(struct cat *c, struct rx_node *d, const char *k, double f)
{
	rx_node_put(c->a, d, k, rx_node_float(c->a, f));
}

static void put_b(struct cat *c, struct rx_node *d, const char *k, bool b)
{
	rx_node_put(c->a, d, k, rx_node_bool(c->a, b));
}

static struct rx_node *dict(struct cat *c)
{
	return rx_node_new(c->a, RX_NODE_DICT);
}

static struct rx_node *list(struct cat *c)
{
	return rx_node_new(c->a, RX_NODE_LIST);
}

/* "path.{forward,reverse}.loss." : where a section's keys sit in a scenario */
static void section_path(int section, char *out, size_t len)
{
	out[0] = 0;
	if (section == RX_SEC_SCENARIO)
		return;
	size_t n;
	const struct rx_param *t = rx_params(&n);
	const struct rx_param *first = NULL;
	char names[96] = "";
	int count = 0;
	for (size_t i = 0; i < n; i++) {
		if (t[i].sub != section || (t[i].type != RX_PT_OBJECT && t[i].type != RX_PT_LIST))
			continue;
		const char *last = strrchr(t[i].key, '.');
		size_t used = strlen(names);
		snprintf(names + used, sizeof(names) - used, "%s%s", count ? "," : "", last ? last + 1 : t[i].key);
		if (!first)
			first = &t[i];
		count++;
	}
	if (!first)
		return;
	char parent[RX_PATH_LEN];
	section_path(first->section, parent, sizeof(parent));
	const char *suffix = first->type == RX_PT_LIST ? "[]" : "";
	snprintf(out, len, "%s", parent);
	if (count == 1) {
		rx_path_append(out, len, first->key);
	} else { /* siblings: "path.forward", "path.reverse" -> "path.{forward,reverse}" */
		const char *last = strrchr(first->key, '.');
		char stem[RX_PATH_LEN];
		snprintf(stem, sizeof(stem), "%.*s", last ? (int)(last - first->key + 1) : 0, first->key);
		rx_path_append(out, len, stem);
		rx_path_append(out, len, "{");
		rx_path_append(out, len, names);
		rx_path_append(out, len, "}");
	}
	rx_path_append(out, len, suffix);
	rx_path_append(out, len, ".");
}

static struct rx_node *choices(struct cat *c, const struct rx_param *p)
{
	struct rx_node *l = list(c);
	const char *s;
	for (int i = 0; (s = rx_param_choice(p, i)); i++)
		rx_node_append(c->a, l, rx_node_str(c->a, s));
	return l;
}

static struct rx_node *default_of(struct cat *c, const struct rx_param *p)
{
	switch (p->type) {
	case RX_PT_SET: {
		struct rx_node *l = list(c);
		for (int k = 0; k < 64; k++)
			if ((uint64_t)p->def & (UINT64_C(1) << k))
				rx_node_append(c->a, l, rx_node_str(c->a, rx_param_choice(p, k)));
		return l;
	}
	case RX_PT_INT:
		return rx_node_int(c->a, (int64_t)p->def);
	case RX_PT_FLOAT:
		return rx_node_float(c->a, p->def);
	case RX_PT_BOOL:
		return rx_node_bool(c->a, p->def != 0);
	default:
		return rx_node_str(c->a, rx_param_choice(p, (int)p->def));
	}
}

/* "tcp.lossdet:dupack" -> {key, values, family (when the key picks a member)} */
static struct rx_node *applies_to(struct cat *c, const struct rx_param *p)
{
	if (!p->applies_to)
		return rx_node_new(c->a, RX_NODE_NULL);
	const char *colon = strchr(p->applies_to, ':');
	char key[RX_PATH_LEN];
	snprintf(key, sizeof(key), "%.*s", colon ? (int)(colon - p->applies_to) : 0, p->applies_to);
	struct rx_node *d = dict(c), *values = list(c);
	put_s(c, d, "key", key);
	for (const char *v = colon ? colon + 1 : ""; *v;) {
		size_t len = strcspn(v, ",");
		char one[64];
		snprintf(one, sizeof(one), "%.*s", (int)len, v);
		rx_node_append(c->a, values, rx_node_str(c->a, one));
		v += len + (v[len] == ',');
	}
	rx_node_put(c->a, d, "values", values);
	size_t n;
	const struct rx_param *t = rx_params(&n);
	const char *family = NULL;
	for (size_t i = 0; i < n; i++)
		if (t[i].section == p->section && t[i].type == RX_PT_MEMBER && strcmp(t[i].key, key) == 0)
			family = rx_family_at(t[i].family)->name;
	put_s(c, d, "family", family);
	return d;
}

static const char *type_name(int type)
{
	static const char *const names[RX_PT__COUNT] = {
		[RX_PT_INT] = "int",           [RX_PT_FLOAT] = "float",
		[RX_PT_BOOL] = "bool",         [RX_PT_ENUM] = "enum",
		[RX_PT_MEMBER] = "enum",       [RX_PT_SET] = "set",
		[RX_PT_OBJECT] = "object",     [RX_PT_LIST] = "list",
		[RX_PT_INT_LIST] = "int_list", [RX_PT_TAGGED_LIST] = "tagged_list",
	};
	return type >= 0 && type < RX_PT__COUNT ? names[type] : "?";
}

/* a number row's values with a meaning of their own: [{value, label}], [] when none */
static struct rx_node *specials(struct cat *c, const struct rx_param *p)
{
	struct rx_node *l = list(c);
	for (const struct rx_special *s = p->special; s && s->label; s++) {
		struct rx_node *e = dict(c);
		rx_node_put(c->a, e, "value",
			    p->type == RX_PT_INT ? rx_node_int(c->a, (int64_t)s->value)
						 : rx_node_float(c->a, s->value));
		put_s(c, e, "label", s->label);
		rx_node_append(c->a, l, e);
	}
	return l;
}

/* the fields every value row publishes */
static struct rx_node *value_entry(struct cat *c, const struct rx_param *p, const char *path)
{
	struct rx_node *d = dict(c);
	bool choice = p->type == RX_PT_ENUM || p->type == RX_PT_MEMBER, set = p->type == RX_PT_SET;
	struct rx_node *ch = choice || set ? choices(c, p) : rx_node_new(c->a, RX_NODE_NULL);
	put_s(c, d, "key", p->key);
	put_s(c, d, "path", path);
	put_s(c, d, "label", rx_param_label(p));
	put_s(c, d, "type", type_name(p->type));
	put_s(c, d, "unit", p->unit);
	rx_node_put(c->a, d, "default", default_of(c, p));
	/* an enum: its index range; a set: how many names it holds */
	put_f(c, d, "min", choice ? 0 : set ? (double)p->min_items : p->min);
	put_f(c, d, "max", choice && ch ? (double)ch->n - 1 : set ? (double)p->max_items : p->max);
	rx_node_put(c->a, d, "choices", ch);
	put_s(c, d, "doc", p->doc);
	rx_node_put(c->a, d, "special", specials(c, p));
	return d;
}

static void parameters(struct cat *c, struct rx_node *root)
{
	struct rx_node *params = list(c), *containers = list(c);
	for (int s = 0; s < RX_SEC__COUNT; s++) {
		char prefix[RX_PATH_LEN], path[2 * RX_PATH_LEN];
		section_path(s, prefix, sizeof(prefix));
		const struct rx_param *p;
		for (size_t i = 0; (p = rx_section_row(s, i)); i++) {
			snprintf(path, sizeof(path), "%s%s", prefix, p->key);
			if (p->type <= RX_PT_SET) {
				struct rx_node *d = value_entry(c, p, path);
				put_s(c, d, "section", rx_section_name(s));
				rx_node_put(c->a, d, "applies_to", applies_to(c, p));
				rx_node_append(c->a, params, d);
				continue;
			}
			struct rx_node *d = dict(c);
			put_s(c, d, "section", rx_section_name(s));
			put_s(c, d, "key", p->key);
			put_s(c, d, "path", path);
			put_s(c, d, "label", rx_param_label(p));
			put_s(c, d, "type", type_name(p->type));
			bool tagged = p->type == RX_PT_TAGGED_LIST;
			put_s(c, d, "of", p->type == RX_PT_INT_LIST || tagged ? NULL : rx_section_name(p->sub));
			/* a tagged list's items: {kind: a member of this family, that member's params} */
			put_s(c, d, "family", tagged ? rx_family_at(p->family)->name : NULL);
			put_i(c, d, "min_items", p->type == RX_PT_OBJECT ? 1 : p->min_items);
			put_i(c, d, "max_items", p->type == RX_PT_OBJECT ? 1 : p->max_items);
			/* an int list's item range; null for lists and objects of sections */
			bool ints = p->type == RX_PT_INT_LIST;
			rx_node_put(c->a, d, "min",
				    ints ? rx_node_float(c->a, p->min) : rx_node_new(c->a, RX_NODE_NULL));
			rx_node_put(c->a, d, "max",
				    ints ? rx_node_float(c->a, p->max) : rx_node_new(c->a, RX_NODE_NULL));
			put_s(c, d, "unit", p->unit);
			put_s(c, d, "doc", p->doc);
			rx_node_put(c->a, d, "applies_to", applies_to(c, p));
			rx_node_append(c->a, containers, d);
		}
	}
	rx_node_put(c->a, root, "parameters", params);
	rx_node_put(c->a, root, "containers", containers);
}

/* the row that picks members of the family (a member row, or a tagged list), NULL if none */
static const struct rx_param *member_row(int family)
{
	size_t n;
	const struct rx_param *t = rx_params(&n);
	for (size_t i = 0; i < n; i++)
		if ((t[i].type == RX_PT_MEMBER || t[i].type == RX_PT_TAGGED_LIST) && t[i].family == family)
			return &t[i];
	return NULL;
}

static struct rx_node *member_params(struct cat *c, int fam, int m)
{
	size_t n;
	const struct rx_param *rows = rx_member_params(fam, m, &n, NULL);
	const struct rx_param *picker = member_row(fam);
	char prefix[RX_PATH_LEN] = "";
	if (picker)
		section_path(picker->section, prefix, sizeof(prefix));
	struct rx_node *l = list(c);
	for (size_t k = 0; k < n; k++) {
		char path[3 * RX_PATH_LEN];
		if (picker && picker->type == RX_PT_TAGGED_LIST) /* path.{forward,reverse}.stages[].p */
			snprintf(path, sizeof(path), "%s%s[].%s", prefix, picker->key, rows[k].key);
		else
			snprintf(path, sizeof(path), "%s%s_params.%s.%s", prefix, picker ? picker->key : "",
				 rx_member_name(fam, m), rows[k].key);
		rx_node_append(c->a, l, value_entry(c, &rows[k], path));
	}
	return l;
}

/* the rules a member's spurious verdicts name (the trace's spurious event):
 * [{id, name, label, doc}], id the rule's index in the member's table; empty
 * for a member of a family without rules */
static struct rx_node *member_rules(struct cat *c, int fam, int m)
{
	size_t n;
	const struct rx_sp_rule *r = rx_member_rules(fam, m, &n);
	struct rx_node *l = list(c);
	for (size_t k = 0; k < n; k++) {
		struct rx_node *e = dict(c);
		put_i(c, e, "id", (int64_t)k);
		put_s(c, e, "name", r[k].name);
		put_s(c, e, "label", r[k].label);
		put_s(c, e, "doc", r[k].doc);
		rx_node_append(c->a, l, e);
	}
	return l;
}

static void mechanisms(struct cat *c, struct rx_node *root)
{
	struct rx_node *mech = dict(c), *fams = list(c);
	for (int fi = 0; fi < RX_FAM__COUNT; fi++) {
		const struct rx_family *f = rx_family_at(fi);
		struct rx_node *members = list(c);
		for (int i = 0; i < f->n_members; i++) {
			struct rx_node *m = dict(c);
			put_s(c, m, "name", rx_member_name(fi, i));
			put_s(c, m, "label", rx_member_label(fi, i));
			put_s(c, m, "doc", rx_member_doc(fi, i));
			rx_node_put(c->a, m, "params", member_params(c, fi, i));
			rx_node_put(c->a, m, "rules", member_rules(c, fi, i)); /* [] but for detectors */
			rx_node_append(c->a, members, m);
		}
		struct rx_node *fd = dict(c);
		put_s(c, fd, "name", f->name);
		put_s(c, fd, "label", f->label);
		put_s(c, fd, "key", f->key);
		put_s(c, fd, "doc", f->doc);
		rx_node_put(c->a, fd, "members", members);
		rx_node_append(c->a, fams, fd);
		if (fi != RX_FAM_STAGE)
			rx_node_put(c->a, mech, f->name, members);
	}
	rx_node_put(c->a, root, "mechanisms", mech);
	rx_node_put(c->a, root, "families", fams);
}

static void vocabulary(struct cat *c, struct rx_node *root)
{
	struct rx_node *vocab = dict(c);
	/* the bare name lists older readers use, in the same order */
	static const char *const flat[RX_VOCAB__COUNT] = { "events", "timer_kinds",  "timer_formulas",
							   "states", "drop_reasons", NULL };
	for (int v = 0; v < RX_VOCAB__COUNT; v++) {
		size_t n;
		const struct rx_vocab_entry *t = rx_vocab(v, &n);
		struct rx_node *l = list(c), *names = list(c);
		for (size_t i = 0; i < n; i++) {
			struct rx_node *e = dict(c);
			put_i(c, e, "id", (int64_t)i);
			put_s(c, e, "name", t[i].name);
			put_s(c, e, "label", t[i].label);
			put_s(c, e, "doc", t[i].doc);
			put_s(c, e, "text", t[i].text);
			put_b(c, e, "rare", t[i].rare);
			rx_node_append(c->a, l, e);
			rx_node_append(c->a, names, rx_node_str(c->a, t[i].name));
		}
		rx_node_put(c->a, vocab, rx_vocab_name(v), l);
		if (flat[v])
			rx_node_put(c->a, root, flat[v], names);
	}
	rx_node_put(c->a, root, "vocab", vocab);
}

static struct rx_node *metric_list(struct cat *c, const struct rx_metric_desc *m, size_t n)
{
	static const char *const types[] = { "int", "float", "bool", "intervals" };
	struct rx_node *l = list(c);
	for (size_t i = 0; i < n; i++) {
		struct rx_node *e = dict(c);
		put_s(c, e, "name", m[i].name);
		put_s(c, e, "label", m[i].label);
		put_s(c, e, "unit", m[i].unit);
		put_s(c, e, "doc", m[i].doc);
		put_s(c, e, "type", types[m[i].type]);
		rx_node_put(c->a, e, "higher_is_better",
			    m[i].higher_is_better < 0 ? rx_node_new(c->a, RX_NODE_NULL)
						      : rx_node_bool(c->a, m[i].higher_is_better));
		put_b(c, e, "nullable", m[i].null_unless_completed || m[i].null_if_negative);
		rx_node_append(c->a, l, e);
	}
	return l;
}

/* the per-flow metrics, and the fields of each recovery episode */
static void metrics(struct cat *c, struct rx_node *root)
{
	size_t n;
	const struct rx_metric_desc *m = rx_metrics(&n);
	rx_node_put(c->a, root, "metrics", metric_list(c, m, n));
	m = rx_episode_metrics(&n);
	rx_node_put(c->a, root, "episode_metrics", metric_list(c, m, n));
}

/* the trace's variable ids: [{id, family, member, name, label, unit, doc}] */
static void vars(struct cat *c, struct rx_node *root)
{
	struct rx_node *l = list(c);
	int fam, member, k;
	for (int id = 0; !rx_var_lookup(id, &fam, &member, &k); id++) {
		size_t n;
		const struct rx_var_desc *v = fam < 0 ? rx_core_vars(&n) : rx_member_vars(fam, member, &n);
		struct rx_node *e = dict(c);
		put_i(c, e, "id", id);
		/* the core's own variables: family "core", member the side that holds it */
		put_s(c, e, "family", fam < 0 ? "core" : rx_family_at(fam)->name);
		put_s(c, e, "member", fam < 0 ? rx_core_var_side(k) : rx_member_name(fam, member));
		put_s(c, e, "name", v[k].name);
		put_s(c, e, "label", v[k].label);
		put_s(c, e, "unit", v[k].unit);
		put_s(c, e, "doc", v[k].doc);
		rx_node_append(c->a, l, e);
	}
	rx_node_put(c->a, root, "vars", l);
}

struct rx_node *rx_catalog_tree(struct rx_arena *a)
{
	struct cat c = { a };
	struct rx_node *root = dict(&c);
	put_s(&c, root, "engine_version", RX_ENGINE_VERSION);
	put_i(&c, root, "ops_abi", RX_OPS_ABI);
	parameters(&c, root);
	mechanisms(&c, root);
	vocabulary(&c, root);
	metrics(&c, root);
	vars(&c, root);
	struct rx_node *limits = dict(&c);
	put_i(&c, limits, "max_flows", RX_MAX_FLOWS);
	put_i(&c, limits, "max_rules", RX_MAX_POS_RULES);
	put_i(&c, limits, "max_requests", RX_MAX_REQUESTS);
	put_i(&c, limits, "max_sack_blocks", RX_MAX_SACK_BLOCKS);
	rx_node_put(c.a, root, "limits", limits);
	return a->failed ? NULL : root;
}
