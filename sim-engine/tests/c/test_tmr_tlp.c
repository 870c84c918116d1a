/* test_tmr_tlp.c — the paper's TLP (src/timers/tmr_tlp.c, draft-dukkipati-
 * tcpm-tcp-loss-probe-01 as Linux 3.17 ran it) on a hand-derived timeline,
 * exact to the nanosecond.
 *
 * Setup (as test_tmr_tlp_rfc8985.c): RTT 100 ms (50 ms each way), unlimited
 * rate, quick ACKs, MSS 1448, IW 10, SACK on, the 'linux' RTT profile; ten
 * segments, the last one lost (Fig. 1's one tail loss).
 *   t=0    SYN.
 *   t=100  SYN-ACK: SRTT = 100, RTTVAR(x4) = max(2R, 200 ms) = 200, RTO = 300.
 *          Segments 1..10 leave at once.  Ten outstanding: Eq. 1, PTO =
 *          max(2 SRTT, 10 ms) = 200 -> 300 (before the RTO, 100 + 300 = 400).
 *   t=200  the quick ACKs of 1..9, each a 100 ms sample: SRTT stays 100, RTO
 *          300.  Each re-arms the timer with the probe pending; after the ACK
 *          of 9 one segment is outstanding: Eq. 2, PTO = max(2 SRTT, 1.5 SRTT
 *          + WCDelAckT) = max(200, 150 + 200) = 350 -> 550.  The RTO it
 *          stands in for is Linux 3.17's re-armed one (tcp_rearm_rto() with
 *          ICSK_TIME_LOSS_PROBE pending): RTO after the head, segment 10,
 *          was sent, 100 + 300 = 400, still ahead.  So the probe is capped
 *          at 400 (formula pto_capped).  [Before: the cap was a fresh RTO
 *          from the ACK, 200 + 300 = 500.]
 *   t=400  the probe retransmits segment 10 (no new data); it arrives at 450:
 *          FCT 450 ms (from the SYN).  RTO Restart's timer expires at the
 *          same moment (RTO - T_earliest = 300 - 100 after the ACK of 9), so
 *          with quick ACKs TLP ties RTOR here, one RTT below the baseline's
 *          200 + 300 + 50 = 550.
 */
#include <stdlib.h>
#include <string.h>
#include "rexsim/config.h"
#include "scenarios.h"
#include "tjson.h"

/* the n-th timer event `ev` of the retransmission slot (delayed ACKs skipped) */
static long slot_event(const struct rx_trace *t, int ev, int nth)
{
	long i;
	for (int k = 0; (i = t_find(t, ev, k)) >= 0; k++)
		if ((t->detail[i] & 15) != RX_TMR_DELACK && nth-- == 0)
			return i;
	return -1;
}

#define ONE_TAIL_LOSS(timer) \
	"{\"duration_s\": 10," \
	" \"path\": {\"forward\": {\"rate_bps\": 0, \"delay_ms\": 50, \"loss\": {\"model\": \"tail\", \"count\": 1}}," \
	"          \"reverse\": {\"rate_bps\": 0, \"delay_ms\": 50}}," \
	" \"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": 10}," \
	"   \"tcp\": {\"timer\": \"" timer "\", \"rtt_profile\": \"linux\"}," \
	"   \"receiver\": {\"ack_policy\": \"quick\"}}]}"

static void probe_capped_at_rto_after_head(void)
{
	struct rx_result res;
	if (t_run_json(ONE_TAIL_LOSS("tlp"), &res))
		return;
	const struct rx_trace *t = &res.trace;
	long fire = slot_event(t, RX_EV_TIMER_FIRED, 0);
	CHECK(fire >= 0);
	if (fire >= 0) {
		CHECK_EQ_I64(t->t_ns[fire], t_ms(400));
		CHECK_EQ_I64(t->detail[fire] & 15, RX_TMR_PROBE);
		CHECK_EQ_I64(t->detail[fire] >> 4, RX_F_PTO_CAPPED);
	}
	long probe = t_find(t, RX_EV_PROBE, 0);
	CHECK(probe >= 0);
	if (probe >= 0) {
		CHECK_EQ_I64(t->t_ns[probe], t_ms(400));
		CHECK_EQ_I64(t->seq[probe], 9 * 1448);
	}
	CHECK_EQ_I64(res.flows[0].probe_count, 1);
	CHECK_EQ_I64(res.flows[0].rto_count, 0);
	CHECK_EQ_I64(t_ms(res.flows[0].fct_ms), t_ms(450));
	CHECK_EQ_I64(res.invariant_violations, 0);
	rx_result_free(&res);
}

/* The same flow with RTO Restart and with the baseline RTO, the comparison
 * the header derives: RTOR retransmits at 400 (FCT 450), the baseline at
 * 200 + 300 = 500 (FCT 550). */
static void fct_of(const char *json, double fct_ms)
{
	struct rx_result res;
	if (t_run_json(json, &res))
		return;
	CHECK_EQ_I64(t_ms(res.flows[0].fct_ms), t_ms(fct_ms));
	CHECK_EQ_I64(res.invariant_violations, 0);
	rx_result_free(&res);
}

/* Loss recovery's retransmission of the head restarts the RTO (Linux 3.17,
 * tcp_xmit_retransmit_queue()).  The same setup; segment 1 and its first
 * retransmission are lost, the default RFC 6675 recovery (DupThresh 3).
 *   t=100  segments 1..10 leave; the probe is placed at 300 (Eq. 1), capped
 *          at 100 + RTO = 400.
 *   t=200  the SACKed duplicate ACKs of 2..10: the first leaves Open, so the
 *          pending probe becomes the RTO it stood in for, due at 400; the
 *          third starts fast recovery, which retransmits segment 1 (lost
 *          again).  Retransmitting the head restarts the RTO: 200 + 300 =
 *          500.  [Before: the RTO stayed due at 400.]
 *   t=500  the RTO retransmits segment 1 (third transmission); it arrives at
 *          550: FCT 550 ms. */
static void head_retransmission_restarts_rto(void)
{
	struct rx_result res;
	if (t_run_json(
		    "{\"duration_s\": 10,"
		    " \"path\": {\"forward\": {\"rate_bps\": 0, \"delay_ms\": 50, \"loss\": {\"model\": \"positioned\","
		    "   \"rules\": [{\"segment\": 1}, {\"segment\": 1, \"transmission\": 2}]}},"
		    "          \"reverse\": {\"rate_bps\": 0, \"delay_ms\": 50}},"
		    " \"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": 10},"
		    "   \"tcp\": {\"timer\": \"tlp\", \"rtt_profile\": \"linux\"},"
		    "   \"receiver\": {\"ack_policy\": \"quick\"}}]}",
		    &res))
		return;
	const struct rx_trace *t = &res.trace;
	long fire = slot_event(t, RX_EV_TIMER_FIRED, 0);
	CHECK(fire >= 0);
	if (fire >= 0) {
		CHECK_EQ_I64(t->t_ns[fire], t_ms(500));
		CHECK_EQ_I64(t->detail[fire] & 15, RX_TMR_RTO);
	}
	CHECK_EQ_I64(res.flows[0].probe_count, 0);
	CHECK_EQ_I64(res.flows[0].fast_retransmits, 1);
	CHECK_EQ_I64(res.flows[0].rto_count, 1);
	CHECK_EQ_I64(t_ms(res.flows[0].fct_ms), t_ms(550));
	CHECK_EQ_I64(res.invariant_violations, 0);
	rx_result_free(&res);
}

int main(void)
{
	probe_capped_at_rto_after_head();
	head_retransmission_restarts_rto();
	fct_of(ONE_TAIL_LOSS("rtor"), 450);
	fct_of(ONE_TAIL_LOSS("rto"), 550);
	return t_report("tmr_tlp");
}
