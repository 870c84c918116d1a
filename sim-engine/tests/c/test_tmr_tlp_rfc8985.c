/* test_tmr_tlp_rfc8985.c — the RFC 8985 TLP timer (src/timers/tmr_tlp_rfc8985.c)
 * on hand-derived timelines, exact to the nanosecond.
 *
 * Common setup (the Linux reference conditions, shared/linux-reference):
 * RTT 100 ms (50 ms each way), unlimited rate, quick ACKs, MSS 1448, IW 10,
 * SACK on, the 'linux' RTT profile.
 *   t=0    SYN.
 *   t=100  SYN-ACK: first sample R = 100 -> SRTT = 100, RTTVAR(x4) =
 *          max(2R, 200 ms) = 200, RTO = SRTT + RTTVAR(x4) = 300 ms.
 *          Segments 1..10 leave at once.
 *   t=150  the segments that survive arrive; one quick ACK each, back at 200,
 *          each a 100 ms sample: SRTT stays 100, RTTVAR(x4) keeps its 200 ms
 *          floor, so RTO stays 300 ms throughout.
 */
#include <stdlib.h>
#include <string.h>
#include "rexsim/config.h"
#include "scenarios.h"
#include "tjson.h"

static int64_t ms(double v)
{
	return (int64_t)(v * 1e6 + 0.5);
}

static int run_json(const char *json, struct rx_result *res)
{
	struct rx_arena a = { 0 };
	struct rx_node *t = t_json(&a, json);
	struct rx_scenario *sc = malloc(sizeof(*sc));
	struct rx_errors es;
	int rc = t ? rx_scenario_from_tree(t, sc, &es) : -2;
	rx_arena_free(&a);
	struct rx_error err;
	if (rc == 0)
		rc = rx_run(sc, res, &err);
	free(sc);
	CHECK_EQ_I64(rc, 0);
	return rc;
}

/* the n-th timer event `ev` of the retransmission slot (delayed ACKs skipped) */
static long slot_event(const struct rx_trace *t, int ev, int nth)
{
	long i;
	for (int k = 0; (i = t_find(t, ev, k)) >= 0; k++)
		if ((t->detail[i] & 15) != RX_TMR_DELACK && nth-- == 0)
			return i;
	return -1;
}

#define TAIL(n) \
	"{\"duration_s\": 10," \
	" \"path\": {\"forward\": {\"rate_bps\": 0, \"delay_ms\": 50, \"loss\": {\"model\": \"tail\", \"count\": " #n \
	"}}," \
	"          \"reverse\": {\"rate_bps\": 0, \"delay_ms\": 50}}," \
	" \"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": 10}," \
	"   \"tcp\": {\"timer\": \"tlp_rfc8985\", \"rtt_profile\": \"linux\"}," \
	"   \"receiver\": {\"ack_policy\": \"quick\"}}]}"

/* Deviation 1 (issue #8): the last two segments (9, 10) are lost.
 *   t=200  the ACK of 8 leaves two segments outstanding: PTO = 2 SRTT + 2 ms
 *          = 202 ms -> 402.  TCP_RTO_expiration() after this ACK of new data
 *          is 200 + RTO = 500 (RFC 6298 (5.3)), so the PTO is not cut
 *          (RFC 8985 §7.2).  [Before: cut to head sent + RTO = 100 + 300 =
 *          400, and the RTO re-armed after the probe relative to the head,
 *          max(400, 100 + 300) = 400, fired in the same instant as the probe.]
 *   t=402  the probe retransmits segment 10 (no new data); the RTO restarts
 *          one full RTO from the probe: 402 + 300 = 702 (RFC 8985 §7.3).
 *   t=452  segment 10 arrives above the hole: a SACK for it, back at 502.
 *   t=502  one SACKed segment above the head with two outstanding: Early
 *          Retransmit (RFC 5827) enters fast recovery and retransmits 9.
 *   t=552  segment 9 arrives: FCT 552.  t=602 its ACK ends recovery, the RTO
 *          pending for 702 is cancelled: no RTO at all. */
static void probe_then_full_rto(void)
{
	struct rx_result res;
	if (run_json(TAIL(2), &res))
		return;
	const struct rx_trace *t = &res.trace;
	long fire = slot_event(t, RX_EV_TIMER_FIRED, 0);
	CHECK(fire >= 0);
	if (fire >= 0) {
		CHECK_EQ_I64(t->t_ns[fire], ms(402));
		CHECK_EQ_I64(t->detail[fire] & 15, RX_TMR_PROBE);
		CHECK_EQ_I64(t->detail[fire] >> 4, RX_F_PTO_RFC8985);
	}
	long probe = t_find(t, RX_EV_PROBE, 0);
	CHECK(probe >= 0);
	if (probe >= 0) {
		CHECK_EQ_I64(t->t_ns[probe], ms(402));
		CHECK_EQ_I64(t->seq[probe], 9 * 1448);
		/* the next arming of the slot: the RTO, one full RTO after the probe */
		long armed = -1;
		for (size_t i = (size_t)probe; i < t->n && armed < 0; i++)
			if (t->kind[i] == RX_EV_TIMER_ARMED)
				armed = (long)i;
		CHECK(armed >= 0);
		if (armed >= 0) {
			CHECK_EQ_I64(t->t_ns[armed], ms(402));
			CHECK_EQ_I64(t->detail[armed] & 15, RX_TMR_RTO);
			CHECK_EQ_I64(t->detail[armed] >> 4, RX_F_RTO);
			CHECK_EQ_I64((int64_t)t->seq[armed], ms(702)); /* expiry */
		}
	}
	/* the fast retransmission of 9 at 502, and no RTO ever */
	long rtx = t_find(t, RX_EV_RETRANSMIT, 0);
	CHECK(rtx >= 0);
	if (rtx >= 0) {
		CHECK_EQ_I64(t->t_ns[rtx], ms(502));
		CHECK_EQ_I64(t->seq[rtx], 8 * 1448);
		CHECK_EQ_I64(t->state[rtx], RX_CA_RECOVERY);
	}
	CHECK_EQ_I64(slot_event(t, RX_EV_TIMER_FIRED, 1), -1);
	CHECK_EQ_I64(res.flows[0].rto_count, 0);
	CHECK_EQ_I64(res.flows[0].probe_count, 1);
	CHECK(res.flows[0].completed);
	CHECK_EQ_I64(ms(res.flows[0].fct_ms), ms(552));
	CHECK_EQ_I64(res.invariant_violations, 0);
	rx_result_free(&res);
}

/* Deviation 1, one segment outstanding: only segment 10 is lost.
 *   t=200  the ACK of 9 leaves one segment: PTO = 2 SRTT + WCDelAckT =
 *          200 + 200 = 400 -> 600, later than TCP_RTO_expiration() = 200 +
 *          300 = 500, so the probe comes at 500, one RTO after the ACK
 *          (formula pto_capped) -- as Linux: "probe +319 ms" after the ACK
 *          with its RTO of about 320 ms.  [Before: cut to segment 10's send
 *          + RTO = 400.]
 *   t=500  the probe retransmits 10; RTO re-armed 500 + 300 = 800.
 *   t=550  it arrives: FCT 550; its ACK at 600 cancels the RTO. */
static void single_segment_capped_at_now_plus_rto(void)
{
	struct rx_result res;
	if (run_json(TAIL(1), &res))
		return;
	const struct rx_trace *t = &res.trace;
	long fire = slot_event(t, RX_EV_TIMER_FIRED, 0);
	CHECK(fire >= 0);
	if (fire >= 0) {
		CHECK_EQ_I64(t->t_ns[fire], ms(500));
		CHECK_EQ_I64(t->detail[fire] & 15, RX_TMR_PROBE);
		CHECK_EQ_I64(t->detail[fire] >> 4, RX_F_PTO_CAPPED);
	}
	long probe = t_find(t, RX_EV_PROBE, 0);
	CHECK(probe >= 0 && t->t_ns[probe] == ms(500));
	long armed = -1;
	for (size_t i = probe >= 0 ? (size_t)probe : t->n; i < t->n && armed < 0; i++)
		if (t->kind[i] == RX_EV_TIMER_ARMED)
			armed = (long)i;
	CHECK(armed >= 0);
	if (armed >= 0) {
		CHECK_EQ_I64(t->detail[armed] & 15, RX_TMR_RTO);
		CHECK_EQ_I64((int64_t)t->seq[armed], ms(800));
	}
	CHECK_EQ_I64(res.flows[0].rto_count, 0);
	CHECK_EQ_I64(ms(res.flows[0].fct_ms), ms(550));
	CHECK_EQ_I64(res.invariant_violations, 0);
	rx_result_free(&res);
}

int main(void)
{
	probe_then_full_rto();
	single_segment_capped_at_now_plus_rto();
	return t_report("tmr_tlp_rfc8985");
}
