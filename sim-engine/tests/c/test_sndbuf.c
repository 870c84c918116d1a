/* test_sndbuf.c — the send buffer and the application-stall metric
 * (src/core/sndbuf.c; opportunistic-retransmission paper §V).
 *
 * Every expected value below is derived by hand beside its assertion.
 * Common setup unless a test says otherwise: one flow, no handshake (data
 * from t = 0), MSS 1024, no timestamps (a segment is 1024 + 40 = 1064 bytes
 * on the wire), quick ACKs (one per segment), Reno, RFC 6675 recovery,
 * limited transmit off, RTO timer only (no probes), unlimited link rate
 * unless set, one-way delay 50 ms each way (RTT 100 ms). */
#include <stdlib.h>
#include <string.h>
#include "scenarios.h"
#include "core/sim.h"
#include "rexsim/ops.h"
#include "rexsim/registry.h"

#define MSS 1024

static struct rx_scenario *setup(int64_t sndbuf_bytes, int64_t growth, int64_t iw)
{
	struct rx_scenario *sc = t_tail_scenario(100, 0, "rto", "quick");
	struct rx_flow_cfg *f = &sc->flows[0];
	f->app_kind = t_enum("app.kind", "bulk");
	f->handshake = false;
	f->timestamps = false;
	f->mss = MSS;
	f->iw = iw;
	f->limited_transmit = false;
	f->sndbuf_bytes = sndbuf_bytes;
	f->sndbuf_growth = growth;
	return sc;
}

/* the time (ns) of the first event of `kind` whose seq is `seq`, or -1 */
static int64_t t_first(const struct rx_trace *t, int kind, uint64_t seq)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->kind[i] == kind && t->seq[i] == seq)
			return t->t_ns[i];
	return -1;
}

/* the index of the first event of `kind` whose seq is `seq`, or -1 */
static long i_first(const struct rx_trace *t, int kind, uint64_t seq)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->kind[i] == kind && t->seq[i] == seq)
			return (long)i;
	return -1;
}

/* the values of the sndbuf_bytes variable traced for flow 0, in order
 * (at most cap of them), their count, and the time of the first (or -1) */
static size_t size_trace(const struct rx_trace *t, int64_t *v, size_t cap, int64_t *first_ns)
{
	int id = rx_core_var_id(RX_CORE_VAR_SNDBUF);
	size_t n = 0;
	*first_ns = -1;
	for (size_t i = 0; i < t->n_vars; i++)
		if (t->var_id[i] == id && t->var_flow[i] == 0) {
			if (n == 0)
				*first_ns = t->var_t_ns[i];
			if (n < cap)
				v[n] = t->var_value[i];
			n++;
		}
	return n;
}

/* ---------------------------------------------------------------- the rules, on their own */

/* The writer (§V.B rule (c), sndbuf.c interpretations 1-3), buffer 30
 * segments, the application wanting 100 segments. */
static void writer_rule(void)
{
	uint64_t size = 30 * MSS;
	bool blocked = false;
	/* empty buffer, awake: fills all 30 segments and sleeps (it wants more) */
	CHECK_EQ_I64(rx_sndbuf_write_end(size, 0, 0, 100 * MSS, MSS, &blocked), 30 * MSS);
	CHECK(blocked);
	/* 10 segments acknowledged: free = 10 = size/3, not more than a third:
	 * still asleep, nothing written */
	CHECK_EQ_I64(rx_sndbuf_write_end(size, 10 * MSS, 30 * MSS, 100 * MSS, MSS, &blocked), 30 * MSS);
	CHECK(blocked);
	/* 11 acknowledged: 3 × 11 > 30, it wakes and fills the 11 free segments */
	CHECK_EQ_I64(rx_sndbuf_write_end(size, 11 * MSS, 30 * MSS, 100 * MSS, MSS, &blocked), 41 * MSS);
	CHECK(blocked);
	/* a byte-exact third: size 3000 bytes, free 1000 = size/3 stays asleep,
	 * free 1001 wakes and writes whole segments of 100: 10 of them (1000) */
	blocked = true;
	CHECK_EQ_I64(rx_sndbuf_write_end(3000, 1000, 3000, 100000, 100, &blocked), 3000);
	CHECK(blocked);
	CHECK_EQ_I64(rx_sndbuf_write_end(3000, 1001, 3000, 100000, 100, &blocked), 4000);
	CHECK(blocked);
	/* an object that fits is written whole, runt tail included, and the
	 * writer stays awake: 5 segments + 100 bytes into an empty 30-segment buffer */
	blocked = false;
	CHECK_EQ_I64(rx_sndbuf_write_end(size, 0, 0, 5 * MSS + 100, MSS, &blocked), 5 * MSS + 100);
	CHECK(!blocked);
	/* nothing more wanted: nothing changes, asleep or not */
	blocked = true;
	CHECK_EQ_I64(rx_sndbuf_write_end(size, 0, 7 * MSS, 7 * MSS, MSS, &blocked), 7 * MSS);
	CHECK(blocked);
}

/* Growth (§V.B: 2 × cwnd; §V.C: 3 × cwnd), never shrinking, capped. */
static void growth_rule(void)
{
	/* cwnd 10 segments: 2 × 10 = 20, 3 × 10 = 30 segments, from 16 KB */
	CHECK_EQ_I64(rx_sndbuf_grown(16384, 10 * MSS, 2, 0), 20 * MSS);
	CHECK_EQ_I64(rx_sndbuf_grown(16384, 10 * MSS, 3, 0), 30 * MSS);
	/* a reduction (cwnd 5) leaves it at its size */
	CHECK_EQ_I64(rx_sndbuf_grown(20 * MSS, 5 * MSS, 2, 0), 20 * MSS);
	/* below the initial size nothing changes: 2 × 4 = 8 KB < 16 KB */
	CHECK_EQ_I64(rx_sndbuf_grown(16384, 4 * MSS, 2, 0), 16384);
	/* the limit caps it: 3 × 100 segments > 200 KB */
	CHECK_EQ_I64(rx_sndbuf_grown(16384, 100 * MSS, 3, 200 * MSS), 200 * MSS);
	/* growth 0: fixed */
	CHECK_EQ_I64(rx_sndbuf_grown(16384, 100 * MSS, 0, 0), 16384);
}

/* ---------------------------------------------------------------- runs */

/* Stall in recovery: a bulk app with a 64 KB send buffer (64 segments),
 * iw 48, segment 1's first transmission dropped.
 *
 *  t = 0: the writer fills the buffer with segments 1..64 and sleeps; the
 *    sender sends 1..48 (cwnd 48).  16 segments stay unsent in the buffer.
 *  t = 100: 47 duplicate ACKs (segments 2..48 SACKed), in one instant.  The
 *    third enters recovery: ssthresh = FlightSize / 2 = 24, cwnd = 24
 *    (RFC 6675 (4.2)), segment 1 retransmitted; pipe = 48 out - 3 SACKed - 1
 *    lost + 1 retransmitted = 45.  Each later duplicate ACK SACKs one more
 *    segment, pipe 45 - k after the k-th of them; new data goes when
 *    cwnd - pipe >= 1 segment, from k = 22 on: segments 49..64, one per ACK,
 *    k = 22..37, pipe back at 24 each time.  The buffer is now all in flight
 *    and SACKed data is not freed (§V.B): occupancy 64, free 0, the writer
 *    sleeps.  At k = 38, pipe = 23: room for a segment and nothing to send
 *    (no rule 3 hole: every segment below the highest SACK is SACKed or
 *    retransmitted; no rule 4 rescue: RFC 6675 (4.a) wants HighACK >
 *    RescueRxt, and RescueRxt is the fast retransmit's segment 1 while
 *    snd.una is still 0): the stall begins, at t = 100 ms.
 *    (With the buffer's data counted as freed at SACK time there would be no
 *    stall: the test fails if SACKed bytes free the buffer.)
 *  t = 150: segment 1's retransmission, then 49..64, reach the receiver.
 *  t = 200: the ACK of 1..48 (cumulative 48 segments) arrives: recovery ends
 *    (snd.una reaches RecoveryPoint = 48 segments) and 48 segments are free,
 *    more than a third of 64: the writer wakes, writes 48 segments, and the
 *    sender has data again: the stall ends at t = 200 ms.
 *  So app_stall_ms = 100, all of it in the one recovery episode.  The bulk
 *  app stops at 250 ms; from t = 200 cwnd is 24, at most 24 + its slow growth
 *  in flight, far below the 64-segment buffer: no other stall. */
static void stall_in_recovery(void)
{
	struct rx_scenario *sc = setup(65536, 0, 48);
	struct rx_flow_cfg *f = &sc->flows[0];
	f->app_duration_s = 0.25;
	sc->fwd.loss.model = RX_LOSS_POSITIONED;
	sc->fwd.loss.n_rules = 1;
	rx_pos_rule_init(&sc->fwd.loss.rules[0]);
	sc->fwd.loss.rules[0].segment = 1;
	struct rx_result res;
	struct rx_error err;
	CHECK_EQ_I64(rx_run(sc, &res, &err), 0);
	const struct rx_trace *t = &res.trace;
	const struct rx_flow_metrics *m = &res.flows[0];
	CHECK_EQ_I64(t_count(t, RX_EV_APP_STALL), 2);
	long b = t_find(t, RX_EV_APP_STALL, 0), e = t_find(t, RX_EV_APP_STALL, 1);
	CHECK(b >= 0 && e >= 0);
	if (b >= 0 && e >= 0) {
		CHECK_EQ_I64(t->detail[b], 1);
		CHECK_EQ_I64(t->t_ns[b], t_ms(100));
		CHECK_EQ_I64(t->seq[b], 64 * MSS); /* snd.nxt: the whole buffer was sent */
		CHECK_EQ_I64(t->arg[b], 65536);
		CHECK_EQ_I64(t->state[b], RX_CA_RECOVERY);
		CHECK_EQ_I64(t->detail[e], 0);
		CHECK_EQ_I64(t->t_ns[e], t_ms(200));
	}
	/* the stall began after the 16 buffered segments: the last new segment
	 * (64) left at t = 100 */
	CHECK_EQ_I64(t_first(t, RX_EV_SEND, 63 * MSS), t_ms(100));
	/* segment 65, written when the writer woke, leaves at t = 200 */
	CHECK_EQ_I64(t_first(t, RX_EV_SEND, 64 * MSS), t_ms(200));
	CHECK_EQ_I64(m->recovery_episodes, 1);
	CHECK_EQ_I64(m->app_stalls, 1);
	CHECK_EQ_I64(t_ms(m->app_stall_ms), t_ms(100));
	CHECK_EQ_I64(t_ms(m->app_stall_recovery_ms), t_ms(100));
	CHECK_EQ_I64(t_ms(m->app_stall_episode_max_ms), t_ms(100));
	CHECK_EQ_I64(m->sndbuf_peak_bytes, 65536);
	CHECK_EQ_I64(res.invariant_violations, 0);
	rx_result_free(&res);

	/* the same without a modelled buffer: no stall, nothing traced, no
	 * sndbuf_bytes variable */
	f->sndbuf_bytes = 0;
	CHECK_EQ_I64(rx_run(sc, &res, &err), 0);
	CHECK_EQ_I64(t_count(&res.trace, RX_EV_APP_STALL), 0);
	{
		int64_t v[1], first_ns;
		CHECK_EQ_I64(size_trace(&res.trace, v, 1, &first_ns), 0);
	}
	CHECK_EQ_I64(t_ms(res.flows[0].app_stall_ms), 0);
	CHECK_EQ_I64(res.flows[0].sndbuf_peak_bytes, 0);
	rx_result_free(&res);
	free(sc);
}

/* Stall with opportunistic room (Definition 1 with tcp.opportunistic_rtx,
 * sndbuf.c interpretation 6): stall_in_recovery's run, the receive window
 * 48 segments (receiver.rwnd_bytes = 49152, the default receiver: the window
 * never moves, W2), so the window, not cwnd, holds new data in recovery.
 *  t = 0: the writer fills 64 segments and sleeps; 1..48 go (cwnd 48 =
 *    the window); 16 stay unsent in the buffer.
 *  t = 100: 47 duplicate ACKs, SACKing 2..48 in turn.  Recovery as before:
 *    cwnd 24, pipe 45 - k after the k-th later one, cwnd room from k = 22.
 *    The window's edge is snd.una + 48 = segment 48's end = snd.nxt: no room
 *    in it.  Opportunistic retransmission (sender.c, opportunistic_allows)
 *    extends it by the n1 + n2 segments from snd.una to the highest SACK,
 *    4 + k at the k-th: segment 49 + j may go while 49 + j <= 48 + 4 + k,
 *    always true for k >= 22 > j - 3; so segments 49..64 go at k = 22..37,
 *    cause 'opportunistic', one per ACK, exactly as in stall_in_recovery.
 *    At k = 38 (pipe 23): room in cwnd, room in the allowance (65 <= 90), no
 *    data, the writer asleep on the full buffer: the stall begins, t = 100.
 *  t = 150: segment 1's retransmission, then 49..64, reach the receiver.
 *  t = 200: the ACK of 1..48 ends recovery and frees 48 segments: the
 *    writer wakes, the stall ends.  app_stall_ms = 100, all in recovery.
 * The same run without opportunistic retransmission has no stall at all:
 * segments 49..64 stay unsent in the buffer (the window is shut) until
 * t = 200, so the sender is never out of data while it may send; before
 * interpretation 6 counted the allowance, the run with it reported no
 * stall either (its room was past the window only). */
static void stall_with_opportunistic_room(void)
{
	for (int opp = 0; opp <= 1; opp++) {
		struct rx_scenario *sc = setup(65536, 0, 48);
		struct rx_flow_cfg *f = &sc->flows[0];
		f->app_duration_s = 0.25;
		f->rwnd_bytes = 48 * MSS;
		f->opportunistic_rtx = opp;
		sc->fwd.loss.model = RX_LOSS_POSITIONED;
		sc->fwd.loss.n_rules = 1;
		rx_pos_rule_init(&sc->fwd.loss.rules[0]);
		sc->fwd.loss.rules[0].segment = 1;
		struct rx_result res;
		struct rx_error err;
		CHECK_EQ_I64(rx_run(sc, &res, &err), 0);
		const struct rx_trace *t = &res.trace;
		const struct rx_flow_metrics *m = &res.flows[0];
		CHECK_EQ_I64(m->recovery_episodes, 1);
		if (opp) {
			/* segment 49 and segment 64 left at t = 100, past the window */
			long s49 = i_first(t, RX_EV_SEND, 48 * MSS), s64 = i_first(t, RX_EV_SEND, 63 * MSS);
			CHECK(s49 >= 0 && s64 >= 0);
			if (s49 >= 0 && s64 >= 0) {
				CHECK_EQ_I64(t->t_ns[s49], t_ms(100));
				CHECK_EQ_I64(t->cause[s49], RX_TXC_OPPORTUNISTIC);
				CHECK_EQ_I64(t->t_ns[s64], t_ms(100));
				CHECK_EQ_I64(t->cause[s64], RX_TXC_OPPORTUNISTIC);
			}
			CHECK_EQ_I64(t_count(t, RX_EV_APP_STALL), 2);
			long b = t_find(t, RX_EV_APP_STALL, 0), e = t_find(t, RX_EV_APP_STALL, 1);
			CHECK(b >= 0 && e >= 0);
			if (b >= 0 && e >= 0) {
				CHECK_EQ_I64(t->detail[b], 1);
				CHECK_EQ_I64(t->t_ns[b], t_ms(100));
				CHECK_EQ_I64(t->seq[b], 64 * MSS);
				CHECK_EQ_I64(t->state[b], RX_CA_RECOVERY);
				CHECK_EQ_I64(t->detail[e], 0);
				CHECK_EQ_I64(t->t_ns[e], t_ms(200));
			}
			CHECK_EQ_I64(m->app_stalls, 1);
			CHECK_EQ_I64(t_ms(m->app_stall_ms), t_ms(100));
			CHECK_EQ_I64(t_ms(m->app_stall_recovery_ms), t_ms(100));
			CHECK_EQ_I64(t_ms(m->app_stall_episode_max_ms), t_ms(100));
		} else {
			/* segment 49 waits for the window: t = 200 */
			CHECK_EQ_I64(t_first(t, RX_EV_SEND, 48 * MSS), t_ms(200));
			CHECK_EQ_I64(t_count(t, RX_EV_APP_STALL), 0);
			CHECK_EQ_I64(m->app_stalls, 0);
			CHECK_EQ_I64(t_ms(m->app_stall_ms), 0);
		}
		CHECK_EQ_I64(res.invariant_violations, 0);
		rx_result_free(&res);
		free(sc);
	}
}

/* The writer wakes at one third free, in a run.  A fixed 30-segment buffer
 * (30720 bytes), iw 30, forward rate 8.512 Mb/s: 1064 wire bytes × 8 /
 * 8,512,000 = 1 ms per segment, so segment j leaves the link at j ms and its
 * ACK is back at 100 + j ms (the reverse path has no rate limit).
 *  t = 0: the writer fills 30 segments and sleeps; all 30 are sent (cwnd 30).
 *  ACK of segment j (t = 100 + j): free = j segments; the writer wakes when
 *    3j > 30, j = 11, at t = 111 ms, and writes the 11 free segments:
 *    segment 31 (seq 30 × 1024) leaves at 111 ms, not at 110 (a third
 *    exactly does not wake it).  Before that, from the first ACK (t = 101:
 *    cwnd 31 by slow start, pipe 29) the sender has room and nothing to send:
 *    the stall begins at 101 ms.
 *  Occupancy is then 41 - j; free = j - 11, more than 10 first at j = 22:
 *    segment 42 (seq 41 × 1024) leaves at t = 122 ms. */
static void wakes_at_one_third(void)
{
	struct rx_scenario *sc = setup(30 * MSS, 0, 30);
	sc->fwd.rate_bps = 8512000;
	sc->flows[0].app_duration_s = 0.3;
	struct rx_result res;
	struct rx_error err;
	CHECK_EQ_I64(rx_run(sc, &res, &err), 0);
	const struct rx_trace *t = &res.trace;
	CHECK_EQ_I64(t_first(t, RX_EV_SEND, 29 * MSS), 0); /* segment 30 at t = 0 */
	CHECK_EQ_I64(t_first(t, RX_EV_SEND, 30 * MSS), t_ms(111));
	CHECK_EQ_I64(t_first(t, RX_EV_SEND, 40 * MSS), t_ms(111)); /* the 11th written then */
	CHECK_EQ_I64(t_first(t, RX_EV_SEND, 41 * MSS), t_ms(122));
	long b = t_find(t, RX_EV_APP_STALL, 0);
	CHECK(b >= 0);
	if (b >= 0) {
		CHECK_EQ_I64(t->t_ns[b], t_ms(101));
		CHECK_EQ_I64(t->detail[b], 1);
	}
	CHECK_EQ_I64(res.invariant_violations, 0);
	rx_result_free(&res);
	free(sc);
}

/* Growth with cwnd: 2 × cwnd (Linux, §V.B) against 3 × cwnd (§V.C).
 * iw 10, a receive buffer of 20 segments (20480 bytes), send buffer 4 KB to
 * start, bulk for 2 s, no loss, unlimited rate.  cwnd grows by one segment
 * per ACK in slow start while the ACK's prior pipe is at least half of cwnd
 * (tcp.cwnd_limited half_pipe).  Once the receive window caps the flight at
 * 20 segments every ACK finds pipe 20 before it (one new segment replaces
 * each one ACKed), so cwnd grows while 2 × 20 >= cwnd: the ACK at cwnd 40
 * takes it to 41, and no later ACK grows it.  The buffer never runs dry on
 * the way (unsent >= 2/3 size - flight >= cwnd/3 > 0 with factor 2), so the
 * window grows as it would with no buffer.  Largest buffer: 2 × 41 × 1024 =
 * 83968 bytes, 3 × 41 × 1024 = 125952 bytes; factor 0 keeps the 4 KB.
 * The sndbuf_bytes variable: it starts with the flow at its 4096 bytes
 * (t = 0); the first push (t = 0, cwnd = iw = 10) grows the 4 KB to
 * growth × 10 segments; then each ACK that grows cwnd by one segment is
 * followed by a push, which grows the buffer by growth segments: values
 * 4096, then growth × k × 1024 for k = 10, 11, ..., 41, 33 of them, the
 * first two at t = 0.  Factor 0 never changes the size: 4096 alone. */
static void growth_2_vs_3(void)
{
	static const int64_t growth[3] = { 2, 3, 0 };
	static const int64_t peak[3] = { 83968, 125952, 4096 };
	for (int i = 0; i < 3; i++) {
		struct rx_scenario *sc = setup(4096, growth[i], 10);
		sc->flows[0].app_duration_s = 2;
		sc->flows[0].rwnd_bytes = 20 * MSS;
		struct rx_result res;
		struct rx_error err;
		CHECK_EQ_I64(rx_run(sc, &res, &err), 0);
		CHECK_EQ_I64(res.flows[0].sndbuf_peak_bytes, peak[i]);
		if (growth[i]) {
			uint32_t cwnd_max = 0;
			for (size_t k = 0; k < res.trace.n; k++)
				if (res.trace.cwnd_bytes[k] > cwnd_max)
					cwnd_max = res.trace.cwnd_bytes[k];
			CHECK_EQ_I64(cwnd_max, 41 * MSS);
			CHECK_EQ_I64(t_ms(res.flows[0].app_stall_ms), 0);
		}
		int64_t v[64], first_ns;
		size_t n = size_trace(&res.trace, v, 64, &first_ns);
		CHECK_EQ_I64(n, growth[i] ? 33 : 1);
		CHECK_EQ_I64(v[0], 4096);
		CHECK_EQ_I64(first_ns, 0);
		for (size_t k = 1; k < n && k < 64; k++)
			CHECK_EQ_I64(v[k], growth[i] * (int64_t)(10 + k - 1) * MSS);
		CHECK_EQ_I64(res.invariant_violations, 0);
		rx_result_free(&res);
		free(sc);
	}
}

/* Bad input: a clear error naming the field and the limit. */
static void validation(void)
{
	t_expect_error("{\"flows\": [{\"tcp\": {\"mss\": 1000, \"sndbuf_bytes\": 1999}}]}", "flows[0].tcp.sndbuf_bytes",
		       "at least 2 × tcp.mss = 2000");
	t_expect_error("{\"flows\": [{\"tcp\": {\"sndbuf_bytes\": 65536, \"sndbuf_limit_bytes\": 4096}}]}",
		       "flows[0].tcp.sndbuf_limit_bytes", "at least tcp.sndbuf_bytes = 65536");
	t_expect_error("{\"flows\": [{\"tcp\": {\"sndbuf_growth\": 9}}]}", "flows[0].tcp.sndbuf_growth", "8");
	t_expect_error("{\"flows\": [{\"tcp\": {\"sndbuf_bytes\": -1}}]}", "flows[0].tcp.sndbuf_bytes", "0");
}

int main(void)
{
	writer_rule();
	growth_rule();
	stall_in_recovery();
	stall_with_opportunistic_room();
	wakes_at_one_third();
	growth_2_vs_3();
	validation();
	return t_report("sndbuf");
}
