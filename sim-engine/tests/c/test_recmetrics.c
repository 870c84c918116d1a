/* test_recmetrics.c — the loss-recovery metrics of src/core/recmetrics.c
 * (the opportunistic-retransmission paper §III, eq. 8) on runs derived by
 * hand.
 *
 * The path is the paper's Fig. 1 made small: a forward bottleneck of
 * 8,320,000 b/s, so a data packet (1000 payload + 40 header bytes, no
 * timestamps) takes exactly 1 ms; 10 ms each way (U = 20 ms round-trip
 * propagation, an unlimited reverse link); receiver window 20 segments,
 * quick ACKs (one per segment), SACK, 40 segments to send, IW 20.  The
 * receiver's window holds the sender as Fig. 1 does: after the loss no new
 * data may go until the retransmission is acknowledged.
 *
 * Common timeline (t0 = the first data send, the SYN-ACK's arrival: the SYN's
 * 60 wire bytes take ceil(480e9 / 8.32e6) = 57,693 ns, then 10 + 10 ms, so
 * t0 = 20,057,693 ns, which is also the handshake's RTT sample, the base RTT):
 * at t0 segments 1..20 leave the sender at once (cwnd 20 = rwnd 20); the
 * bottleneck serialises them back to back, 1 ms each; a dropped segment
 * never reaches it.  Each segment reaches the receiver 10 ms after leaving
 * the bottleneck and its ACK the sender 10 ms later.
 */
#include <stdlib.h>
#include <string.h>
#include "scenarios.h"
#include "core/sim.h"

#define MS 1000000LL
#define T0 20057693LL

static struct rx_result res;

/* one run: the recovery member and the segments dropped once (1-based) */
static int run(const char *recovery, const char *rules, int64_t rate_bps)
{
	char json[2048];
	snprintf(json, sizeof json,
		 "{\"duration_s\": 10, \"path\": {\"forward\": {\"rate_bps\": %lld, \"delay_ms\": 10,"
		 "  \"loss\": {\"model\": \"positioned\", \"rules\": [%s]}},"
		 "  \"reverse\": {\"rate_bps\": 0, \"delay_ms\": 10}},"
		 " \"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": 40},"
		 "  \"tcp\": {\"recovery\": \"%s\", \"iw\": 20, \"mss\": 1000, \"sack\": true, \"timestamps\": false},"
		 "  \"receiver\": {\"ack_policy\": \"quick\", \"rwnd_bytes\": 20000}}]}",
		 (long long)rate_bps, rules, recovery);
	struct rx_errors es;
	struct rx_scenario *sc = t_from_json(json, &es, true);
	CHECK(sc != NULL);
	if (!sc)
		return -1;
	struct rx_error err;
	int rc = rx_run(sc, &res, &err);
	free(sc);
	CHECK_EQ_I64(rc, 0);
	if (rc)
		return -1;
	CHECK_EQ_I64(res.invariant_violations, 0);
	CHECK(res.flows[0].completed);
	long first = t_find(&res.trace, RX_EV_SEND, 0);
	/* without a rate the SYN takes no serialisation time: t0 = 20 ms */
	CHECK(first >= 0 && res.trace.t_ns[first] == (rate_bps ? T0 : 20 * MS));
	return 0;
}

/* ------------------------------------------------------------------------
 * One loss, segment 3 (n = 1), for each recovery member.
 *
 *   leaves the bottleneck: 1 at t0+1, 2 at +2, k = 4..20 at +(k-1) ms;
 *   ACKs: 1 at +21, 2 at +22 (each frees one segment of the receiver's
 *     window: 21 sent at +21, 22 at +22, leaving the idle bottleneck at +22
 *     and +23); SACKs of 4, 5, 6 at +23, +24, +25: the third marks 3 lost
 *     (RFC 6675 IsLost) and fast recovery retransmits it at +25;
 *   the retransmission leaves the idle bottleneck at +26: T2 = t0 + 26 ms;
 *   snd.nxt = snd.una + rwnd: nothing new may go until 3 is ACKed; it reaches
 *     the receiver at +36, whose ACK (everything to 22) is back at +46 and
 *     ends recovery; new data goes at once and its first segment (23) leaves
 *     the bottleneck at +47: the period is (t0 + 26, t0 + 47], 21 ms;
 *   in it the bottleneck sent only segment 23: busy 1 ms, idle 20 ms;
 *   eta = busy / period = 1 / 21 = n / (n + C I) with n = 1, C = 1/ms, I =
 *     20 ms: the paper's eq. (6) with eq. (8), I = U - (n-1)/C = 20 ms.
 *   RTT spike: the SACKs in recovery sample segments 7..20, all sent at t0,
 *     at +26..+39, then 21 and 22 (21 ms each); the ACK at +46 covers the
 *     retransmission (Karn: no sample).  Max 39 ms, base t0's handshake
 *     sample: 39 ms / 20.057693 ms.
 * The member does not matter here: the receiver's window, not the
 * congestion window, holds the sender (the paper's Table 1: all four
 * 'Original' algorithms have the same utilisation).
 * --------------------------------------------------------------------- */
static void single_loss(const char *recovery)
{
	if (run(recovery, "{\"segment\": 3}", 8320000))
		return;
	const struct rx_flow_metrics *m = &res.flows[0];
	CHECK_EQ_I64(m->recovery_episodes, 1);
	CHECK_EQ_I64(m->n_rec_episodes, 1);
	CHECK_EQ_I64(m->recovery_periods, 1);
	if (m->n_rec_episodes == 1) {
		const struct rx_rec_episode *e = &m->rec_episodes[0];
		CHECK_EQ_I64(e->enter_ns, T0 + 25 * MS);
		CHECK_EQ_I64(e->exit_ns, T0 + 46 * MS);
		CHECK_EQ_I64(e->period_start_ns, T0 + 26 * MS);
		CHECK_EQ_I64(e->period_end_ns, T0 + 47 * MS);
		CHECK_EQ_I64(e->busy_ns, 1 * MS);
		CHECK_EQ_I64(e->idle_ns, 20 * MS);
		CHECK(e->utilisation == 1.0 / 21.0);
		CHECK_EQ_I64(e->rtt_max_ns, 39 * MS);
		CHECK(e->rtt_spike == 39e6 / (double)T0);
		/* one idle stretch: from T2 (the retransmission's last bit) to the
		 * first bit of segment 23, which leaves at +47 after 1 ms */
		CHECK_EQ_I64(e->idle_gaps, 1);
		CHECK_EQ_I64(e->idle_intervals_ns.n, 1);
		CHECK_EQ_I64(e->idle_intervals_ns.start_ns[0], T0 + 26 * MS);
		CHECK_EQ_I64(e->idle_intervals_ns.end_ns[0], T0 + 46 * MS);
		if (e->period_start_ns != T0 + 26 * MS || e->period_end_ns != T0 + 47 * MS)
			fprintf(stderr, "  (recovery %s)\n", recovery);
	}
	CHECK(m->recovery_utilisation == 1.0 / 21.0);
	CHECK(m->recovery_idle_ms == 20.0);
	CHECK(m->recovery_period_ms == 21.0);
	CHECK(m->rtt_spike == 39e6 / (double)T0);
	rx_result_free(&res);
}

/* ------------------------------------------------------------------------
 * A burst of three, segments 3, 4, 5 (n = 3), QARR (window kept, β = 1).
 *
 *   leaves the bottleneck: 1, 2 at +1, +2; k = 6..20 at +(k-3);
 *   ACKs 1, 2 at +21, +22 send 21, 22 (leaving at +22, +23); SACKs of 6, 7, 8
 *     at +23, +24, +25: the third marks 3, 4 and 5 lost; QARR keeps W = cwnd
 *     = 22 segments (IW 20 + 2 in slow start); after the fast retransmission
 *     of 3, pipe = 22 out - 3 SACKed - 3 lost + 1 retransmitted = 17, so 4
 *     and 5 follow at once: all three at +25, leaving at +26, +27, +28;
 *     T2 = t0 + 26 ms;
 *   3 reaches the receiver at +36: its ACK (to 3) at +46 slides the
 *     receiver's window by one segment: 23 goes at once and leaves the idle
 *     bottleneck at +47, the end of the period (4, 5 still in flight);
 *   in (t0 + 26, t0 + 47]: 4, 5 and 23 left: busy 3 ms, idle 18 ms, eta =
 *     3 / 21 = n / (n + C I), I = U - (n-1)/C = 20 - 2 = 18 ms (the paper's
 *     Theorem 4 for QARR, eq. 11);
 *   where it idled: 4 and 5 follow the retransmission back to back ([+26,
 *     +27], [+27, +28]), then nothing until 23's first bit at +46: one
 *     stretch [t0 + 28, t0 + 46], the 18 ms.
 * --------------------------------------------------------------------- */
static void burst_of_three_qarr(void)
{
	if (run("qarr", "{\"segment\": 3}, {\"segment\": 4}, {\"segment\": 5}", 8320000))
		return;
	const struct rx_flow_metrics *m = &res.flows[0];
	CHECK_EQ_I64(m->recovery_periods, 1);
	if (m->n_rec_episodes >= 1) {
		const struct rx_rec_episode *e = &m->rec_episodes[0];
		CHECK_EQ_I64(e->enter_ns, T0 + 25 * MS);
		CHECK_EQ_I64(e->period_start_ns, T0 + 26 * MS);
		CHECK_EQ_I64(e->period_end_ns, T0 + 47 * MS);
		CHECK_EQ_I64(e->busy_ns, 3 * MS);
		CHECK_EQ_I64(e->idle_ns, 18 * MS);
		CHECK(e->utilisation == 3.0 / 21.0);
		CHECK_EQ_I64(e->idle_gaps, 1);
		CHECK_EQ_I64(e->idle_intervals_ns.n, 1);
		CHECK_EQ_I64(e->idle_intervals_ns.start_ns[0], T0 + 28 * MS);
		CHECK_EQ_I64(e->idle_intervals_ns.end_ns[0], T0 + 46 * MS);
	}
	rx_result_free(&res);
}

/* ------------------------------------------------------------------------
 * No bottleneck rate (rate_bps 0): the link is never busy or idle, so no
 * period is measured; the episode is still recorded, and the metrics that
 * need a period are null (negative in C).
 * --------------------------------------------------------------------- */
static void no_bottleneck(void)
{
	if (run("prr", "{\"segment\": 3}", 0))
		return;
	const struct rx_flow_metrics *m = &res.flows[0];
	CHECK_EQ_I64(m->n_rec_episodes, 1);
	CHECK_EQ_I64(m->recovery_periods, 0);
	CHECK(m->recovery_utilisation < 0);
	CHECK(m->recovery_idle_ms == 0);
	if (m->n_rec_episodes == 1) {
		CHECK_EQ_I64(m->rec_episodes[0].period_start_ns, -1);
		CHECK(m->rec_episodes[0].utilisation < 0);
		CHECK_EQ_I64(m->rec_episodes[0].idle_gaps, -1);
		CHECK_EQ_I64(m->rec_episodes[0].idle_intervals_ns.n, 0);
	}
	rx_result_free(&res);
}

/* ------------------------------------------------------------------------
 * Which idle stretches an episode keeps (interpretation 5): all of them
 * counted, the RX_INTERVALS_MAX (8) longest held in time order, the earlier
 * of equal lengths.  Eleven stretches j = 0..10, starting at 10 j ns, of
 * lengths 5 1 7 3 3 9 2 8 4 6 3:
 *   j = 0..7 fill the list: 5 1 7 3 3 9 2 8;
 *   j = 8 (4) replaces the shortest, j = 1 (1): 5 7 3 3 9 2 8 4;
 *   j = 9 (6) replaces j = 6 (2): 5 7 3 3 9 8 4 6 = j 0 2 3 4 5 7 8 9;
 *   j = 10 (3) is not longer than the shortest held (j = 3, 3): dropped.
 * --------------------------------------------------------------------- */
static void keeps_the_longest_stretches(void)
{
	static const int64_t len[] = { 5, 1, 7, 3, 3, 9, 2, 8, 4, 6, 3 };
	static const int64_t kept[] = { 0, 2, 3, 4, 5, 7, 8, 9 };
	struct rx_rec_episode e = { .idle_gaps = 0 };
	for (int64_t j = 0; j < 11; j++)
		rx_rm_keep_gap(&e, 10 * j, 10 * j + len[j]);
	CHECK_EQ_I64(e.idle_gaps, 11);
	CHECK_EQ_I64(e.idle_intervals_ns.n, 8);
	for (int i = 0; i < 8; i++) {
		CHECK_EQ_I64(e.idle_intervals_ns.start_ns[i], 10 * kept[i]);
		CHECK_EQ_I64(e.idle_intervals_ns.end_ns[i], 10 * kept[i] + len[kept[i]]);
	}
}

int main(void)
{
	single_loss("prr");
	single_loss("rate_halving");
	single_loss("qarr");
	single_loss("barr");
	burst_of_three_qarr();
	no_bottleneck();
	keeps_the_longest_stretches();
	return t_report("recmetrics");
}
