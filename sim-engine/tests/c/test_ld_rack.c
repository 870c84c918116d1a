/* test_ld_rack.c — RACK (src/lossdet/ld_rack.c, RFC 8985 §6) on timelines
 * derived by hand, exact to the nanosecond.
 *
 * Common setup unless a case says otherwise (scenario() below): one flow,
 * MSS 1000, IW 10, Reno, SACK on, no timestamps, no handshake (data leaves at
 * t = 0), the RFC 6298 RTO (1 s floor, never reached below), the plain RTO
 * timer (no probes), quick ACKs (the receiver ACKs every segment at once, an
 * out-of-order one with a SACK), one-way delay 50 ms each way, unlimited
 * rate: a segment sent at t arrives at t + 50 and its ACK is back at t + 100.
 * Every RTT sample is 100 ms (min_RTT 100), so RACK's reordering window is
 * min_RTT / 4 = 25 ms while it applies (§6.2 step 4).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rexsim/config.h"
#include "rexsim/ops.h"
#include "scenarios.h"
#include "tjson.h"

/* app: the "app" object; rules: the forward positioned rules; tcp_extra:
 * more tcp keys (e.g. the member's parameters) */
static int run(const char *app, const char *rules, const char *tcp_extra, struct rx_result *res)
{
	char json[4096];
	snprintf(json, sizeof(json),
		 "{\"duration_s\": 10,"
		 " \"path\": {\"forward\": {\"rate_bps\": 0, \"delay_ms\": 50,"
		 "                          \"loss\": {\"model\": \"positioned\", \"rules\": [%s]}},"
		 "          \"reverse\": {\"rate_bps\": 0, \"delay_ms\": 50}},"
		 " \"flows\": [{\"app\": %s,"
		 "             \"tcp\": {\"mss\": 1000, \"iw\": 10, \"sack\": true, \"timestamps\": false,"
		 "                     \"handshake\": false, \"cc\": \"reno\", \"timer\": \"rto\"%s%s},"
		 "             \"receiver\": {\"ack_policy\": \"quick\"}}]}",
		 rules, app, tcp_extra ? ", " : "", tcp_extra ? tcp_extra : "");
	return t_run_json(json, res);
}

/* the n-th event of `kind` at or after index `from` for which `match` holds */
static long find_from(const struct rx_trace *t, size_t from, int kind, uint64_t seq, int nth)
{
	for (size_t i = from; i < t->n; i++)
		if (t->kind[i] == kind && t->seq[i] == seq && nth-- == 0)
			return (long)i;
	return -1;
}

/* the n-th arming of the loss-detection timer (RACK's reorder timer) */
static long reo_armed(const struct rx_trace *t, int nth)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->kind[i] == RX_EV_TIMER_ARMED && (t->detail[i] & 15) == RX_TMR_ER && nth-- == 0)
			return (long)i;
	return -1;
}

static void check_reo_armed(const struct rx_trace *t, int nth, double at, double expires)
{
	long i = reo_armed(t, nth);
	CHECK(i >= 0);
	if (i < 0)
		return;
	CHECK_EQ_I64(t->t_ns[i], t_ms(at));
	CHECK_EQ_I64(t->detail[i] >> 4, RX_F_RACK_REO);
	CHECK_EQ_I64((int64_t)t->seq[i], t_ms(expires)); /* expiry */
	CHECK_EQ_I64(t->arg[i], (uint32_t)((t_ms(expires) - t_ms(at)) / 1000)); /* timeout, us */
}

#define TWO_OBJECTS "{\"kind\": \"requests\", \"requests\": 2, \"object_bytes\": 10000, \"gap_ms\": 0}"

/* 1. Reordering RACK tolerates where DupThresh retransmits (RFC 8985 §6.2
 * steps 3-5).  Two objects of 10 segments (requests app, no think time).
 * Object 1: segment 9 is 10 ms late.
 *   t=0    segments 1..10 leave.
 *   t=50   1..8 and 10 arrive: ACKs 1000..8000, then a SACK of 10
 *          (ACK 8000, SACK 9000-10000).  9 arrives at 60: ACK 10000.
 *   t=100  the ACKs of 1..8 (samples of 100: min_RTT 100, SRTT 100); the
 *          SACK of 10: RACK.segment = 10 (sent 0), RACK.rtt = 100.  No
 *          reordering seen yet, 1 segment SACKed < DupThresh 3: reo_wnd =
 *          min(1 * 100 / 4, 100) = 25.  Segment 9 was sent before 10 (in the
 *          same instant), remaining = 0 + 100 + 25 - 100 = 25 > 0: not lost,
 *          the reorder timer is armed for 125.
 *   t=110  ACK 10000: segment 9, never retransmitted, delivered below
 *          RACK.fack = 10000: reordering seen (step 3).  Nothing outstanding:
 *          the timer is cancelled.  Object 1 reached the client at 60, its
 *          request for object 2 reaches the server at 110: segments 11..20
 *          leave at 110.
 * Object 2: segment 12 is 10 ms late.
 *   t=160  11, 13..20 arrive: ACK 11000, then 8 SACKs (ACK 11000).
 *   t=210  ACK 11000; then the SACKs: reordering was seen, so the window
 *          stays 25 whatever the number SACKed (step 4); segment 12 (sent
 *          110): remaining = 110 + 100 + 25 - 210 = 25: timer for 235, the
 *          same on every SACK.  (DupThresh, 'dupack': the third SACK at 210
 *          fast-retransmits 12, spuriously.)
 *   t=170  12 arrives; its ACK 20000 at 220 cancels the timer: no
 *          retransmission at all. */
static void tolerates_reordering(void)
{
	const char *late = "{\"segment\": 9, \"action\": \"delay\", \"delay_ms\": 10},"
			   " {\"segment\": 12, \"action\": \"delay\", \"delay_ms\": 10}";
	struct rx_result res;
	if (run(TWO_OBJECTS, late, "\"lossdet\": \"rack\"", &res))
		return;
	const struct rx_trace *t = &res.trace;
	check_reo_armed(t, 0, 100, 125);
	check_reo_armed(t, 1, 210, 235);
	CHECK_EQ_I64(reo_armed(t, 2), -1);
	CHECK_EQ_I64(t_count(t, RX_EV_RETRANSMIT), 0);
	CHECK_EQ_I64(res.flows[0].retransmissions, 0);
	CHECK_EQ_I64(res.flows[0].recovery_episodes, 0);
	/* object 2 left at 110 and its timer was cancelled by ACK 20000 at 220 */
	long s11 = find_from(t, 0, RX_EV_SEND, 10000, 0);
	CHECK(s11 >= 0 && t->t_ns[s11] == t_ms(110));
	long cancel = -1;
	for (size_t i = 0; i < t->n; i++)
		if (t->kind[i] == RX_EV_TIMER_CANCELLED && (t->detail[i] & 15) == RX_TMR_ER)
			cancel = (long)i;
	CHECK(cancel >= 0 && t->t_ns[cancel] == t_ms(220));
	CHECK_EQ_I64(res.invariant_violations, 0);
	rx_result_free(&res);

	/* the same path with DupThresh (dupack, no Early Retransmit): the third
	 * SACK of object 2 at 210 retransmits 12, which was only late */
	if (run(TWO_OBJECTS, late, "\"lossdet\": \"dupack\", \"early_retransmit\": false", &res))
		return;
	t = &res.trace;
	long rtx = t_find(t, RX_EV_RETRANSMIT, 0);
	CHECK(rtx >= 0);
	if (rtx >= 0) {
		CHECK_EQ_I64(t->t_ns[rtx], t_ms(210));
		CHECK_EQ_I64(t->seq[rtx], 11000);
		CHECK_EQ_I64(t->cause[rtx], RX_TXC_FAST);
	}
	CHECK_EQ_I64(res.flows[0].retransmissions, 1);
	rx_result_free(&res);
}

/* 2. A loss marked by time through the reorder timer (§6.2 step 5).  Two
 * segments, the first lost.  The linux RTT profile takes the SACK's sample
 * (rfc6298 without timestamps times one segment per RTT, here the lost
 * one, so it would have no RTT estimate yet and step 4's window would be 0:
 * "zero if no round-trip time estimate is available", §3.3.2).
 *   t=0    1 and 2 leave; 1 is dropped.
 *   t=100  the SACK of 2 (a sample of 100: min_RTT = SRTT = 100):
 *          RACK.segment = 2, RACK.rtt = 100, one SACKed: reo_wnd = 25;
 *          segment 1: remaining = 0 + 100 + 25 - 100 = 25: the reorder
 *          timer replaces the RTO in the slot, for 125.
 *   t=125  it fires: remaining = 0 + 100 + 25 - 125 = 0 <= 0: 1 is lost;
 *          fast recovery retransmits it at once (cause fast).
 *   t=175  it arrives: FCT 175; ACK 2000 at 225 ends recovery.  No RTO.
 * Without the reordering timer (reo_timer false) only ACKs run the
 * detection and none comes: the RTO armed at t=0 (1 s: no sample yet, RFC
 * 6298 (2.1); a SACK does not restart it) fires at 1000. */
static void reorder_timer_marks_by_time(void)
{
	struct rx_result res;
	if (run("{\"kind\": \"fixed\", \"segments\": 2}", "{\"segment\": 1}",
		"\"lossdet\": \"rack\", \"rtt_profile\": \"linux\"", &res))
		return;
	const struct rx_trace *t = &res.trace;
	check_reo_armed(t, 0, 100, 125);
	long fire = t_find(t, RX_EV_TIMER_FIRED, 0);
	CHECK(fire >= 0 && t->t_ns[fire] == t_ms(125) && (t->detail[fire] & 15) == RX_TMR_ER);
	long rtx = t_find(t, RX_EV_RETRANSMIT, 0);
	CHECK(rtx >= 0);
	if (rtx >= 0) {
		CHECK_EQ_I64(t->t_ns[rtx], t_ms(125));
		CHECK_EQ_I64(t->seq[rtx], 0);
		CHECK_EQ_I64(t->cause[rtx], RX_TXC_FAST);
		CHECK_EQ_I64(t->state[rtx], RX_CA_RECOVERY);
	}
	CHECK_EQ_I64(res.flows[0].rto_count, 0);
	CHECK_EQ_I64(res.flows[0].fast_retransmits, 1);
	CHECK_EQ_I64(t_ms(res.flows[0].fct_ms), t_ms(175));
	CHECK_EQ_I64(res.invariant_violations, 0);
	rx_result_free(&res);

	if (run("{\"kind\": \"fixed\", \"segments\": 2}", "{\"segment\": 1}",
		"\"lossdet\": \"rack\", \"rtt_profile\": \"linux\", \"lossdet_params\": {\"rack\": {\"reo_timer\": "
		"false}}",
		&res))
		return;
	t = &res.trace;
	CHECK_EQ_I64(reo_armed(t, 0), -1);
	rtx = t_find(t, RX_EV_RETRANSMIT, 0);
	CHECK(rtx >= 0 && t->t_ns[rtx] == t_ms(1000) && t->cause[rtx] == RX_TXC_RTO);
	CHECK_EQ_I64(res.flows[0].rto_count, 1);
	rx_result_free(&res);
}

/* 3. Lost retransmission detection (§6.2 step 5 judges a retransmitted
 * segment by its latest transmission).  The linux RTT profile, so every SACK
 * gives an RTT estimate (see 2).  This case alone: the forward path
 * runs at 8.32 Mb/s, one 1040-byte segment (1000 + 40 header bytes) per
 * ms; a dropped segment costs no serialization.  20 segments; segment 1 and
 * its first retransmission are dropped; recovery is RFC 6675's.
 *   t=0    1..10 leave; 2..10 leave the bottleneck at 1..9 ms, arrive at
 *          51..59; their SACKs are back at 101..109.
 *   t=101  SACK of 2 (sample 101: min_RTT = SRTT = 101, RACK.rtt = 101):
 *          reo_wnd = 101/4 = 25.25; 1: remaining 0 + 101 + 25.25 - 101 =
 *          25.25: timer for 126.25.  Limited transmit sends 11 (out at 102,
 *          its SACK at 202).
 *   t=102  SACK of 3: RACK.rtt = 102, remaining 25.25: timer for 127.25;
 *          limited transmit sends 12 (SACK at 203).
 *   t=103  SACK of 4: 3 SACKed = DupThresh, no reordering seen: reo_wnd 0,
 *          remaining 0 + 103 + 0 - 103 = 0: 1 is lost; fast recovery,
 *          ssthresh = (12 - 2 limited-transmit) / 2 = 5 segments; 1 is
 *          retransmitted at 103 and dropped again.  No deadline ahead: the
 *          reorder timer gives the slot back to the RTO.
 *   t=104..109  SACKs of 5..10; pipe falls to 4 at 108 and 109: 13 goes at
 *          108 and 14 at 109 (SACKs back at 209, 210).  Each SACK's
 *          RACK.segment was sent at 0, before the retransmission: nothing
 *          new is lost.
 *   t=202, 203  SACKs of 11 (sent 101) and 12 (sent 102): still before the
 *          retransmission (103).
 *   t=209  SACK of 13, sent at 108 after the retransmission: RACK.xmit_ts =
 *          108, RACK.rtt = 101; in recovery reo_wnd = 0 (no reordering
 *          seen); the retransmission: remaining = 103 + 101 + 0 - 209 = -5:
 *          lost again, sent again at once (NextSeg rule 1, cause 'lost').
 * No RTO: without this detection segment 1 would wait for it (1 s). */
static void lost_retransmission(void)
{
	char json[2048];
	snprintf(json, sizeof(json),
		 "{\"duration_s\": 10,"
		 " \"path\": {\"forward\": {\"rate_bps\": 8320000, \"delay_ms\": 50, \"buffer_pkts\": 1000,"
		 "                          \"loss\": {\"model\": \"positioned\", \"rules\": ["
		 "                             {\"segment\": 1, \"transmission\": 1},"
		 "                             {\"segment\": 1, \"transmission\": 2}]}},"
		 "          \"reverse\": {\"rate_bps\": 0, \"delay_ms\": 50}},"
		 " \"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": 20},"
		 "             \"tcp\": {\"mss\": 1000, \"iw\": 10, \"sack\": true, \"timestamps\": false,"
		 "                     \"handshake\": false, \"cc\": \"reno\", \"timer\": \"rto\","
		 "                     \"recovery\": \"rfc6675\", \"lossdet\": \"rack\","
		 "                     \"rtt_profile\": \"linux\"},"
		 "             \"receiver\": {\"ack_policy\": \"quick\"}}]}");
	struct rx_result res;
	if (t_run_json(json, &res))
		return;
	const struct rx_trace *t = &res.trace;
	check_reo_armed(t, 0, 101, 126.25);
	check_reo_armed(t, 1, 102, 127.25);
	long r2 = find_from(t, 0, RX_EV_RETRANSMIT, 0, 0);
	CHECK(r2 >= 0);
	if (r2 < 0) {
		rx_result_free(&res);
		return;
	}
	CHECK_EQ_I64(t->t_ns[r2], t_ms(103));
	CHECK_EQ_I64(t->cause[r2], RX_TXC_FAST);
	CHECK_EQ_I64(t->detail[r2], 2); /* the 2nd transmission */
	long s13 = find_from(t, 0, RX_EV_SEND, 12000, 0);
	CHECK(s13 >= 0 && t->t_ns[s13] == t_ms(108));
	long r3 = find_from(t, (size_t)r2 + 1, RX_EV_RETRANSMIT, 0, 0);
	CHECK(r3 >= 0);
	if (r3 >= 0) {
		CHECK_EQ_I64(t->t_ns[r3], t_ms(209));
		CHECK_EQ_I64(t->cause[r3], RX_TXC_LOST);
		CHECK_EQ_I64(t->detail[r3], 3);
		CHECK_EQ_I64(t->state[r3], RX_CA_RECOVERY);
	}
	CHECK_EQ_I64(res.flows[0].rto_count, 0);
	CHECK(res.flows[0].completed);
	CHECK_EQ_I64(res.invariant_violations, 0);
	rx_result_free(&res);
}

/* 4. D-SACK rounds grow the window (§6.2 step 4).  Two objects; in object
 * 1 the network duplicates segment 5, so the receiver D-SACKs its second
 * copy (RFC 2883).
 *   t=100  the ACK with the D-SACK: RACK.dsack_round = SND.NXT = 10000,
 *          reo_wnd_mult = 2, reo_wnd_persist = 16.  Object 2 leaves at 100
 *          (object 1 reached the client at 50).
 *   t=150  object 2's segment 19 is 10 ms late: SACK of 20 back at 200,
 *          one SACKed, no reordering seen: reo_wnd = min(2 * 100 / 4, 100)
 *          = 50; 19 (sent 100): remaining = 100 + 100 + 50 - 200 = 50:
 *          timer for 250.  Its ACK at 210 cancels it.
 * With dsack_adapt false the multiplier stays 1: timer for 225. */
static void dsack_grows_the_window(void)
{
	const char *rules = "{\"segment\": 5, \"action\": \"duplicate\"},"
			    " {\"segment\": 19, \"action\": \"delay\", \"delay_ms\": 10}";
	struct rx_result res;
	if (run(TWO_OBJECTS, rules, "\"lossdet\": \"rack\"", &res))
		return;
	const struct rx_trace *t = &res.trace;
	check_reo_armed(t, 0, 200, 250);
	CHECK_EQ_I64(reo_armed(t, 1), -1);
	CHECK_EQ_I64(res.flows[0].retransmissions, 0);
	rx_result_free(&res);

	if (run(TWO_OBJECTS, rules, "\"lossdet\": \"rack\", \"lossdet_params\": {\"rack\": {\"dsack_adapt\": false}}",
		&res))
		return;
	check_reo_armed(&res.trace, 0, 200, 225);
	rx_result_free(&res);
}

/* The Linux reference's connection (shared/linux-reference): MSS 1000, IW10,
 * CUBIC, SACK on, no timestamps, the handshake, the 'linux' RTT profile,
 * the RFC 8985 TLP timer, PRR, delayed ACKs (every second segment at once).
 * RTT 50 ms; 10 segments, the last two (9, 10) lost; extra: more forward
 * rules. */
static int tail2(const char *extra, struct rx_result *res)
{
	char json[2048];
	snprintf(json, sizeof(json),
		 "{\"duration_s\": 10,"
		 " \"path\": {\"forward\": {\"rate_bps\": 0, \"delay_ms\": 25,"
		 "                          \"loss\": {\"model\": \"positioned\", \"rules\": ["
		 "                             {\"segment\": 9}, {\"segment\": 10}%s]}},"
		 "          \"reverse\": {\"rate_bps\": 0, \"delay_ms\": 25}},"
		 " \"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": 10},"
		 "             \"tcp\": {\"mss\": 1000, \"iw\": 10, \"sack\": true, \"timestamps\": false,"
		 "                     \"rtt_profile\": \"linux\", \"cc\": \"cubic\", \"timer\": \"tlp_rfc8985\","
		 "                     \"recovery\": \"prr\", \"ssthresh_from_cwnd\": true, \"lossdet\": \"rack\"},"
		 "             \"receiver\": {\"ack_policy\": \"delayed\"}}]}",
		 extra);
	return t_run_json(json, res);
}

/* 5. The loss probe's SACK marks the hole (RFC 8985 §7.4.1;
 * tlp-tail2-lost-rack.pkt).  The probe is 10 ms late, so its SACK comes
 * 60 ms after it, above min_RTT.
 *   t=0    SYN; t=50 SYN-ACK (sample 50: SRTT 50, RTO 50 + 200 = 250);
 *          1..10 leave at 50.
 *   t=75   1..8 arrive, every second one ACKed at once: ACKs 2000..8000
 *          back at 100 (samples of 50; min_RTT 50).
 *   t=100  two segments outstanding: PTO = 2 SRTT + 2 ms = 102: 202.
 *   t=202  the probe retransmits 10 (the RTO restarts: 452).
 *   t=237  it arrives above the hole: a SACK, back at 262.
 *   t=262  the probe was last sent 60 >= min_RTT = 50 ago, so it counts
 *          (step 2): RACK.segment = the probe, RACK.xmit_ts = 202,
 *          RACK.rtt = 60; reo_wnd = 50 / 4 = 12.5; segment 9 (sent 50):
 *          remaining = 50 + 60 + 12.5 - 262 = -139.5: lost; fast recovery
 *          retransmits 9 at once.
 *   t=287  9 arrives: FCT 287; ACK 10000 at 312 ends recovery: no RTO. */
static void probe_sack_marks_the_hole(void)
{
	struct rx_result res;
	if (tail2(", {\"segment\": 10, \"transmission\": 2, \"action\": \"delay\", \"delay_ms\": 10}", &res))
		return;
	const struct rx_trace *t = &res.trace;
	long probe = t_find(t, RX_EV_PROBE, 0);
	CHECK(probe >= 0 && t->t_ns[probe] == t_ms(202) && t->seq[probe] == 9000);
	long rtx = t_find(t, RX_EV_RETRANSMIT, 0);
	CHECK(rtx >= 0);
	if (rtx >= 0) {
		CHECK_EQ_I64(t->t_ns[rtx], t_ms(262));
		CHECK_EQ_I64(t->seq[rtx], 8000);
		CHECK_EQ_I64(t->cause[rtx], RX_TXC_FAST);
		CHECK_EQ_I64(t->state[rtx], RX_CA_RECOVERY);
	}
	CHECK_EQ_I64(reo_armed(t, 0), -1); /* marked at once: no reorder timer */
	CHECK_EQ_I64(res.flows[0].rto_count, 0);
	CHECK_EQ_I64(res.flows[0].probe_count, 1);
	CHECK_EQ_I64(t_ms(res.flows[0].fct_ms), t_ms(287));
	CHECK_EQ_I64(res.invariant_violations, 0);
	rx_result_free(&res);
}

/* 6. A probe's SACK sooner than min_RTT is not used (tlp-tail2-lost.pkt).
 * RFC 8985 §6.2 step 2 ignores a retransmitted segment that "was last
 * retransmitted less than RACK.min_rtt ago": its SACK may answer the
 * original transmission.  The kernel measured the probe's SACK 50.136 ms
 * after the probe while its min_rtt was 50.231 ms (the script's nominal
 * 50 ms plus the stack's own latency), marked nothing (Disorder, lost 0)
 * and repaired the hole by the RTO: the kernel follows the RFC here.  The
 * path below carries those measured latencies: the SYN and segments 1..8
 * are 0.231 ms late, the probe 0.136 ms.
 *   t=50.231   SYN-ACK: sample 50.231 (min_RTT, SRTT), RTO = 50.231 + 200
 *              = 250.231; 1..10 leave.
 *   t=100.462  ACKs 2000..8000 (samples 50.231): PTO = 2 * 50.231 + 2 =
 *              102.462: 202.924.
 *   t=202.924  the probe (10 again); the RTO restarts: 453.155.
 *   t=253.060  its SACK: last sent 50.136 < 50.231 ago: not used;
 *              RACK.segment stays 8 (sent 50.231), and 9 was sent after it
 *              (in the same instant): nothing is lost, no timer: Disorder.
 *   t=453.155  the RTO retransmits 9: 250.231 ms after the probe (the kernel:
 *              256, a 250 ms timer on 4 ms ticks).
 * At exactly min_RTT the rule ("less than") lets the SACK count: with the
 * script's nominal 50 ms throughout, the probe (202) is SACKed at 252 and 9
 * is fast-retransmitted there. */
static void fast_probe_sack_not_used(void)
{
	struct rx_result res;
	char extra[1024] = "";
	for (int s = 0; s <= 8; s++) {
		size_t n = strlen(extra);
		snprintf(extra + n, sizeof(extra) - n,
			 ", {\"segment\": %d, \"transmission\": 1, \"action\": \"delay\", \"delay_ms\": 0.231}", s);
	}
	size_t n = strlen(extra);
	snprintf(extra + n, sizeof(extra) - n,
		 ", {\"segment\": 10, \"transmission\": 2, \"action\": \"delay\", \"delay_ms\": 0.136}");
	if (tail2(extra, &res))
		return;
	const struct rx_trace *t = &res.trace;
	long probe = t_find(t, RX_EV_PROBE, 0);
	CHECK(probe >= 0 && t->t_ns[probe] == t_ms(202.924));
	long sack = find_from(t, 0, RX_EV_ACK_RECV, 8000, 1); /* the 2nd ACK of 8000: the probe's SACK */
	CHECK(sack >= 0 && t->t_ns[sack] == t_ms(253.060) && t->arg[sack] > 0);
	CHECK_EQ_I64(reo_armed(t, 0), -1);
	long rtx = t_find(t, RX_EV_RETRANSMIT, 0);
	CHECK(rtx >= 0);
	if (rtx >= 0) {
		CHECK_EQ_I64(t->t_ns[rtx], t_ms(453.155));
		CHECK_EQ_I64(t->seq[rtx], 8000);
		CHECK_EQ_I64(t->cause[rtx], RX_TXC_RTO);
		CHECK_EQ_I64(t->t_ns[rtx] - t->t_ns[probe], t_ms(250.231));
	}
	CHECK_EQ_I64(res.flows[0].rto_count, 1);
	CHECK_EQ_I64(res.flows[0].recovery_episodes, 0);
	CHECK_EQ_I64(res.invariant_violations, 0);
	rx_result_free(&res);

	if (tail2("", &res))
		return;
	t = &res.trace;
	probe = t_find(t, RX_EV_PROBE, 0);
	CHECK(probe >= 0 && t->t_ns[probe] == t_ms(202));
	rtx = t_find(t, RX_EV_RETRANSMIT, 0);
	CHECK(rtx >= 0 && t->t_ns[rtx] == t_ms(252) && t->cause[rtx] == RX_TXC_FAST);
	CHECK_EQ_I64(res.flows[0].rto_count, 0);
	rx_result_free(&res);
}

int main(void)
{
	tolerates_reordering();
	reorder_timer_marks_by_time();
	lost_retransmission();
	dsack_grows_the_window();
	probe_sack_marks_the_hole();
	fast_probe_sack_not_used();
	return t_report("ld_rack");
}
