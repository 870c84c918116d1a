/* test_determinism.c — the same scenario and seed give a byte-identical trace;
 * another seed gives another trace.  The scenario mixes random loss on both
 * directions, three flows with staggered starts, CUBIC and Reno, and a
 * bottleneck queue, so every source of ordering is exercised. */
#include <stdlib.h>
#include <string.h>
#include "scenarios.h"
#include "rexsim/registry.h"

static struct rx_scenario *mixed(uint64_t seed)
{
	struct rx_scenario *sc = malloc(sizeof(*sc));
	rx_scenario_init(sc);
	sc->seed = seed;
	sc->duration_s = 20;
	sc->fwd.rate_bps = 20e6;
	sc->fwd.delay_ms = 25;
	sc->fwd.buffer_pkts = 40;
	sc->fwd.loss.model = RX_LOSS_BERNOULLI;
	sc->fwd.loss.p = 0.01;
	sc->rev.rate_bps = 20e6;
	sc->rev.delay_ms = 25;
	sc->rev.loss.model = RX_LOSS_GILBERT_ELLIOTT;
	sc->rev.loss.p = 0.01;
	sc->rev.loss.r = 0.5;
	sc->n_flows = 3;
	for (int i = 0; i < 3; i++) {
		rx_flow_init(&sc->flows[i]);
		sc->flows[i].start_ms = 50.0 * i;
		rx_flow_select(&sc->flows[i], RX_FAM_TIMER,
			       t_enum("tcp.timer",
				      i == 0 ? "tlp"
					      : i == 1 ? "rtor"
						       : "tlpr"));
		rx_flow_select(&sc->flows[i], RX_FAM_CC, t_enum("tcp.cc", i == 2 ? "reno" : "cubic"));
	}
	sc->flows[0].app_kind = t_enum("app.kind", "bulk");
	sc->flows[0].app_duration_s = 5;
	sc->flows[1].app_kind = t_enum("app.kind", "requests");
	sc->flows[1].app_requests = 20;
	sc->flows[1].app_object_bytes = 30000;
	sc->flows[2].app_segments = 300;
	return sc;
}

#define SAME(col, sz) (memcmp(a->col, b->col, a->n * (sz)) == 0)

static bool identical(const struct rx_trace *a, const struct rx_trace *b)
{
	return a->n == b->n && a->n_sack == b->n_sack && SAME(t_ns, 8) && SAME(seq, 8) && SAME(arg, 4) &&
		SAME(cwnd_bytes, 4) && SAME(ssthresh_bytes, 4) && SAME(pipe_bytes, 4) && SAME(srtt_us, 4) &&
		SAME(rto_us, 4) && SAME(flow, 2) && SAME(kind, 1) && SAME(state, 1) && SAME(detail, 1) &&
		memcmp(a->sack_words, b->sack_words, a->n_sack * 8) == 0;
}

int main(void)
{
	struct rx_result r1, r2, r3;
	struct rx_error err;
	struct rx_scenario *s1 = mixed(7), *s2 = mixed(7), *s3 = mixed(8);
	CHECK_EQ_I64(rx_run(s1, &r1, &err), 0);
	CHECK_EQ_I64(rx_run(s2, &r2, &err), 0);
	CHECK_EQ_I64(rx_run(s3, &r3, &err), 0);
	CHECK(r1.trace.n > 10000);
	CHECK(r1.trace.n_sack > 0);
	CHECK(identical(&r1.trace, &r2.trace));
	CHECK(!identical(&r1.trace, &r3.trace));
	CHECK_EQ_I64(r1.events, r2.events);
	for (int i = 0; i < 3; i++)
		CHECK(memcmp(&r1.flows[i].fct_ms, &r2.flows[i].fct_ms, sizeof(double)) == 0);
	CHECK(r1.flows[0].retransmissions > 0);
	CHECK_EQ_I64(r1.invariant_violations, 0);
	CHECK_EQ_I64(r3.invariant_violations, 0);
	rx_result_free(&r1);
	rx_result_free(&r2);
	rx_result_free(&r3);
	free(s1);
	free(s2);
	free(s3);
	return t_report("determinism");
}
