/* test_fidelity.c — issue #8's deviations of the sender core, the receiver,
 * the RTT estimator and the metrics, each on a case derived by hand: the
 * exact event times and values a reader of the RFC predicts.  Scenarios are
 * written as JSON (tjson.h) so that each test reads as the scenario it checks.
 *
 * Common ground: unlimited rates, so a burst leaves in one instant; one-way
 * delay D each way; MSS 1448; reno; rfc6298 profile (RTO >= 1 s) unless said.
 */
#include <stdlib.h>
#include <string.h>

#include "rexsim/config.h"
#include "rexsim/ops.h"
#include "scenarios.h"
#include "tjson.h"

#define MSS 1448

/* the i-th event (0-based) of a kind with a given seq, or -1 */
static long find_seq(const struct rx_trace *t, int kind, uint64_t seq, int nth)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->kind[i] == kind && t->seq[i] == seq && nth-- == 0)
			return (long)i;
	return -1;
}

/* events of a kind in [from, to) */
static long t_count_between(const struct rx_trace *t, int kind, long from, long to)
{
	long c = 0;
	for (long i = from; i < to; i++)
		c += t->kind[i] == kind;
	return c;
}

static int64_t t_of(const struct rx_trace *t, long i)
{
	return i >= 0 ? t->t_ns[i] : -1;
}

/* ---------------------------------------------------------------- deviation 4
 * RFC 5681 §3.1: "Further, if the SYN or SYN/ACK is lost, the initial window
 * used by a sender after a correctly transmitted SYN MUST be one segment
 * consisting of at most SMSS bytes."
 *
 * D = 10 ms (RTT 20), IW 10, quick ACKs, 10 segments, the first SYN (or the
 * first SYN-ACK) dropped:
 *   t=0     SYN; RTO 1 s (RFC 6298 (2.1)).  Dropped (or its SYN-ACK at 10 is).
 *   t=1000  the RTO fires: SYN again (syn_retransmits = 1).
 *   t=1020  SYN-ACK back.  The SYN was retransmitted: no RTT sample (Karn),
 *           RTO = 3 s (RFC 6298 (5.7)), and cwnd = 1 segment, not IW.
 *           Segment 1 leaves alone.
 *   t=1040  its ACK: first sample 20 ms; slow start cwnd 2: segments 2, 3.
 *   t=1060  two ACKs: cwnd 3, 4, each frees one and adds one: segments 4..7.
 *   t=1080  four ACKs: cwnd 5..8: segments 8, 9, 10 (all that is left).
 *   t=1090  segment 10 arrives: FCT 1090 ms.
 * With IW 10 after the lost handshake (the deviation) all ten left at 1020
 * and the flow completed at 1030. */
static void iw_after_lost_handshake(bool synack)
{
	static const char *const loss = "\"loss\": {\"model\": \"positioned\", \"rules\": [{\"segment\": 0}]}";
	char json[1024];
	snprintf(json, sizeof(json),
		 "{\"path\": {\"forward\": {\"rate_bps\": 0, \"delay_ms\": 10%s%s},"
		 " \"reverse\": {\"rate_bps\": 0, \"delay_ms\": 10%s%s}},"
		 " \"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": 10},"
		 " \"tcp\": {\"timer\": \"rto\", \"iw\": 10}, \"receiver\": {\"ack_policy\": \"quick\"}}]}",
		 synack ? "" : ", ", synack ? "" : loss, synack ? ", " : "", synack ? loss : "");
	struct rx_result res;
	if (t_run_json(json, &res))
		return;
	const struct rx_trace *t = &res.trace;
	const struct rx_flow_metrics *m = &res.flows[0];
	CHECK_EQ_I64(m->syn_retransmits, 1);
	CHECK_EQ_I64(m->drops, 1);
	/* send times of segments 1..10 */
	static const double sent_ms[10] = { 1020, 1040, 1040, 1060, 1060, 1060, 1060, 1080, 1080, 1080 };
	for (int i = 0; i < 10; i++) {
		long e = find_seq(t, RX_EV_SEND, (uint64_t)i * MSS, 0);
		if (t_of(t, e) != t_ms(sent_ms[i]))
			fprintf(stderr, "  %s lost: segment %d sent at %.3f ms, expected %g\n",
				synack ? "SYN-ACK" : "SYN", i + 1, t_of(t, e) / 1e6, sent_ms[i]);
		CHECK_EQ_I64(t_of(t, e), t_ms(sent_ms[i]));
	}
	/* the first segment leaves with cwnd = 1 segment */
	long first = t_find(t, RX_EV_SEND, 0);
	CHECK(first >= 0);
	if (first >= 0)
		CHECK_EQ_I64(t->cwnd_bytes[first], MSS);
	CHECK(m->completed);
	CHECK_EQ_I64(t_ms(m->fct_ms), t_ms(1090));
	CHECK_EQ_I64(m->retransmissions, 0);
	CHECK_EQ_I64(res.invariant_violations, 0);
	rx_result_free(&res);
}

/* Control: no handshake loss, the IW stays 10 segments, all sent at R = 20. */
static void iw_without_handshake_loss(void)
{
	struct rx_result res;
	if (t_run_json("{\"path\": {\"forward\": {\"rate_bps\": 0, \"delay_ms\": 10},"
		       " \"reverse\": {\"rate_bps\": 0, \"delay_ms\": 10}},"
		       " \"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": 10},"
		       " \"tcp\": {\"timer\": \"rto\", \"iw\": 10}, \"receiver\": {\"ack_policy\": \"quick\"}}]}",
		       &res))
		return;
	const struct rx_trace *t = &res.trace;
	for (int i = 0; i < 10; i++)
		CHECK_EQ_I64(t_of(t, find_seq(t, RX_EV_SEND, (uint64_t)i * MSS, 0)), t_ms(20));
	CHECK_EQ_I64(t->cwnd_bytes[t_find(t, RX_EV_SEND, 0)], 10 * MSS);
	CHECK_EQ_I64(t_ms(res.flows[0].fct_ms), t_ms(30));
	rx_result_free(&res);
}

/* ---------------------------------------------------------------- deviation 5
 * RFC 9293 §3.8.6: "A TCP receiver SHOULD NOT shrink the window, i.e., move
 * the right window edge to the left (SHLD-14)."  Out-of-order data lies
 * inside the window already offered, [RCV.NXT, RCV.NXT + RCV.WND); holding it
 * takes nothing from the space the sender may still fill.  So the receiver
 * advertises RCV.BUFF - RCV.USER (§3.8.6.2.2), RCV.USER being in-order data
 * not yet read: zero here, the application reads at once.
 *
 * D = 10 ms, IW 10, receive buffer 11 segments (15928 bytes), quick ACKs,
 * SACK, 20 segments, segment 1 dropped:
 *   t=20  SYN-ACK (window 11 segments); segments 1..10 leave (cwnd 10).
 *   t=30  segments 2..10 arrive out of order: nine ACKs of 0 with SACK, each
 *         advertising 11 segments: the right edge stays at 11 segments.
 *   t=40  first duplicate ACK: limited transmit (RFC 3042) sends segment 11,
 *         which the window (0 + 11 segments) allows; the second finds the
 *         window full (12 > 11); the third starts fast recovery: segment 1
 *         is retransmitted at 40.
 * Shrinking the window by the out-of-order bytes (the deviation) advertised
 * 10, 9, ... 2 segments: the right edge fell behind SND.NXT and segment 11
 * waited for the cumulative ACK. */
static void window_not_shrunk_by_ooo_data(void)
{
	struct rx_result res;
	if (t_run_json("{\"path\": {\"forward\": {\"rate_bps\": 0, \"delay_ms\": 10,"
		       " \"loss\": {\"model\": \"positioned\", \"rules\": [{\"segment\": 1}]}},"
		       " \"reverse\": {\"rate_bps\": 0, \"delay_ms\": 10}},"
		       " \"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": 20},"
		       " \"tcp\": {\"timer\": \"rto\", \"iw\": 10, \"sack\": true},"
		       " \"receiver\": {\"ack_policy\": \"quick\", \"rwnd_bytes\": 15928}}]}",
		       &res))
		return;
	const struct rx_trace *t = &res.trace;
	long s11 = find_seq(t, RX_EV_SEND, 10 * MSS, 0);
	if (t_of(t, s11) != t_ms(40))
		fprintf(stderr, "  segment 11 sent at %.3f ms, expected 40 (limited transmit)\n", t_of(t, s11) / 1e6);
	CHECK_EQ_I64(t_of(t, s11), t_ms(40));
	/* it is the first event after the first duplicate ACK */
	long dup1 = find_seq(t, RX_EV_ACK_RECV, 0, 1); /* 0: the SYN-ACK */
	CHECK(dup1 >= 0 && s11 > dup1);
	if (dup1 >= 0 && s11 > dup1)
		CHECK_EQ_I64(t_count_between(t, RX_EV_ACK_RECV, dup1 + 1, s11), 0);
	long fr = find_seq(t, RX_EV_RETRANSMIT, 0, 0);
	CHECK_EQ_I64(t_of(t, fr), t_ms(40));
	if (fr >= 0)
		CHECK_EQ_I64(t->cause[fr], RX_TXC_FAST);
	CHECK(res.flows[0].completed);
	CHECK_EQ_I64(res.flows[0].drops, 1);
	CHECK_EQ_I64(res.invariant_violations, 0);
	rx_result_free(&res);
}

/* ---------------------------------------------------------------- deviation 8
 * The rfc6298 profile's RTT samples.  RFC 6298 §3: "Traditionally, TCP
 * implementations have taken one RTT measurement at a time (typically, once
 * per RTT).  However, when using the timestamp option, each ACK can be used as
 * an RTT sample. [...] when multiple samples are taken per RTT, the alpha and
 * beta defined in Section 2 may keep an inadequate RTT history."  RFC 7323
 * Appendix G gives the rule for the timestamp case: "ExpectedSamples =
 * ceiling(FlightSize / (SMSS * 2)); alpha' = alpha / ExpectedSamples; beta' =
 * beta / ExpectedSamples", used "for each sample R'".
 *
 * The case: D = 10 ms (R = 20), quick ACKs, 10 segments, the last one lost,
 * timer 'rto', min_rto_ms 1 (below every RTO here) so that RTO = SRTT +
 * max(G, 4 RTTVAR) shows RTTVAR (G = 1 ms), all in integer ns as the engine
 * keeps them.
 *   t=20  SYN-ACK: first sample R = 20 ms (2.2): SRTT 20, RTTVAR 10,
 *         RTO 60; segments 1..10 leave, the timer set to 80.
 *   t=40  nine ACKs, for segments 1..9, each a sample of 20 ms; the last one
 *         restarts the timer (5.3) with the RTO it leaves: the RTO fires at
 *         40 + RTO and segment 10 arrives D later.
 * Without timestamps: one measurement at a time.  Segment 1 is the timed
 * one; its ACK gives the only sample: RTTVAR = 3/4 10 + 1/4 0 = 7.5 ms,
 * RTO = 20 + 30 = 50 ms.  Segments 2..9 were sent while segment 1 was being
 * timed, and nothing new is sent after it: no more samples.  The RTO fires
 * at 90, FCT 100.
 * With timestamps: every ACK that advances SND.UNA is a sample (RFC 7323
 * §4.1), with alpha' = 1/(8N), beta' = 1/(4N), N = ceil(FlightSize / 2 SMSS)
 * and FlightSize = SND.NXT - SND.UNA when the ACK arrives: 10, 9, ..., 2
 * segments for the ACKs of segments 1..9, so N = 5, 5, 4, 4, 3, 3, 2, 2, 1.
 * Each sample equals SRTT (err = 0), so RTTVAR <- RTTVAR (4N - 1)/(4N):
 *   10 000 000 -> 9 500 000 -> 9 025 000 -> 8 460 937 -> 7 932 128
 *   -> 7 271 117 -> 6 665 190 -> 5 832 041 -> 5 103 035 -> 3 827 276 ns,
 * RTO = 20 000 000 + 4 x 3 827 276 = 35 309 104 ns: fires at 75.309104 ms,
 * FCT 85.309104 ms.
 * Sampling every ACK with alpha = 1/8, beta = 1/4 (the deviation) gave
 * RTTVAR = 10 (3/4)^9 = 0.75 ms after the burst, RTO = 23.003384 ms: the timer
 * fired at 63.003384 ms, the variance of a path with 20 ms of history gone. */
static void rtt_samples_rfc6298(bool timestamps, double fire_ms, int64_t rto_ns)
{
	char json[1024];
	snprintf(json, sizeof(json),
		 "{\"path\": {\"forward\": {\"rate_bps\": 0, \"delay_ms\": 10, \"loss\": {\"model\": \"tail\","
		 " \"count\": 1}}, \"reverse\": {\"rate_bps\": 0, \"delay_ms\": 10}},"
		 " \"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": 10},"
		 " \"tcp\": {\"timer\": \"rto\", \"timestamps\": %s, \"rtt_profile\": \"rfc6298\","
		 " \"min_rto_ms\": 1, \"clock_granularity_ms\": 1}, \"receiver\": {\"ack_policy\": \"quick\"}}]}",
		 timestamps ? "true" : "false");
	struct rx_result res;
	if (t_run_json(json, &res))
		return;
	const struct rx_trace *t = &res.trace;
	/* the last ACK arrives at 40 ms; the timer it restarts is the first to
	 * fire, with SRTT 20 ms and the RTO the ACKs left (before its backoff) */
	CHECK_EQ_I64(t_of(t, find_seq(t, RX_EV_ACK_RECV, 9 * MSS, 0)), t_ms(40));
	long fire = t_find(t, RX_EV_TIMER_FIRED, 0);
	if (fire >= 0) {
		CHECK_EQ_I64(t->srtt_us[fire], 20000);
		CHECK_EQ_I64(t->rto_us[fire], rto_ns / 1000);
		CHECK_EQ_I64(t->arg[fire], rto_ns / 1000); /* the timeout it was armed with */
	}
	if (t_of(t, fire) != t_ms(fire_ms))
		fprintf(stderr, "  timestamps %d: RTO fired at %.6f ms, expected %.6f\n", timestamps,
			t_of(t, fire) / 1e6, fire_ms);
	CHECK_EQ_I64(t_of(t, fire), 40 * 1000000 + rto_ns);
	long rtx = find_seq(t, RX_EV_RETRANSMIT, 9 * MSS, 0);
	CHECK_EQ_I64(t_of(t, rtx), 40 * 1000000 + rto_ns);
	CHECK(res.flows[0].completed);
	CHECK_EQ_I64(t_ms(res.flows[0].fct_ms), 50 * 1000000 + rto_ns);
	CHECK_EQ_I64(res.flows[0].rto_count, 1);
	rx_result_free(&res);
}

/* ---------------------------------------------------------------- deviation 9
 * spurious_retransmissions counts what its name says: retransmissions that
 * were not needed because another copy of the same data reached the
 * receiver, whichever copy arrived first.
 *
 * D = 50 ms (R = 100), quick ACKs, linux RTT profile (200 ms minimum RTO),
 * timer 'rto', 10 segments; segment 10's first transmission is delayed by
 * `delay_ms` on the path, not lost:
 *   t=100  SYN-ACK: first sample R = 100 ms: RTO = R + max(2R, 200) = 300;
 *          segments 1..10 leave.
 *   t=200  ACKs for 1..9 (samples of R; RTTVAR stays at its 200 ms floor,
 *          RTO 300): the last restarts the timer to 500.
 *   t=500  RTO: segment 10 again (rto_count 1, retransmissions 1), arriving
 *          at 550: FCT 550 if the original is later than that.
 * delay 900: the original arrives at 150 + 900 = 1050, after the
 *   retransmission (550): the receiver gets the same data twice, the later
 *   copy being the original.  The retransmission was spurious: 1.  (Counting
 *   only duplicates that were themselves retransmissions, the deviation,
 *   reported 0.)
 * delay 380: the original arrives at 530, before the retransmission (550),
 *   which is the duplicate: 1 (and the FCT is 530).
 * A copy the path makes (the 'duplicate' action) is no retransmission: 0. */
static void spurious_counts_either_order(double delay_ms, double fct_ms)
{
	char json[1024];
	snprintf(json, sizeof(json),
		 "{\"path\": {\"forward\": {\"rate_bps\": 0, \"delay_ms\": 50, \"loss\": {\"model\": "
		 "\"positioned\", \"rules\": [{\"segment\": 10, \"action\": \"delay\", \"delay_ms\": %g}]}},"
		 " \"reverse\": {\"rate_bps\": 0, \"delay_ms\": 50}},"
		 " \"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": 10},"
		 " \"tcp\": {\"timer\": \"rto\", \"rtt_profile\": \"linux\"}, \"receiver\": {\"ack_policy\": "
		 "\"quick\"}}]}",
		 delay_ms);
	struct rx_result res;
	if (t_run_json(json, &res))
		return;
	const struct rx_trace *t = &res.trace;
	const struct rx_flow_metrics *m = &res.flows[0];
	CHECK_EQ_I64(t_of(t, t_find(t, RX_EV_TIMER_FIRED, 0)), t_ms(500));
	CHECK_EQ_I64(t_of(t, find_seq(t, RX_EV_RETRANSMIT, 9 * MSS, 0)), t_ms(500));
	/* the two arrivals of segment 10 */
	CHECK_EQ_I64(t_of(t, find_seq(t, RX_EV_DELIVER, 9 * MSS, 0)), t_ms(delay_ms > 400 ? 550 : 150 + delay_ms));
	CHECK_EQ_I64(t_of(t, find_seq(t, RX_EV_DELIVER, 9 * MSS, 1)), t_ms(delay_ms > 400 ? 150 + delay_ms : 550));
	CHECK_EQ_I64(m->rto_count, 1);
	CHECK_EQ_I64(m->retransmissions, 1);
	if (m->spurious_retransmissions != 1)
		fprintf(stderr, "  delay %g: spurious_retransmissions %lld, expected 1\n", delay_ms,
			(long long)m->spurious_retransmissions);
	CHECK_EQ_I64(m->spurious_retransmissions, 1);
	CHECK_EQ_I64(t_ms(m->fct_ms), t_ms(fct_ms));
	rx_result_free(&res);
}

/* The path duplicates segment 3 (no loss, no retransmission): the receiver
 * gets it twice, which is no spurious retransmission. */
static void path_duplicate_is_not_spurious(void)
{
	struct rx_result res;
	if (t_run_json("{\"path\": {\"forward\": {\"rate_bps\": 0, \"delay_ms\": 10, \"loss\": {\"model\":"
		       " \"positioned\", \"rules\": [{\"segment\": 3, \"action\": \"duplicate\"}]}},"
		       " \"reverse\": {\"rate_bps\": 0, \"delay_ms\": 10}},"
		       " \"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": 10},"
		       " \"tcp\": {\"timer\": \"rto\"}, \"receiver\": {\"ack_policy\": \"quick\"}}]}",
		       &res))
		return;
	CHECK_EQ_I64(t_count(&res.trace, RX_EV_DELIVER), 11);
	CHECK_EQ_I64(res.flows[0].retransmissions, 0);
	CHECK_EQ_I64(res.flows[0].spurious_retransmissions, 0);
	rx_result_free(&res);
}

/* A probe that repairs the only loss.  D = 10 ms (R = 20), quick ACKs, timer
 * 'tlp', 10 segments, the last one dropped (test_timelines.c's row "tlp quick
 * 20"): the ACKs of 1..9 at 40 leave one segment out, PTO = max(2 SRTT,
 * 1.5 SRTT + 200) = 230: the probe retransmits segment 10 at 270, it arrives
 * at 280 (FCT 280) and its ACK, at 290, reaches exactly the probe's end.
 * The probe repaired the loss: probe_repairs = 1.  The sender cannot know it
 * (RFC 8985 §7.4.2 decides only on an ACK beyond TLP.end_seq, and none comes:
 * the transfer is over), so tlp_loss_episodes, which counts the sender's
 * verdicts, stays 0; before, that 0 was all a reader saw, labelled "Losses a
 * probe repaired".
 * Segment 10 held 300 ms instead of dropped: the same probe at 270 arrives
 * first (280), but the original was not lost; it arrives at 330 and makes the
 * probe spurious: probe_repairs 0, spurious_retransmissions 1.
 * Two segments dropped (9 and 10): the ACK of 8 at 40 leaves two out, PTO =
 * max(2 SRTT, 10 ms) = 40: the probe retransmits segment 10 at 80, the only
 * transmission of it to arrive (at 90): probe_repairs 1.  Its SACK (at 100)
 * starts the recovery that repairs segment 9, not the probe. */
static void probe_repairs(const char *rule, int tail, double probe_ms, int64_t repairs, int64_t spurious)
{
	char json[1024];
	snprintf(json, sizeof(json),
		 "{\"path\": {\"forward\": {\"rate_bps\": 0, \"delay_ms\": 10, \"loss\": %s},"
		 " \"reverse\": {\"rate_bps\": 0, \"delay_ms\": 10}},"
		 " \"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": 10},"
		 " \"tcp\": {\"timer\": \"tlp\"}, \"receiver\": {\"ack_policy\": \"quick\"}}]}",
		 rule);
	struct rx_result res;
	if (t_run_json(json, &res))
		return;
	const struct rx_trace *t = &res.trace;
	const struct rx_flow_metrics *m = &res.flows[0];
	long probe = t_find(t, RX_EV_PROBE, 0);
	CHECK_EQ_I64(t_of(t, probe), t_ms(probe_ms));
	if (probe >= 0) {
		CHECK_EQ_I64(t->seq[probe], 9 * MSS);
		CHECK_EQ_I64(t->detail[probe], 2); /* a retransmission */
	}
	CHECK_EQ_I64(t_of(t, find_seq(t, RX_EV_DELIVER, 9 * MSS, 0)), t_ms(probe_ms + 10));
	CHECK_EQ_I64(m->probe_count, 1);
	if (m->probe_repairs != repairs)
		fprintf(stderr, "  %s: probe_repairs %lld, expected %lld\n", rule, (long long)m->probe_repairs,
			(long long)repairs);
	CHECK_EQ_I64(m->probe_repairs, repairs);
	CHECK_EQ_I64(m->spurious_retransmissions, spurious);
	if (tail == 1)
		CHECK_EQ_I64(m->tlp_loss_episodes, 0);
	CHECK(m->completed);
	rx_result_free(&res);
}

int main(void)
{
	iw_after_lost_handshake(false);
	iw_after_lost_handshake(true);
	iw_without_handshake_loss();
	window_not_shrunk_by_ooo_data();
	rtt_samples_rfc6298(false, 90, 50000000);
	rtt_samples_rfc6298(true, 75.309104, 35309104);
	spurious_counts_either_order(900, 550);
	spurious_counts_either_order(380, 530);
	path_duplicate_is_not_spurious();
	probe_repairs("{\"model\": \"tail\", \"count\": 1}", 1, 270, 1, 0);
	probe_repairs("{\"model\": \"positioned\", \"rules\": [{\"segment\": 10, \"action\": \"delay\", "
		      "\"delay_ms\": 300}]}",
		      0, 270, 0, 1);
	probe_repairs("{\"model\": \"tail\", \"count\": 2}", 2, 80, 1, 0);
	return t_report("fidelity");
}
