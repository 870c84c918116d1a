/* test_tmr_rtor.c — RTO Restart (src/timers/tmr_rtor.c, RFC 7765 §4) on
 * hand-derived timelines, exact to the nanosecond.
 *
 * Common setup: RTT 100 ms (50 ms each way), unlimited rate, quick ACKs, MSS
 * 1448, the rfc6298 RTT profile, SACK off (so no segment is SACKed and every
 * outstanding segment counts).
 *   t=0    SYN; t=100 SYN-ACK: SRTT = 100, RTTVAR = 50, RTO = max(1 s,
 *          100 + 4 * 50) = 1 s; the data leaves at 100.
 *   ACKs are back one RTT after what they acknowledge arrived - 50 ms.
 */
#include <stdlib.h>
#include <string.h>
#include "rexsim/config.h"
#include "scenarios.h"
#include "tjson.h"

/* the n-th transmission event (send or retransmit) of the segment starting at seq */
static long nth_tx_of(const struct rx_trace *t, uint64_t seq, int nth)
{
	for (size_t i = 0; i < t->n; i++)
		if ((t->kind[i] == RX_EV_SEND || t->kind[i] == RX_EV_RETRANSMIT) && t->seq[i] == seq && nth-- == 0)
			return (long)i;
	return -1;
}

/* A retransmitted segment is never retransmitted again less than one full
 * RTO later.  Six segments; 1 and 4 lost, and 4's first retransmission too.
 *   t=200  duplicate ACKs for 2, 3, 5 (6's is the fourth): the third is
 *          DupThresh, fast retransmit of 1 (NewReno).
 *   t=300  its ACK is partial (cumulative 4344: 1..3): NewReno retransmits
 *          4 at once (dropped again).  RTO Restart: 4, 5, 6 outstanding,
 *          nothing unsent, 3 < rrthresh 4.  T_earliest counts from the
 *          earliest outstanding segment, 4, last sent now: T_earliest = 0,
 *          so the timer expires at 300 + 1000 = 1300.  [Before: T_earliest
 *          came from the oldest transmission among 4..6 -- 5 and 6, sent at
 *          100 -- and the timer expired at 300 + 1000 - 200 = 1100: 4 went
 *          out again 800 ms after its retransmission.]
 *   t=1300 the RTO retransmits 4 (third transmission); the ACK at 1400
 *          covers everything: FCT = 1300 + 50 = 1350. */
static void retransmission_gets_a_full_rto(void)
{
	struct rx_result res;
	if (t_run_json(
		    "{\"duration_s\": 10,"
		    " \"path\": {\"forward\": {\"rate_bps\": 0, \"delay_ms\": 50, \"loss\": {\"model\": \"positioned\","
		    "   \"rules\": [{\"segment\": 1}, {\"segment\": 4}, {\"segment\": 4, \"transmission\": 2}]}},"
		    "          \"reverse\": {\"rate_bps\": 0, \"delay_ms\": 50}},"
		    " \"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": 6},"
		    "   \"tcp\": {\"timer\": \"rtor\", \"sack\": false},"
		    "   \"receiver\": {\"ack_policy\": \"quick\"}}]}",
		    &res))
		return;
	const struct rx_trace *t = &res.trace;
	long rtx1 = nth_tx_of(t, 3 * 1448, 1), rtx2 = nth_tx_of(t, 3 * 1448, 2);
	CHECK(rtx1 >= 0 && rtx2 >= 0);
	if (rtx1 >= 0 && rtx2 >= 0) {
		CHECK_EQ_I64(t->t_ns[rtx1], t_ms(300));
		CHECK_EQ_I64(t->t_ns[rtx2], t_ms(1300));
		CHECK(t->t_ns[rtx2] - t->t_ns[rtx1] >= t_ms(1000)); /* a full RTO */
	}
	long fire = t_find(t, RX_EV_TIMER_FIRED, 0);
	CHECK(fire >= 0);
	if (fire >= 0) {
		CHECK_EQ_I64(t->t_ns[fire], t_ms(1300));
		CHECK_EQ_I64(t->detail[fire] & 15, RX_TMR_RTO);
		CHECK_EQ_I64(t->detail[fire] >> 4, RX_F_RTOR);
	}
	CHECK_EQ_I64(res.flows[0].rto_count, 1);
	CHECK_EQ_I64(t_ms(res.flows[0].fct_ms), t_ms(1350));
	CHECK_EQ_I64(res.invariant_violations, 0);
	rx_result_free(&res);
}

/* The restart condition counts outstanding plus previously unsent segments
 * against rrthresh (RFC 7765 §4), not outstanding segments with nothing
 * unsent.  Four segments, the receiver's window two segments (2896 bytes),
 * segment 2 lost, no Early Retransmit.
 *   t=100  segments 1, 2 leave (the window allows two); RTO 1100.
 *   t=200  the ACK of 1 opens the window by one: segment 3 leaves.  Now 2
 *          and 3 are outstanding and 4 is unsent: 2 + 1 = 3 < rrthresh 4,
 *          so the timer restarts to RTO - T_earliest, T_earliest = 200 - 100
 *          (segment 2, the earliest outstanding, sent at 100): 200 + 1000 -
 *          100 = 1100 (formula rto_restart).  With rule 'simplified' (unsent
 *          data waits) it restarts plainly: 200 + 1000 = 1200.
 *   t=300  the duplicate ACK for 3 (one, no SACK): nothing.
 *   RTO:   retransmits 2; its ACK (cumulative to 3) comes back 100 ms later
 *          and releases 4, which arrives 50 ms after that: FCT = RTO + 150,
 *          1250 (section4) or 1350 (simplified). */
static void counts_previously_unsent(const char *rule, double fire_ms, int formula, double fct_ms)
{
	char json[1024];
	snprintf(json, sizeof(json),
		 "{\"duration_s\": 10,"
		 " \"path\": {\"forward\": {\"rate_bps\": 0, \"delay_ms\": 50, \"loss\": {\"model\": \"positioned\","
		 "   \"rules\": [{\"segment\": 2}]}},"
		 "          \"reverse\": {\"rate_bps\": 0, \"delay_ms\": 50}},"
		 " \"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": 4},"
		 "   \"tcp\": {\"timer\": \"rtor\", \"timer_params\": {\"rtor\": {\"rule\": \"%s\"}}, \"sack\": false,"
		 "           \"early_retransmit\": false},"
		 "   \"receiver\": {\"ack_policy\": \"quick\", \"rwnd_bytes\": 2896}}]}",
		 rule);
	struct rx_result res;
	if (t_run_json(json, &res))
		return;
	const struct rx_trace *t = &res.trace;
	long fire = t_find(t, RX_EV_TIMER_FIRED, 0);
	CHECK(fire >= 0);
	if (fire >= 0) {
		if (t->t_ns[fire] != t_ms(fire_ms))
			fprintf(stderr, "  rule %s: RTO at %.3f ms, expected %g\n", rule, t->t_ns[fire] / 1e6, fire_ms);
		CHECK_EQ_I64(t->t_ns[fire], t_ms(fire_ms));
		CHECK_EQ_I64(t->detail[fire] & 15, RX_TMR_RTO);
		CHECK_EQ_I64(t->detail[fire] >> 4, formula);
	}
	long rtx = nth_tx_of(t, 1448, 1);
	CHECK(rtx >= 0 && t->t_ns[rtx] == t_ms(fire_ms));
	CHECK_EQ_I64(res.flows[0].rto_count, 1);
	CHECK_EQ_I64(t_ms(res.flows[0].fct_ms), t_ms(fct_ms));
	CHECK_EQ_I64(res.invariant_violations, 0);
	rx_result_free(&res);
}

int main(void)
{
	retransmission_gets_a_full_rto();
	counts_previously_unsent("section4", 1100, RX_F_RTOR, 1250);
	counts_previously_unsent("simplified", 1200, RX_F_RTO, 1350);
	return t_report("tmr_rtor");
}
