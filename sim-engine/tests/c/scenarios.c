#include <stdlib.h>
#include <string.h>
#include "scenarios.h"
#include "rexsim/config.h"
#include "rexsim/registry.h"
#include "tjson.h"

int t_pass, t_fail;

int t_report(const char *suite)
{
	printf("%s: %d passed, %d failed\n", suite, t_pass, t_fail);
	return t_fail ? 1 : 0;
}

int t_enum(const char *key, const char *name)
{
	size_t n;
	const struct rx_param *p = rx_params(&n);
	for (size_t i = 0; i < n; i++)
		if (p[i].section == RX_SEC_FLOW && strcmp(p[i].key, key) == 0)
			return rx_param_choice_index(&p[i], name);
	return -1;
}

struct rx_scenario *t_tail_scenario(double rtt_ms, int tail, const char *timer, const char *ack_policy)
{
	struct rx_scenario *sc = malloc(sizeof(*sc));
	rx_scenario_init(sc);
	sc->duration_s = 60;
	sc->fwd.rate_bps = 0;
	sc->rev.rate_bps = 0;
	sc->fwd.delay_ms = rtt_ms / 2;
	sc->rev.delay_ms = rtt_ms / 2;
	if (tail > 0) {
		sc->fwd.loss.model = RX_LOSS_TAIL;
		sc->fwd.loss.count = tail;
	}
	struct rx_flow_cfg *f = &sc->flows[0];
	f->app_kind = t_enum("app.kind", "fixed");
	f->app_segments = 10;
	rx_flow_select(f, RX_FAM_TIMER, t_enum("tcp.timer", timer));
	f->ack_policy = t_enum("receiver.ack_policy", ack_policy);
	return sc;
}

long t_find(const struct rx_trace *t, int kind, int nth)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->kind[i] == kind && nth-- == 0)
			return (long)i;
	return -1;
}

long t_count(const struct rx_trace *t, int kind)
{
	long c = 0;
	for (size_t i = 0; i < t->n; i++)
		c += t->kind[i] == kind;
	return c;
}

void t_dump(const struct rx_trace *t, FILE *f)
{
	for (size_t i = 0; i < t->n; i++) {
		const char *extra = "";
		char buf[96] = "";
		if (t->kind[i] >= RX_EV_TIMER_ARMED && t->kind[i] <= RX_EV_TIMER_CANCELLED) {
			snprintf(buf, sizeof(buf), " %s/%s exp=%.3fms to=%.3fms", rx_timer_kind_name(t->detail[i] & 15),
				 rx_timer_formula_name(t->detail[i] >> 4), (double)t->seq[i] / 1e6, t->arg[i] / 1e3);
			extra = buf;
		} else if (t->kind[i] == RX_EV_STATE) {
			snprintf(buf, sizeof(buf), " %s->%s", rx_ca_state_name((int)t->arg[i]),
				 rx_ca_state_name(t->detail[i]));
			extra = buf;
		}
		fprintf(f, "%10.3f f%u %-15s seq=%-8llu arg=%-6u cwnd=%u ssth=%u pipe=%u srtt=%.3f rto=%.3f %s%s\n",
			(double)t->t_ns[i] / 1e6, t->flow[i], rx_event_kind_name(t->kind[i]),
			(unsigned long long)t->seq[i], t->arg[i], t->cwnd_bytes[i], t->ssthresh_bytes[i],
			t->pipe_bytes[i], t->srtt_us[i] / 1e3, t->rto_us[i] / 1e3, rx_ca_state_name(t->state[i]),
			extra);
	}
}

struct rx_scenario *t_from_json(const char *text, struct rx_errors *es, bool say)
{
	struct rx_scenario *sc = malloc(sizeof(*sc));
	struct rx_arena a = { 0 };
	struct rx_node *t = t_json(&a, text);
	CHECK(t != NULL);
	memset(es, 0, sizeof(*es));
	int rc = t && sc ? rx_scenario_from_tree(t, sc, es) : -1;
	rx_arena_free(&a);
	if (rc == 0)
		return sc;
	for (int i = 0; say && i < es->n; i++)
		fprintf(stderr, "  %s: %s\n", es->e[i].path, es->e[i].msg);
	free(sc);
	return NULL;
}

void t_expect_error(const char *json, const char *path, const char *needle)
{
	struct rx_errors es;
	struct rx_scenario *sc = t_from_json(json, &es, false);
	CHECK(sc == NULL);
	bool found = false;
	for (int i = 0; i < es.n; i++)
		found |= strcmp(es.e[i].path, path) == 0 && strstr(es.e[i].msg, needle);
	if (!found) {
		fprintf(stderr, "  expected '%s' with '%s'; got:\n", path, needle);
		for (int i = 0; i < es.n; i++)
			fprintf(stderr, "    %s: %s\n", es.e[i].path, es.e[i].msg);
	}
	CHECK(found);
	free(sc);
}

void t_check_burst(const char *json, uint64_t mss, int n_deliver, int64_t (*deliver_ns)(int k), int n_kept)
{
	struct rx_scenario *sc = t_scenario_json(json);
	CHECK(sc != NULL);
	if (!sc)
		return;
	struct rx_result r;
	struct rx_error err;
	CHECK_EQ_I64(rx_run(sc, &r, &err), 0);
	for (int k = 1; k <= n_deliver; k++) {
		long d = t_find(&r.trace, RX_EV_DELIVER, k - 1);
		CHECK(d >= 0);
		if (d >= 0) {
			CHECK_EQ_I64(r.trace.seq[d], (uint64_t)(k - 1) * mss);
			CHECK_EQ_I64(r.trace.t_ns[d], deliver_ns(k));
		}
	}
	for (int k = n_kept + 1; k <= 10; k++) {
		long d = t_find(&r.trace, RX_EV_DROP, k - n_kept - 1);
		CHECK(d >= 0);
		if (d >= 0) {
			CHECK_EQ_I64(r.trace.t_ns[d], 0);
			CHECK_EQ_I64(r.trace.seq[d], (uint64_t)(k - 1) * mss);
			CHECK_EQ_I64(r.trace.cause[d], 0); /* the bottleneck queue */
		}
	}
	long next = t_find(&r.trace, RX_EV_DROP, 10 - n_kept);
	CHECK(next < 0 || r.trace.t_ns[next] > 0);
	CHECK_EQ_I64(r.invariant_violations, 0);
	rx_result_free(&r);
	free(sc);
}
