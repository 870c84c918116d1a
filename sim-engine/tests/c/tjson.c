/* tjson.c — see tjson.h. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rexsim/config.h"
#include "scenarios.h"
#include "tjson.h"

struct rd {
	const char *p;
	struct rx_arena *a;
	bool bad;
};

static void ws(struct rd *r)
{
	while (isspace((unsigned char)*r->p))
		r->p++;
}

static struct rx_node *value(struct rd *r);

static const char *string(struct rd *r)
{
	char buf[256];
	size_t n = 0;
	r->p++; /* the opening quote */
	while (*r->p && *r->p != '"' && n < sizeof(buf) - 1) {
		if (*r->p == '\\' && r->p[1])
			r->p++;
		buf[n++] = *r->p++;
	}
	buf[n] = 0;
	if (*r->p != '"') {
		r->bad = true;
		return "";
	}
	r->p++;
	return rx_arena_strdup(r->a, buf);
}

static struct rx_node *container(struct rd *r, bool dict)
{
	struct rx_node *n = rx_node_new(r->a, dict ? RX_NODE_DICT : RX_NODE_LIST);
	r->p++;
	ws(r);
	if (*r->p == (dict ? '}' : ']')) {
		r->p++;
		return n;
	}
	while (!r->bad) {
		ws(r);
		const char *key = NULL;
		if (dict) {
			if (*r->p != '"') {
				r->bad = true;
				break;
			}
			key = string(r);
			ws(r);
			if (*r->p++ != ':') {
				r->bad = true;
				break;
			}
		}
		struct rx_node *v = value(r);
		if (dict)
			rx_node_put(r->a, n, key, v);
		else
			rx_node_append(r->a, n, v);
		ws(r);
		if (*r->p == ',') {
			r->p++;
			continue;
		}
		if (*r->p++ != (dict ? '}' : ']'))
			r->bad = true;
		break;
	}
	return n;
}

static struct rx_node *value(struct rd *r)
{
	ws(r);
	if (*r->p == '{' || *r->p == '[')
		return container(r, *r->p == '{');
	if (*r->p == '"')
		return rx_node_str(r->a, string(r));
	if (strncmp(r->p, "true", 4) == 0 || strncmp(r->p, "false", 5) == 0) {
		bool b = *r->p == 't';
		r->p += b ? 4 : 5;
		return rx_node_bool(r->a, b);
	}
	if (strncmp(r->p, "null", 4) == 0) {
		r->p += 4;
		return rx_node_new(r->a, RX_NODE_NULL);
	}
	if (strncmp(r->p, "NaN", 3) == 0) {
		r->p += 3;
		return rx_node_float(r->a, NAN);
	}
	char *end;
	double d = strtod(r->p, &end);
	if (end == r->p) {
		r->bad = true;
		return rx_node_new(r->a, RX_NODE_NULL);
	}
	bool integral = !memchr(r->p, '.', (size_t)(end - r->p)) && !memchr(r->p, 'e', (size_t)(end - r->p));
	struct rx_node *n = integral ? rx_node_int(r->a, strtoll(r->p, NULL, 10)) : rx_node_float(r->a, d);
	r->p = end;
	return n;
}

struct rx_node *t_json(struct rx_arena *a, const char *text)
{
	struct rd r = { text, a, false };
	struct rx_node *n = value(&r);
	ws(&r);
	if (r.bad || *r.p) {
		fprintf(stderr, "t_json: syntax error at '%.20s' in %s\n", r.p, text);
		return NULL;
	}
	return n;
}

struct rx_scenario *t_scenario_json(const char *json)
{
	struct rx_arena a = { 0 };
	struct rx_node *t = t_json(&a, json);
	struct rx_scenario *sc = malloc(sizeof(*sc));
	struct rx_errors es = { 0 };
	int rc = t && sc ? rx_scenario_from_tree(t, sc, &es) : -2;
	rx_arena_free(&a);
	for (int i = 0; rc == -1 && i < es.n; i++)
		fprintf(stderr, "  scenario error: %s: %s\n", es.e[i].path, es.e[i].msg);
	CHECK_EQ_I64(rc, 0);
	if (rc) {
		free(sc);
		return NULL;
	}
	return sc;
}

int t_run_json(const char *json, struct rx_result *res)
{
	struct rx_scenario *sc = t_scenario_json(json);
	if (!sc)
		return -1;
	struct rx_error err;
	int rc = rx_run(sc, res, &err);
	free(sc);
	CHECK_EQ_I64(rc, 0);
	return rc;
}
