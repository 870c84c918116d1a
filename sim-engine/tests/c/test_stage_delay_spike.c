/* test_stage_delay_spike.c — the delay_spike stage (F-RTO paper §5.1,
 * "Sudden delays"), driven through whole runs with one seeded spike.
 *
 * Derivations.  A listed stage k = 0 of direction 0 draws from the stream
 * rx_rng_seed(seed ^ 0x9E3779B97F4A7C15 * 1, stream 1) (path.c, rng.h); with
 * p = 1 its first draw (the Bernoulli) always starts a spike and its second,
 * u, gives the length round(-1e9 ns * ln(1 - u)) for mean_ms = 1000.  The
 * draws were computed with an independent Python transcription of
 * SplitMix64 + xoshiro256** (Blackman & Vigna):
 *   seed 1: u = 0.42399770133855297 -> L = 551,643,628 ns (shorter than the 1 s initial RTO)
 *   seed 4: u = 0.6741983121751253  -> L = 1,121,466,402 ns (longer than the RTO)
 * Setup: one flow, no handshake, quick ACKs, timer rto (initial RTO 1 s),
 * reverse path unlimited with 25 ms and no stage.
 *
 *  A. seed 1, one segment, forward unlimited rate, 25 ms.  The segment is
 *     sent at 0 and starts the spike; the link delivers nothing before L,
 *     so it is delivered at L + 25 ms = 576,643,628 ns and its ACK reaches
 *     the sender at L + 50 ms = 601,643,628 ns; nothing is retransmitted.
 *  B. seed 4, one segment, as A.  The RTO fires at 1 s (before L) and
 *     retransmits segment 1 at 1,000,000,000 ns; the retransmission meets
 *     the stalled link (inside the spike: no draw) and waits behind the
 *     original: both are delivered at L + 25 ms = 1,146,466,402 ns, the
 *     original first, and nothing is dropped.
 *  C. seed 1, ten segments (IW 10, all sent at 0), forward 1 Mb/s with a
 *     3-packet buffer, 25 ms.  A segment is 20 + 20 + 12 (timestamps) +
 *     1448 = 1500 bytes = 12 ms at 1 Mb/s.  Segment 1 starts the spike and
 *     takes the link, which starts sending at L: it leaves at L + 12 ms and is
 *     delivered at L + 37 ms = 588,643,628 ns; segments 2-4 wait in the
 *     buffer and follow back to back (delivered at L + 49, + 61, + 73 ms);
 *     segments 5-10 overflow the buffer at 0 (bottleneck drops, cause 0):
 *     the only losses are the router's.
 *  D. The spike reaches the trace as one path_period event (stage.h,
 *     rx_stage_period), traced when it starts: in A at 0 with seq (start) 0
 *     and arg (length, µs rounded up) ceil(L / 1000) = 551,644; in B the
 *     retransmission at 1 s falls inside the spike and starts none, so
 *     again one event, at 0, arg ceil(1,121,466,402 / 1000) = 1,121,467;
 *     detail 0 (forward), cause the delay_spike stage's family index + 1.
 */
#include <stdlib.h>
#include <string.h>

#include "rexsim/config.h"
#include "rexsim/registry.h"
#include "scenarios.h"
#include "tjson.h"

static const int64_t L1 = 551643628, L4 = 1121466402;

static struct rx_scenario *from_json(const char *text)
{
	struct rx_errors es;
	struct rx_scenario *sc = malloc(sizeof(*sc));
	struct rx_arena a = { 0 };
	struct rx_node *t = t_json(&a, text);
	CHECK(t != NULL);
	memset(&es, 0, sizeof(es));
	int rc = t ? rx_scenario_from_tree(t, sc, &es) : -1;
	rx_arena_free(&a);
	if (rc) {
		for (int i = 0; i < es.n; i++)
			fprintf(stderr, "  %s: %s\n", es.e[i].path, es.e[i].msg);
		free(sc);
		return NULL;
	}
	return sc;
}

static void run(const struct rx_scenario *sc, struct rx_result *res)
{
	struct rx_error err;
	CHECK_EQ_I64(rx_run(sc, res, &err), 0);
}

#define SPIKE "\"stages\": [{\"kind\": \"delay_spike\", \"p\": 1, \"mean_ms\": 1000}]"
#define REV "\"reverse\": {\"rate_bps\": 0, \"delay_ms\": 25}"
#define FLOW(segs) \
	"\"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": " segs "}, \"tcp\": {\"handshake\": false, " \
	"\"timer\": \"rto\"}, \"receiver\": {\"ack_policy\": \"quick\"}}]"

static void short_spike_delays_without_rto(void)
{
	struct rx_scenario *sc = from_json("{\"seed\": 1, \"duration_s\": 5, \"path\": {\"forward\": {\"rate_bps\": 0, "
					   "\"delay_ms\": 25, " SPIKE "}, " REV "}, " FLOW("1") "}");
	CHECK(sc != NULL);
	if (!sc)
		return;
	struct rx_result r;
	run(sc, &r);
	long d = t_find(&r.trace, RX_EV_DELIVER, 0), a = t_find(&r.trace, RX_EV_ACK_RECV, 0);
	CHECK(d >= 0 && a >= 0);
	if (d >= 0 && a >= 0) {
		CHECK_EQ_I64(r.trace.t_ns[d], L1 + t_ms(25));
		CHECK_EQ_I64(r.trace.t_ns[a], L1 + t_ms(50));
	}
	CHECK_EQ_I64(t_count(&r.trace, RX_EV_RETRANSMIT), 0);
	CHECK_EQ_I64(t_count(&r.trace, RX_EV_DROP), 0);
	rx_result_free(&r);
	free(sc);
}

static void long_spike_holds_the_retransmission_behind(void)
{
	struct rx_scenario *sc = from_json("{\"seed\": 4, \"duration_s\": 5, \"path\": {\"forward\": {\"rate_bps\": 0, "
					   "\"delay_ms\": 25, " SPIKE "}, " REV "}, " FLOW("1") "}");
	CHECK(sc != NULL);
	if (!sc)
		return;
	struct rx_result r;
	run(sc, &r);
	long x = t_find(&r.trace, RX_EV_RETRANSMIT, 0);
	CHECK(x >= 0 && r.trace.t_ns[x] == RX_NS_PER_S && r.trace.seq[x] == 0);
	long d0 = t_find(&r.trace, RX_EV_DELIVER, 0), d1 = t_find(&r.trace, RX_EV_DELIVER, 1);
	CHECK(d0 >= 0 && d1 >= 0);
	if (d0 >= 0 && d1 >= 0) {
		CHECK_EQ_I64(r.trace.t_ns[d0], L4 + t_ms(25));
		CHECK_EQ_I64(r.trace.t_ns[d1], L4 + t_ms(25));
		CHECK(d0 < d1);
	}
	CHECK_EQ_I64(t_count(&r.trace, RX_EV_DROP), 0);
	rx_result_free(&r);
	free(sc);
}

static void packets_queue_behind_and_only_the_buffer_drops(void)
{
	struct rx_scenario *sc =
		from_json("{\"seed\": 1, \"duration_s\": 5, \"path\": {\"forward\": {\"rate_bps\": 1e6, "
			  "\"buffer_pkts\": 3, \"delay_ms\": 25, " SPIKE "}, " REV "}, " FLOW("10") "}");
	CHECK(sc != NULL);
	if (!sc)
		return;
	struct rx_result r;
	run(sc, &r);
	for (int k = 0; k < 4; k++) {
		long d = t_find(&r.trace, RX_EV_DELIVER, k);
		CHECK(d >= 0);
		if (d >= 0) {
			CHECK_EQ_I64(r.trace.t_ns[d], L1 + t_ms(12) * (k + 1) + t_ms(25));
			CHECK_EQ_I64(r.trace.seq[d], (uint64_t)k * 1448);
		}
	}
	for (int k = 0; k < 6; k++) {
		long d = t_find(&r.trace, RX_EV_DROP, k);
		CHECK(d >= 0);
		if (d >= 0) {
			CHECK_EQ_I64(r.trace.t_ns[d], 0);
			CHECK_EQ_I64(r.trace.seq[d], (uint64_t)(4 + k) * 1448);
			CHECK_EQ_I64(r.trace.cause[d], 0); /* the bottleneck queue */
		}
	}
	long d6 = t_find(&r.trace, RX_EV_DROP, 6);
	CHECK(d6 < 0 || r.trace.t_ns[d6] > 0);
	rx_result_free(&r);
	free(sc);
}

static void one_period(const char *seed, int64_t len_us)
{
	char text[1024];
	snprintf(text, sizeof(text),
		 "{\"seed\": %s, \"duration_s\": 5, \"path\": {\"forward\": {\"rate_bps\": 0, "
		 "\"delay_ms\": 25, " SPIKE "}, " REV "}, " FLOW("1") "}",
		 seed);
	struct rx_scenario *sc = from_json(text);
	CHECK(sc != NULL);
	if (!sc)
		return;
	struct rx_result r;
	run(sc, &r);
	CHECK_EQ_I64(t_count(&r.trace, RX_EV_PATH_PERIOD), 1);
	long i = t_find(&r.trace, RX_EV_PATH_PERIOD, 0);
	CHECK(i >= 0);
	if (i >= 0) {
		CHECK_EQ_I64(r.trace.t_ns[i], 0);
		CHECK_EQ_I64((int64_t)r.trace.seq[i], 0);
		CHECK_EQ_I64(r.trace.arg[i], len_us);
		CHECK_EQ_I64(r.trace.detail[i], 0);
		CHECK_EQ_I64(r.trace.cause[i], rx_member_index(RX_FAM_STAGE, "delay_spike") + 1);
	}
	rx_result_free(&r);
	free(sc);
}

static void spikes_reach_the_trace(void)
{
	one_period("1", 551644);
	one_period("4", 1121467);
}

int main(void)
{
	spikes_reach_the_trace();
	short_spike_delays_without_rto();
	long_spike_holds_the_retransmission_behind();
	packets_queue_behind_and_only_the_buffer_drops();
	return t_report("stage_delay_spike");
}
