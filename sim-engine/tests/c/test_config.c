/* test_config.c — the scenario tree walk (rexsim/config.h): a tree becomes
 * the scenario it says, with defaults for the rest; a scenario becomes a tree
 * that walks back to the same bytes; every error of a tree is reported at
 * once with its path; the catalogue's paths come from the container rows. */
#include <stdlib.h>
#include <string.h>

#include "rexsim/config.h"
#include "rexsim/registry.h"
#include "scenarios.h"
#include "tjson.h"

struct walked {
	struct rx_scenario *sc;
	struct rx_errors es;
	int rc;
};

static struct walked walk(const char *json)
{
	struct walked w = { .sc = malloc(sizeof(struct rx_scenario)) };
	struct rx_arena a = { 0 };
	struct rx_node *t = t_json(&a, json);
	CHECK(t != NULL);
	w.rc = t ? rx_scenario_from_tree(t, w.sc, &w.es) : -2;
	rx_arena_free(&a);
	return w;
}

/* the errors, exactly, as "path: message" fragments in order */
static void expect_errors(const char *json, int n, const char *const *paths, const char *const *needles)
{
	struct walked w = walk(json);
	CHECK_EQ_I64(w.rc, -1);
	CHECK_EQ_I64(w.es.n + w.es.more, n);
	for (int i = 0; i < n && i < w.es.n; i++) {
		bool ok = strcmp(w.es.e[i].path, paths[i]) == 0 && strstr(w.es.e[i].msg, needles[i]);
		if (!ok)
			fprintf(stderr, "  error %d: got '%s: %s', expected '%s' with '%s'\n", i, w.es.e[i].path,
				w.es.e[i].msg, paths[i], needles[i]);
		CHECK(ok);
	}
	free(w.sc);
}

static void defaults_and_values(void)
{
	/* {} is the default scenario, byte for byte */
	struct walked w = walk("{}");
	struct rx_scenario *def = malloc(sizeof(*def));
	rx_scenario_init(def);
	CHECK_EQ_I64(w.rc, 0);
	CHECK(memcmp(w.sc, def, sizeof(*def)) == 0);
	free(w.sc);

	/* values land where the rows say; what is left out keeps its default */
	w = walk("{\"seed\": 7, \"path\": {\"reverse\": {\"delay_ms\": 5, \"loss\": {\"model\": \"positioned\","
		 " \"rules\": [{\"segment\": 3}, {\"flow\": 1, \"action\": \"duplicate\"}]}}},"
		 " \"flows\": [{}, {\"app\": {\"kind\": \"requests\", \"sizes\": [100, 2000]},"
		 " \"tcp\": {\"cc\": \"vegas\", \"cc_params\": {\"vegas\": {\"alpha\": 3}}, \"iw\": 4.0}}]}");
	CHECK_EQ_I64(w.rc, 0);
	CHECK_EQ_I64(w.sc->seed, 7);
	CHECK(w.sc->rev.delay_ms == 5 && w.sc->fwd.delay_ms == def->fwd.delay_ms);
	CHECK_EQ_I64(w.sc->rev.loss.n_rules, 2);
	CHECK_EQ_I64(w.sc->rev.loss.rules[0].segment, 3);
	CHECK_EQ_I64(w.sc->rev.loss.rules[0].transmission, 1); /* the rule section's default */
	CHECK_EQ_I64(w.sc->rev.loss.rules[1].action, RX_POS_DUPLICATE);
	CHECK_EQ_I64(w.sc->n_flows, 2);
	CHECK(memcmp(&w.sc->flows[0], &def->flows[0], sizeof(def->flows[0])) == 0);
	const struct rx_flow_cfg *f = &w.sc->flows[1];
	CHECK_EQ_I64(f->app_n_sizes, 2);
	CHECK_EQ_I64(f->app_sizes[1], 2000);
	CHECK_EQ_I64(f->iw, 4); /* an integral float is an integer */
	CHECK_EQ_I64(f->cc, rx_member_index(RX_FAM_CC, "vegas"));
	int64_t alpha, beta; /* vegas' block: alpha_segs, beta_segs, ... (cc_vegas.c) */
	memcpy(&alpha, f->mech_cfg[RX_FAM_CC], sizeof(alpha));
	memcpy(&beta, f->mech_cfg[RX_FAM_CC] + 8, sizeof(beta));
	CHECK_EQ_I64(alpha, 3);
	CHECK_EQ_I64(beta, 4); /* its default */
	free(w.sc);
	free(def);
}

static void round_trip(void)
{
	struct walked w = walk("{\"trace\": \"sampled\", \"path\": {\"forward\": {\"loss\": {\"model\": \"tail\","
			       " \"count\": 2}}}, \"flows\": [{\"tcp\": {\"recovery\": \"prr\", \"recovery_params\":"
			       " {\"prr\": {\"variant\": \"crb\"}}}}, {\"app\": {\"kind\": \"requests\","
			       " \"sizes\": [5]}, \"receiver\": {\"ack_policy\": \"quick\"}}]}");
	CHECK_EQ_I64(w.rc, 0);
	struct rx_arena a = { 0 };
	struct rx_node *t = rx_scenario_to_tree(&a, w.sc);
	CHECK(t != NULL);
	/* every field is explicit, the chosen members' blocks included */
	const struct rx_node *flows = rx_node_get(t, "flows");
	CHECK(flows && flows->kind == RX_NODE_LIST && flows->n == 2);
	const struct rx_node *tcp = flows ? rx_node_get(flows->items[0], "tcp") : NULL;
	const struct rx_node *prr = rx_node_get(rx_node_get(tcp, "recovery_params"), "prr");
	const struct rx_node *variant = rx_node_get(prr, "variant");
	CHECK(variant && variant->kind == RX_NODE_STR && strcmp(variant->v.s, "crb") == 0);
	CHECK(rx_node_get(tcp, "cc_params") == NULL); /* reno has no parameters */
	/* a set is a list of names, empty when none is chosen */
	const struct rx_node *sp = rx_node_get(tcp, "spurious");
	CHECK(sp && sp->kind == RX_NODE_LIST && sp->n == 0);
	/* app.sizes only where given (it needs at least one item) */
	CHECK(rx_node_get(rx_node_get(flows->items[0], "app"), "sizes") == NULL);
	CHECK(rx_node_get(rx_node_get(flows->items[1], "app"), "sizes") != NULL);
	/* and it walks back to the same bytes */
	struct rx_scenario *back = malloc(sizeof(*back));
	struct rx_errors es = { 0 };
	CHECK_EQ_I64(rx_scenario_from_tree(t, back, &es), 0);
	CHECK(memcmp(back, w.sc, sizeof(*back)) == 0);
	rx_arena_free(&a);
	free(back);
	free(w.sc);
}

static void every_error_at_once(void)
{
	/* what cannot be read, in the tree's order (a section's member
	 * parameters once its choices are read), then what is out of range or
	 * contradicts another field, in the table's order */
	const char *paths[] = { "zz",
				"path.sideways",
				"flows[0].tcp.sack",
				"flows[0].tcp.cc_params",
				"flows[0].tcp.cc_params.veno.beta",
				"seed",
				"flows[0].tcp.mss",
				"path.reverse.loss.model" };
	const char *needles[] = {
		"not a known field (known here: seed, duration_s, max_events, trace, sample_ms, path, "
		"flows)",
		"not a known field (known here: forward, reverse)",
		"must be true or false (got an integer)",
		"unknown cc member 'bbr'",
		"must be an integer between",
		"between 0 and 9007199254740991 (got -1)",
		"between 64 and 65495 (got 10)",
		"applies to path.forward only"
	};
	expect_errors("{\"zz\": 1, \"seed\": -1, \"path\": {\"sideways\": {}, \"reverse\": {\"loss\":"
		      " {\"model\": \"tail\"}}}, \"flows\": [{\"tcp\": {\"mss\": 10, \"cc\": \"vegas\","
		      " \"cc_params\": {\"bbr\": {}, \"veno\": {\"beta\": \"x\"}}, \"sack\": 1}}]}",
		      8, paths, needles);

	/* list limits, container types and the whole tree */
	const char *p2[] = { "flows", "path.forward.loss", "scenario" };
	const char *n2[] = { "between 1 and 64 items (got 0)", "must be an object (got a list)", "" };
	expect_errors("{\"flows\": [], \"path\": {\"forward\": {\"loss\": []}}}", 2, p2, n2);
	expect_errors("[1]", 1, p2 + 2, (const char *const[]){ "must be an object (got a list)" });
	const char *p3[] = { "flows[0].app.sizes", "flows[0].tcp.spurious", "flows[1]" };
	const char *n3[] = { "between 1 and 512 items (got 0)", "must be a list of names from [",
			     "must be an object (got null)" };
	expect_errors("{\"flows\": [{\"app\": {\"sizes\": []}, \"tcp\": {\"spurious\": [\"nosuch\"]}}, null]}", 3, p3,
		      n3);

	/* past RX_MAX_ERRORS the errors are counted, not listed */
	char big[2048] = "{";
	for (int i = 0; i < 20; i++)
		snprintf(big + strlen(big), sizeof(big) - strlen(big), "%s\"k%d\": 1", i ? ", " : "", i);
	strcat(big, "}");
	struct walked w = walk(big);
	CHECK_EQ_I64(w.es.n, RX_MAX_ERRORS);
	CHECK_EQ_I64(w.es.more, 20 - RX_MAX_ERRORS);
	free(w.sc);
}

/* the catalogue's paths are made from the container rows */
static void catalogue_paths(void)
{
	struct rx_arena a = { 0 };
	struct rx_node *cat = rx_catalog_tree(&a);
	CHECK(cat != NULL);
	const struct rx_node *params = rx_node_get(cat, "parameters"), *cont = rx_node_get(cat, "containers");
	CHECK(params && cont && params->n > 40 && cont->n == 9); /* 9: with receiver.read_blocked_ms */
	const char *want[] = { "path.{forward,reverse}.loss.rules[].segment", "flows[].tcp.mss", "seed",
			       "path.{forward,reverse}.schedule[].delay_ms", "path.{forward,reverse}.delay_ms" };
	for (size_t k = 0; k < sizeof(want) / sizeof(want[0]); k++) {
		bool found = false;
		for (size_t i = 0; params && i < params->n; i++)
			found |= strcmp(rx_node_get(params->items[i], "path")->v.s, want[k]) == 0;
		if (!found)
			fprintf(stderr, "  no parameter at %s\n", want[k]);
		CHECK(found);
	}
	/* each path is unique */
	for (size_t i = 0; params && i < params->n; i++)
		for (size_t j = i + 1; j < params->n; j++)
			CHECK(strcmp(rx_node_get(params->items[i], "path")->v.s,
				     rx_node_get(params->items[j], "path")->v.s) != 0);
	rx_arena_free(&a);
}

int main(void)
{
	defaults_and_values();
	round_trip();
	every_error_at_once();
	catalogue_paths();
	return t_report("config");
}
