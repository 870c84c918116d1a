/* test_newreno.c — limited transmit (RFC 3042) and NewReno fast recovery
 * without SACK (RFC 6582 §3.2), each on a case derived by hand, exact to the
 * nanosecond and the byte.
 *
 * Common setup (scenario() below): one flow, MSS 1000, IW 10, Reno, no
 * handshake (data leaves at t = 0), no timestamps, so a data segment is
 * 20 + 20 + 1000 = 1040 bytes on the wire; the forward bottleneck runs at
 * 8.32 Mb/s, so it serializes one segment in exactly 1040 * 8 / 8.32e6 =
 * 1 ms; one-way delay 50 ms each way; ACKs (reverse) are not rate-limited;
 * quick ACKs (the receiver ACKs every segment at once).  Positioned drops
 * take a segment at the forward path's ingress, before the bottleneck, so a
 * dropped segment costs no serialization time.
 *
 * Hence, for an initial window of ten segments sent at t = 0 with some of
 * them dropped, the k-th segment that is NOT dropped leaves the bottleneck
 * at k ms, reaches the receiver at k + 50 ms, and its ACK reaches the sender
 * at k + 100 ms.  A segment sent later at time t onto an idle bottleneck
 * reaches the receiver at t + 51 ms and its ACK returns at t + 101 ms.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scenarios.h"
#include "tjson.h"
#include "rexsim/config.h"
#include "rexsim/ops.h"

/* drops: the positioned rules' segments ("1, 6"); tcp_extra: more tcp keys */
static struct rx_scenario *scenario(int segments, const char *drops, bool sack, const char *tcp_extra)
{
	char rules[256] = "", json[2048];
	const char *p = drops;
	while (*p) {
		char *end;
		long seg = strtol(p, &end, 10);
		if (end == p)
			break;
		size_t n = strlen(rules);
		snprintf(rules + n, sizeof(rules) - n, "%s{\"segment\": %ld}", n ? ", " : "", seg);
		p = end;
		while (*p == ',' || *p == ' ')
			p++;
	}
	snprintf(json, sizeof(json),
		 "{\"duration_s\": 10,"
		 " \"path\": {\"forward\": {\"rate_bps\": 8320000, \"delay_ms\": 50, \"buffer_pkts\": 1000,"
		 "                          \"loss\": {\"model\": \"positioned\", \"rules\": [%s]}},"
		 "          \"reverse\": {\"rate_bps\": 0, \"delay_ms\": 50}},"
		 " \"flows\": [{\"app\": {\"kind\": \"fixed\", \"bytes\": %d},"
		 "             \"tcp\": {\"mss\": 1000, \"iw\": 10, \"sack\": %s, \"timestamps\": false,"
		 "                     \"handshake\": false, \"cc\": \"reno\", \"timer\": \"rto\","
		 "                     \"early_retransmit\": false%s%s},"
		 "             \"receiver\": {\"ack_policy\": \"quick\"}}]}",
		 rules, segments * 1000, sack ? "true" : "false", tcp_extra ? ", " : "", tcp_extra ? tcp_extra : "");
	return t_scenario_json(json);
}

static void run(const struct rx_scenario *sc, struct rx_result *res)
{
	struct rx_error err;
	CHECK_EQ_I64(rx_run(sc, res, &err), 0);
	CHECK_EQ_I64(res->invariant_violations, 0);
}

/* the n-th (0-based) event of a kind in [from, to) ms, or -1 */
static long nth_in(const struct rx_trace *t, int kind, double from_ms, double to_ms, int n)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->kind[i] == kind && t->t_ns[i] >= t_ms(from_ms) && t->t_ns[i] < t_ms(to_ms) && n-- == 0)
			return (long)i;
	return -1;
}

static long count_in(const struct rx_trace *t, int kind, double from_ms, double to_ms)
{
	long c = 0;
	for (size_t i = 0; i < t->n; i++)
		c += t->kind[i] == kind && t->t_ns[i] >= t_ms(from_ms) && t->t_ns[i] < t_ms(to_ms);
	return c;
}

/* an event of this kind at exactly at_ms with this seq (and cause, if >= 0) */
static void expect_ev(const struct rx_trace *t, int kind, double at_ms, uint64_t seq, int cause)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->kind[i] == kind && t->t_ns[i] == t_ms(at_ms) && t->seq[i] == seq &&
		    (cause < 0 || t->cause[i] == cause)) {
			t_pass++;
			return;
		}
	t_fail++;
	fprintf(stderr, "no %s of seq %llu (cause %d) at %.3f ms\n", rx_event_kind_name(kind), (unsigned long long)seq,
		cause, at_ms);
}

/* ---------------------------------------------------------------------------
 * 1. Limited transmit sends at most two segments, whatever DupThresh is
 * (RFC 3042 §2: "The amount of outstanding data would remain less than or
 * equal to the congestion window plus 2 segments.  In other words, the
 * sender can only send two segments beyond the congestion window (cwnd)";
 * RFC 5681 §3.2 step 1: "On the first and second duplicate ACKs ...").
 *
 * DupThresh 5, 20 segments, segment 1 dropped.  Segments 2..10 leave the
 * bottleneck at 1..9 ms; their duplicate ACKs (ack 0) arrive at 101..109.
 *   101  dupack 1: FlightSize 10 = cwnd -> one segment beyond: seq 10000
 *   102  dupack 2: FlightSize 11 -> seq 11000; FlightSize 12 = cwnd + 2
 *   103, 104  dupacks 3, 4: nothing (12 + 1 > cwnd + 2)
 *   105  dupack 5 = DupThresh: fast retransmit of seq 0.  ssthresh from
 *        FlightSize without the limited-transmit data (RFC 5681 §3.2 step 2):
 *        12000 - 2000 = 10000 -> Reno max(10000 / 2, 2 * 1000) = 5000, and
 *        RFC 6675 (4.2) cwnd = ssthresh = 5000.  (Before the fix ssthresh
 *        came from FlightSize 12000 with the two segments: 6000.)
 * The same with SACK: each duplicate ACK SACKs exactly one new segment (an
 * RFC 6675 §2 DupAck).  Before the fix the engine sent one new segment on
 * each of dupacks 1..4 (10000..13000 at 101..104): pipe fell by one segment
 * per duplicate ACK until DupThresh. */
static void limited_transmit_two_segments(bool sack)
{
	struct rx_scenario *sc = scenario(20, "1", sack, "\"dupthresh\": 5");
	struct rx_result res;
	run(sc, &res);
	const struct rx_trace *t = &res.trace;
	CHECK_EQ_I64(count_in(t, RX_EV_SEND, 100, 105.5), 2);
	expect_ev(t, RX_EV_SEND, 101, 10000, RX_TXC_NEW);
	expect_ev(t, RX_EV_SEND, 102, 11000, RX_TXC_NEW);
	long fr = nth_in(t, RX_EV_RETRANSMIT, 0, 1e9, 0);
	CHECK(fr >= 0);
	if (fr >= 0) {
		CHECK_EQ_I64(t->t_ns[fr], t_ms(105));
		CHECK_EQ_I64(t->seq[fr], 0);
		CHECK_EQ_I64(t->cause[fr], RX_TXC_FAST);
		CHECK_EQ_I64(t->ssthresh_bytes[fr], 5000);
		CHECK_EQ_I64(t->cwnd_bytes[fr], 5000);
	}
	CHECK(res.flows[0].completed);
	CHECK_EQ_I64(res.flows[0].rto_count, 0);
	rx_result_free(&res);
	free(sc);
}

/* ---------------------------------------------------------------------------
 * 2. No RFC 6675 rescue retransmission without SACK.  RFC 6675 NextSeg()
 * rule (4) ("we provide the opportunity for a single 'rescue'
 * retransmission per entry into loss recovery") belongs to the SACK-based
 * algorithm; NewReno (RFC 6582 §3.2) retransmits only on the third
 * duplicate ACK and, on a partial ACK, "the first unacknowledged segment".
 *
 * 8 segments (all in the initial window), segments 1 and 6 dropped.  The
 * six others leave the bottleneck at 1..6 ms; duplicate ACKs at 101..106.
 *   101, 102  dupacks 1, 2: nothing left to send (limited transmit idle)
 *   103  dupack 3: fast retransmit of seq 0; ssthresh = cwnd = 8000 / 2 =
 *        4000.  It reaches the receiver at 154: ACK 5000 (segments 1-5).
 *   204  partial ACK 5000: segment 6 (seq 5000) is retransmitted, reaches
 *        the receiver at 255 = FCT; its ACK 8000 at 305 ends recovery.
 * Nothing else is retransmitted.  Before the fix the partial ACK also sent
 * a rescue retransmission of the last segment (seq 7000, already received:
 * one spurious retransmission). */
static void no_rescue_without_sack(void)
{
	struct rx_scenario *sc = scenario(8, "1, 6", false, NULL);
	struct rx_result res;
	run(sc, &res);
	const struct rx_trace *t = &res.trace;
	CHECK_EQ_I64(t_count(t, RX_EV_RETRANSMIT), 2);
	expect_ev(t, RX_EV_RETRANSMIT, 103, 0, RX_TXC_FAST);
	expect_ev(t, RX_EV_RETRANSMIT, 204, 5000, RX_TXC_LOST);
	long rescues = 0;
	for (size_t i = 0; i < t->n; i++)
		rescues += t->kind[i] == RX_EV_RETRANSMIT && t->cause[i] == RX_TXC_RESCUE;
	CHECK_EQ_I64(rescues, 0);
	long fr = nth_in(t, RX_EV_RETRANSMIT, 0, 1e9, 0);
	CHECK(fr >= 0);
	if (fr >= 0)
		CHECK_EQ_I64(t->ssthresh_bytes[fr], 4000);
	long open = nth_in(t, RX_EV_STATE, 300, 1e9, 0);
	CHECK(open >= 0);
	if (open >= 0) {
		CHECK_EQ_I64(t->t_ns[open], t_ms(305));
		CHECK_EQ_I64(t->state[open], RX_CA_OPEN);
	}
	CHECK_EQ_I64(t_ms(res.flows[0].fct_ms), t_ms(255));
	CHECK_EQ_I64(res.flows[0].retransmissions, 2);
	CHECK_EQ_I64(res.flows[0].spurious_retransmissions, 0);
	CHECK_EQ_I64(res.flows[0].rto_count, 0);
	rx_result_free(&res);
	free(sc);
}

/* ---------------------------------------------------------------------------
 * 3. A partial ACK retransmits the next hole at once.  RFC 6582 §3.2 step 3,
 * "Partial acknowledgments: If this ACK does *not* acknowledge all of the
 * data up to and including recover, then this is a partial ACK.  In this
 * case, retransmit the first unacknowledged segment."
 *
 * The Linux reference's NewReno probe (../shared/linux-reference/
 * newreno-partial-ack.pkt: no SACK, MSS 1000, IW 10, 12 segments of data,
 * segments 1 and 6 lost, the others ACKed 1 ms apart) as an engine
 * scenario.  The ten segments of the initial window leave at t = 0; the
 * eight that are not dropped leave the bottleneck at 1..8 ms, so their
 * duplicate ACKs (ack 0) arrive at 101..108.
 *   101  dupack 1: limited transmit, seq 10000 (reaches the receiver 152)
 *   102  dupack 2: limited transmit, seq 11000 (153)
 *   103  dupack 3: fast retransmit of seq 0 (154); ssthresh = cwnd =
 *        (12000 - 2000 limited-transmit) / 2 = 5000 (Reno, FlightSize)
 *   104..108  dupacks 4..8; 202, 203: dupacks of the two limited-transmit
 *        segments.  Nothing left to send.
 *   204  the retransmission's ACK: 5000 (segments 1-5), a partial ACK
 *        (recover = 12000): seq 5000 is retransmitted at once (it reaches
 *        the receiver at 255 = FCT)
 *   305  ACK 12000 covers recover: a full ACK, recovery ends (Open).
 * Before the fix the partial ACK's retransmission waited for room in the
 * window: pipe after it was 7 outstanding - 1 lost = 6 segments > cwnd 5,
 * and no more duplicate ACKs came, so seq 5000 waited for the RTO at
 * 204 + 1000 = 1204 ms (RFC 6298's 1 s minimum).
 *
 * Kernel (Linux 6.18, CUBIC, PRR; the reference README) vs engine (this
 * Reno/RFC scenario):
 *   limited transmit on dupacks 1-2: kernel 10001:11001, 11001:12001 |
 *     engine seq 10000, 11000 (packetdrill counts from 1) at 101, 102 ms
 *   fast retransmit on dupack 3: kernel 1:1001 | engine seq 0 at 103 ms
 *   ssthresh: kernel 7 segments (CUBIC 0.7 x cwnd 10) | engine 5000 (Reno,
 *     FlightSize without limited transmit; the Linux-profile variant below
 *     gives 7000)
 *   partial ACK 5001: kernel retransmits 5001:6001 immediately | engine
 *     seq 5000 at 204 ms, the instant the partial ACK arrives
 *   ACK 12001 = high_seq: kernel stays in Recovery | engine (RFC 6582)
 *     leaves recovery at 305 ms; see the Linux option's test. */
static void partial_ack_at_once(void)
{
	struct rx_scenario *sc = scenario(12, "1, 6", false, NULL);
	struct rx_result res;
	run(sc, &res);
	const struct rx_trace *t = &res.trace;
	expect_ev(t, RX_EV_SEND, 101, 10000, RX_TXC_NEW);
	expect_ev(t, RX_EV_SEND, 102, 11000, RX_TXC_NEW);
	expect_ev(t, RX_EV_RETRANSMIT, 103, 0, RX_TXC_FAST);
	long fr = nth_in(t, RX_EV_RETRANSMIT, 0, 1e9, 0);
	CHECK(fr >= 0);
	if (fr >= 0)
		CHECK_EQ_I64(t->ssthresh_bytes[fr], 5000);
	CHECK_EQ_I64(t_count(t, RX_EV_ACK_RECV), 12); /* 10 dupacks, the partial and the full ACK */
	long partial = nth_in(t, RX_EV_ACK_RECV, 204, 205, 0);
	CHECK(partial >= 0);
	if (partial >= 0)
		CHECK_EQ_I64(t->seq[partial], 5000);
	expect_ev(t, RX_EV_RETRANSMIT, 204, 5000, RX_TXC_LOST);
	CHECK_EQ_I64(t_count(t, RX_EV_RETRANSMIT), 2);
	long open = nth_in(t, RX_EV_STATE, 300, 1e9, 0);
	CHECK(open >= 0);
	if (open >= 0) {
		CHECK_EQ_I64(t->t_ns[open], t_ms(305));
		CHECK_EQ_I64(t->seq[open], 12000);
		CHECK_EQ_I64(t->state[open], RX_CA_OPEN);
	}
	CHECK_EQ_I64(t_ms(res.flows[0].fct_ms), t_ms(255));
	CHECK_EQ_I64(res.flows[0].rto_count, 0);
	rx_result_free(&res);
	free(sc);
}

/* ---------------------------------------------------------------------------
 * 4. The window after a partial ACK.  RFC 6582 §3.2 step 3 goes on:
 * "Deflate the congestion window by the amount of new data acknowledged by
 * the Cumulative Acknowledgment field.  If the partial ACK acknowledges at
 * least one SMSS of new data, then add back SMSS bytes to the congestion
 * window.  [...] Send a new segment if permitted by the new value of cwnd."
 * In the engine's pipe form (cwnd = ssthresh, each duplicate ACK one segment
 * out of the pipe) that is: the duplicate-ACK credit falls by the segments
 * the partial ACK acknowledged, less one.
 *
 * The probe with 20 segments of data (more than fits), segments 1 and 6
 * dropped.  Until 204 ms as in case 3, and RFC 5681 §3.2 steps 3-5's
 * inflated window (cwnd = ssthresh + 1 SMSS per duplicate ACK) lets new
 * data out on the later duplicate ACKs:
 *   103  fast retransmit; ssthresh 5000; FlightSize 12 segments
 *   108  dupack 8: inflated cwnd 5 + 8 = 13 > FlightSize 12: seq 12000
 *        (pipe form: pipe 12 - 8 - 1 lost + 1 retransmitted = 4 < 5)
 *   202, 203  dupacks 9, 10 (limited-transmit segments): seq 13000, 14000
 *        (bottleneck: 203 and 204 out, so they reach the receiver at 253, 254)
 *   204  partial ACK 5000 (5 segments): cwnd 5 + 10 - 5 + 1 = 11 segments,
 *        FlightSize 15 - 5 = 10: seq 5000 retransmitted at once, and one new
 *        segment, seq 15000 (pipe form: credit 10 - 5 + 1 = 6, pipe
 *        10 - 6 - 1 + 1 = 4 after the retransmission < 5)
 *   209  the duplicate ACK of seq 12000 (sent 108, out 109, in 159):
 *        cwnd 12 > FlightSize 11: seq 16000
 * Before the fix the partial ACK cleared the duplicate-ACK credit: pipe 10
 * after the retransmission, nothing new at 204 nor at 209. */
static void partial_ack_window(void)
{
	struct rx_scenario *sc = scenario(20, "1, 6", false, NULL);
	struct rx_result res;
	run(sc, &res);
	const struct rx_trace *t = &res.trace;
	expect_ev(t, RX_EV_RETRANSMIT, 103, 0, RX_TXC_FAST);
	expect_ev(t, RX_EV_SEND, 108, 12000, RX_TXC_NEW);
	expect_ev(t, RX_EV_SEND, 202, 13000, RX_TXC_NEW);
	expect_ev(t, RX_EV_SEND, 203, 14000, RX_TXC_NEW);
	expect_ev(t, RX_EV_RETRANSMIT, 204, 5000, RX_TXC_LOST);
	CHECK_EQ_I64(count_in(t, RX_EV_SEND, 204, 204.5), 1);
	expect_ev(t, RX_EV_SEND, 204, 15000, RX_TXC_NEW);
	CHECK_EQ_I64(count_in(t, RX_EV_SEND, 209, 209.5), 1);
	expect_ev(t, RX_EV_SEND, 209, 16000, RX_TXC_NEW);
	long snd = nth_in(t, RX_EV_SEND, 204, 204.5, 0);
	if (snd >= 0)
		CHECK_EQ_I64(t->state[snd], RX_CA_RECOVERY);
	CHECK_EQ_I64(res.flows[0].rto_count, 0);
	CHECK(res.flows[0].completed);
	rx_result_free(&res);
	free(sc);
}

/* ---------------------------------------------------------------------------
 * 5. When NewReno's recovery ends: RFC 6582 by default, Linux's as the
 * dupack member's option recovery_exit = "linux".
 *
 * RFC 6582 §2 "recover: When in fast recovery, this variable records the
 * send sequence number that must be acknowledged before the fast recovery
 * procedure is declared to be over"; §3.2 step 2 sets it to "the highest
 * sequence number transmitted by the TCP so far" (the last byte sent, so
 * recover + 1 is the engine's recovery point, snd.nxt at the fast
 * retransmit); step 3, "Full acknowledgments: If this ACK acknowledges all
 * of the data up to and including recover [...] Exit the fast recovery
 * procedure."  So the ACK equal to the recovery point (12000 in the probe)
 * ends recovery: case 3 above, Open at 305 ms.
 *
 * Linux 6.18 (reference README): "An ACK equal to high_seq (12001) leaves
 * the connection in Recovery" (packetdrill's 12001 is the engine's 12000):
 * it stays until an ACK above the recovery point.
 *
 * (a) The probe of case 3 with recovery_exit "linux": everything up to
 * 305 ms as there (limited transmit 101, 102; fast retransmit 103; partial
 * ACK 5000 and seq 5000 retransmitted at 204; FCT 255), but the ACK of
 * 12000 at 305 leaves the connection in Recovery: no state change at or
 * after 305, and the flow completes in Recovery as the kernel's did.
 * (b) The probe with 20 segments (case 4): the ACK at 305 is 15000, above
 * the recovery point 12000, so recovery ends at 305 with either setting.
 * (c) With Linux's other settings too (CUBIC, ssthresh from cwnd, PRR-SSRB,
 * recovery_exit "linux"), kernel vs engine, figure by figure:
 *   limited transmit on dupacks 1-2: kernel yes | engine 101, 102 ms
 *   fast retransmit on dupack 3: kernel yes | engine seq 0 at 103 ms
 *   ssthresh: kernel 7 | engine 7000 (0.7 x cwnd 10000)
 *   cwnd after the 3rd dupack: kernel 9 | engine 9000.  PRR (rec_prr.c):
 *     RecoverFS 12000, that ACK counts DeliveredData 1000, pipe 12000 -
 *     3000 dupacks - 1000 lost = 8000 > ssthresh: sndcnt = 1000 x
 *     CEIL(1000 x 7000 / 12000000) = 1000, cwnd = pipe + sndcnt = 9000;
 *     the fast retransmission spends it (prr_out 1000)
 *   cwnd once dupacks continue: kernel 7 | engine 7000 from dupack 5
 *     (105 ms): prr_delivered 3000, pipe 7000 = ssthresh, SSRB sndcnt =
 *     min(7000 - 7000, ...) = 0, cwnd 7000; later pipe < ssthresh and
 *     sndcnt = ssthresh - pipe (the limit, prr_delivered - prr_out + 1000,
 *     is larger), so cwnd stays 7000
 *   partial ACK 5001: kernel retransmits 5001:6001 immediately | engine
 *     seq 5000 at 204 ms, the ACK's instant; cwnd 7000 after it (credit
 *     10 - 5 + 1 = 6, pipe 7 - 6 - 1 = 0, sndcnt = min(7000, 9000 - 1000 +
 *     1000)); nothing new to send
 *   ACK 12001 = high_seq: kernel stays in Recovery | engine stays (305 ms)
 * The kernel's ACK times are scripted (ten dupacks 1 ms apart, the partial
 * ACK 90 ms later); the engine's come from its path (the two limited-
 * transmit segments' dupacks at 202 and 203 ms), which changes no figure. */
static void recovery_exit_linux(void)
{
	const char *linux_exit = "\"lossdet_params\": {\"dupack\": {\"recovery_exit\": \"linux\"}}";
	/* (a) */
	struct rx_scenario *sc = scenario(12, "1, 6", false, linux_exit);
	struct rx_result res;
	run(sc, &res);
	const struct rx_trace *t = &res.trace;
	expect_ev(t, RX_EV_SEND, 101, 10000, RX_TXC_NEW);
	expect_ev(t, RX_EV_SEND, 102, 11000, RX_TXC_NEW);
	expect_ev(t, RX_EV_RETRANSMIT, 103, 0, RX_TXC_FAST);
	expect_ev(t, RX_EV_RETRANSMIT, 204, 5000, RX_TXC_LOST);
	CHECK_EQ_I64(t_count(t, RX_EV_RETRANSMIT), 2);
	long full = nth_in(t, RX_EV_ACK_RECV, 305, 306, 0);
	CHECK(full >= 0);
	if (full >= 0)
		CHECK_EQ_I64(t->seq[full], 12000);
	CHECK_EQ_I64(count_in(t, RX_EV_STATE, 300, 1e9), 0);
	CHECK_EQ_I64(t->state[t->n - 1], RX_CA_RECOVERY);
	CHECK_EQ_I64(t_ms(res.flows[0].fct_ms), t_ms(255));
	CHECK_EQ_I64(res.flows[0].rto_count, 0);
	rx_result_free(&res);
	free(sc);

	/* (b) */
	sc = scenario(20, "1, 6", false, linux_exit);
	run(sc, &res);
	t = &res.trace;
	long open = nth_in(t, RX_EV_STATE, 300, 1e9, 0);
	CHECK(open >= 0);
	if (open >= 0) {
		CHECK_EQ_I64(t->t_ns[open], t_ms(305));
		CHECK_EQ_I64(t->seq[open], 15000);
		CHECK_EQ_I64(t->state[open], RX_CA_OPEN);
	}
	rx_result_free(&res);
	free(sc);

	/* (c) */
	sc = scenario(12, "1, 6", false,
		      "\"cc\": \"cubic\", \"ssthresh_from_cwnd\": true, \"recovery\": \"prr\", "
		      "\"lossdet_params\": {\"dupack\": {\"recovery_exit\": \"linux\"}}");
	run(sc, &res);
	t = &res.trace;
	expect_ev(t, RX_EV_SEND, 101, 10000, RX_TXC_NEW);
	expect_ev(t, RX_EV_SEND, 102, 11000, RX_TXC_NEW);
	long fr = nth_in(t, RX_EV_RETRANSMIT, 0, 1e9, 0);
	CHECK(fr >= 0);
	if (fr >= 0) {
		CHECK_EQ_I64(t->t_ns[fr], t_ms(103));
		CHECK_EQ_I64(t->seq[fr], 0);
		CHECK_EQ_I64(t->ssthresh_bytes[fr], 7000);
		CHECK_EQ_I64(t->cwnd_bytes[fr], 9000);
	}
	/* the ACK rows carry the state before the ACK is taken: the one at 106
	 * shows dupack 5's (105 ms) cwnd, and every later one 7000 */
	for (double at = 106; at < 300; at += 1) {
		long a = nth_in(t, RX_EV_ACK_RECV, at, at + 0.5, 0);
		if (a >= 0)
			CHECK_EQ_I64(t->cwnd_bytes[a], 7000);
	}
	long p = nth_in(t, RX_EV_RETRANSMIT, 204, 205, 0);
	CHECK(p >= 0);
	if (p >= 0) {
		CHECK_EQ_I64(t->seq[p], 5000);
		CHECK_EQ_I64(t->cwnd_bytes[p], 7000);
	}
	CHECK_EQ_I64(t_count(t, RX_EV_RETRANSMIT), 2);
	CHECK_EQ_I64(count_in(t, RX_EV_STATE, 300, 1e9), 0);
	CHECK_EQ_I64(t->state[t->n - 1], RX_CA_RECOVERY);
	rx_result_free(&res);
	free(sc);
}

int main(void)
{
	limited_transmit_two_segments(false);
	limited_transmit_two_segments(true);
	no_rescue_without_sack();
	partial_ack_at_once();
	partial_ack_window();
	recovery_exit_linux();
	return t_report("newreno");
}
