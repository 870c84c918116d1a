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
	if (t_run_json(TAIL(2), &res))
		return;
	const struct rx_trace *t = &res.trace;
	long fire = slot_event(t, RX_EV_TIMER_FIRED, 0);
	CHECK(fire >= 0);
	if (fire >= 0) {
		CHECK_EQ_I64(t->t_ns[fire], t_ms(402));
		CHECK_EQ_I64(t->detail[fire] & 15, RX_TMR_PROBE);
		CHECK_EQ_I64(t->detail[fire] >> 4, RX_F_PTO_RFC8985);
	}
	long probe = t_find(t, RX_EV_PROBE, 0);
	CHECK(probe >= 0);
	if (probe >= 0) {
		CHECK_EQ_I64(t->t_ns[probe], t_ms(402));
		CHECK_EQ_I64(t->seq[probe], 9 * 1448);
		/* the next arming of the slot: the RTO, one full RTO after the probe */
		long armed = -1;
		for (size_t i = (size_t)probe; i < t->n && armed < 0; i++)
			if (t->kind[i] == RX_EV_TIMER_ARMED)
				armed = (long)i;
		CHECK(armed >= 0);
		if (armed >= 0) {
			CHECK_EQ_I64(t->t_ns[armed], t_ms(402));
			CHECK_EQ_I64(t->detail[armed] & 15, RX_TMR_RTO);
			CHECK_EQ_I64(t->detail[armed] >> 4, RX_F_RTO);
			CHECK_EQ_I64((int64_t)t->seq[armed], t_ms(702)); /* expiry */
		}
	}
	/* the fast retransmission of 9 at 502, and no RTO ever */
	long rtx = t_find(t, RX_EV_RETRANSMIT, 0);
	CHECK(rtx >= 0);
	if (rtx >= 0) {
		CHECK_EQ_I64(t->t_ns[rtx], t_ms(502));
		CHECK_EQ_I64(t->seq[rtx], 8 * 1448);
		CHECK_EQ_I64(t->state[rtx], RX_CA_RECOVERY);
	}
	CHECK_EQ_I64(slot_event(t, RX_EV_TIMER_FIRED, 1), -1);
	CHECK_EQ_I64(res.flows[0].rto_count, 0);
	CHECK_EQ_I64(res.flows[0].probe_count, 1);
	CHECK(res.flows[0].completed);
	CHECK_EQ_I64(t_ms(res.flows[0].fct_ms), t_ms(552));
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
	if (t_run_json(TAIL(1), &res))
		return;
	const struct rx_trace *t = &res.trace;
	long fire = slot_event(t, RX_EV_TIMER_FIRED, 0);
	CHECK(fire >= 0);
	if (fire >= 0) {
		CHECK_EQ_I64(t->t_ns[fire], t_ms(500));
		CHECK_EQ_I64(t->detail[fire] & 15, RX_TMR_PROBE);
		CHECK_EQ_I64(t->detail[fire] >> 4, RX_F_PTO_CAPPED);
	}
	long probe = t_find(t, RX_EV_PROBE, 0);
	CHECK(probe >= 0 && t->t_ns[probe] == t_ms(500));
	long armed = -1;
	for (size_t i = probe >= 0 ? (size_t)probe : t->n; i < t->n && armed < 0; i++)
		if (t->kind[i] == RX_EV_TIMER_ARMED)
			armed = (long)i;
	CHECK(armed >= 0);
	if (armed >= 0) {
		CHECK_EQ_I64(t->detail[armed] & 15, RX_TMR_RTO);
		CHECK_EQ_I64((int64_t)t->seq[armed], t_ms(800));
	}
	CHECK_EQ_I64(res.flows[0].rto_count, 0);
	CHECK_EQ_I64(t_ms(res.flows[0].fct_ms), t_ms(550));
	CHECK_EQ_I64(res.invariant_violations, 0);
	rx_result_free(&res);
}

/* Deviation 6 (issue #8): only a D-SACK for the probe itself ends a TLP
 * episode without a congestion response (RFC 8985 §7.4.2).  Two objects of
 * 10 segments (requests app, no think time), object 1's last segment handled
 * by `rule10`, segment 3 by `rule3`:
 *   t=100  segments 1..10 leave.
 *   t=200  the ACKs of 1..9 (segment 3's network copy arrives at 150 in
 *          time): one segment outstanding, PTO = 2 SRTT + WCDelAckT = 400,
 *          capped at TCP_RTO_expiration() = 200 + 300 = 500.
 *   t=500  the probe retransmits segment 10: TLP.end_seq = 14480, the probe's
 *          bytes [13032, 14480).
 *   t=550  the probe arrives: object 1 is complete (FCT 650 is object 2's);
 *          its ACK, cumulative 14480 = TLP.end_seq, is back at 600: no
 *          decision (neither beyond TLP.end_seq nor a D-SACK of the probe).
 *   t=600  the request for object 2 arrives (550 + 50): segments 11..20.
 *   t=700  their ACKs, the first at 15928 > TLP.end_seq.
 * dsack_at/dsack_ack: when the ACK carrying the D-SACK comes back and its
 * cumulative ACK; cwr_at: when the episode's congestion response comes (CWR
 * entered), or -1 for none. */
static void episode_end(const char *rules, double dsack_at, uint64_t dsack_ack, double cwr_at, const char *why)
{
	char json[1024];
	snprintf(json, sizeof(json),
		 "{\"duration_s\": 10,"
		 " \"path\": {\"forward\": {\"rate_bps\": 0, \"delay_ms\": 50, \"loss\": {\"model\": \"positioned\","
		 " \"rules\": [%s]}},"
		 "          \"reverse\": {\"rate_bps\": 0, \"delay_ms\": 50}},"
		 " \"flows\": [{\"app\": {\"kind\": \"requests\", \"requests\": 2, \"object_bytes\": 14480, "
		 "\"gap_ms\": 0},"
		 "   \"tcp\": {\"timer\": \"tlp_rfc8985\", \"rtt_profile\": \"linux\"},"
		 "   \"receiver\": {\"ack_policy\": \"quick\"}}]}",
		 rules);
	struct rx_result res;
	if (t_run_json(json, &res))
		return;
	const struct rx_trace *t = &res.trace;
	long probe = t_find(t, RX_EV_PROBE, 0);
	CHECK(probe >= 0 && t->t_ns[probe] == t_ms(500) && t->seq[probe] == 9 * 1448);
	long dsack = -1;
	for (size_t i = 0; i < t->n && dsack < 0; i++)
		if (t->kind[i] == RX_EV_ACK_RECV && t->detail[i] == 1 && t->seq[i] > 0) /* not the SYN-ACK */
			dsack = (long)i;
	CHECK(dsack >= 0);
	if (dsack >= 0) {
		CHECK_EQ_I64(t->t_ns[dsack], t_ms(dsack_at));
		CHECK_EQ_I64(t->seq[dsack], dsack_ack);
	}
	long cwr = -1;
	for (size_t i = 0; i < t->n && cwr < 0; i++)
		if (t->kind[i] == RX_EV_STATE && t->detail[i] == RX_CA_CWR)
			cwr = (long)i;
	if (cwr_at < 0) {
		if (cwr >= 0)
			fprintf(stderr, "  %s: CWR entered at %.3f ms, expected none\n", why, t->t_ns[cwr] / 1e6);
		CHECK_EQ_I64(cwr, -1);
		CHECK_EQ_I64(res.flows[0].tlp_loss_episodes, 0);
	} else {
		if (cwr < 0)
			fprintf(stderr, "  %s: no CWR, expected at %g ms\n", why, cwr_at);
		CHECK(cwr >= 0);
		if (cwr >= 0) {
			CHECK_EQ_I64(t->t_ns[cwr], t_ms(cwr_at));
			CHECK_EQ_I64(t->seq[cwr], 11 * 1448); /* snd_una after the first ACK of object 2 */
		}
		CHECK_EQ_I64(res.flows[0].tlp_loss_episodes, 1);
	}
	CHECK_EQ_I64(res.flows[0].rto_count, 0);
	CHECK_EQ_I64(res.flows[0].probe_count, 1);
	CHECK(res.flows[0].completed);
	CHECK_EQ_I64(t_ms(res.flows[0].fct_ms), t_ms(650));
	CHECK_EQ_I64(res.invariant_violations, 0);
	rx_result_free(&res);
}

static void dsack_of_the_probe_only(void)
{
	/* Segment 10 dropped; segment 3 duplicated in the network and its
	 * original held 360 ms: the original arrives at 510, a duplicate, and
	 * the receiver D-SACKs [2896, 4344) on an ACK (cumulative 13032) back at
	 * 560.  Not the probe's bytes: the episode goes on; the ACK at 700 goes
	 * beyond TLP.end_seq without a D-SACK of the probe, so the probe
	 * repaired a loss: CWR at 700.  [Before: any D-SACK was remembered and
	 * the ACK at 600 ended the episode with no response.] */
	episode_end("{\"segment\": 10}, {\"segment\": 3, \"action\": \"duplicate\"},"
		    " {\"segment\": 3, \"action\": \"delay\", \"delay_ms\": 360}",
		    560, 9 * 1448, 700, "unrelated D-SACK before");
	/* The same with the original of 3 held 420 ms: it arrives at 570, after
	 * the probe, and its D-SACK rides an ACK at TLP.end_seq (14480) back at
	 * 620.  That ACK carries a SACK option, so it is not Case 2 (a DupAck
	 * without any SACK option), and the D-SACK is not the probe's: no
	 * decision; CWR at 700.  [Before: the episode ended at 620.] */
	episode_end("{\"segment\": 10}, {\"segment\": 3, \"action\": \"duplicate\"},"
		    " {\"segment\": 3, \"action\": \"delay\", \"delay_ms\": 420}",
		    620, 10 * 1448, 700, "unrelated D-SACK at TLP.end_seq");
	/* Segment 10 not lost but held 430 ms: it arrives at 580, after the
	 * probe (550), a duplicate: the receiver D-SACKs the probe's bytes
	 * [13032, 14480) on an ACK at 14480 back at 630.  Case 1: original and
	 * probe both arrived, nothing was lost: the episode ends with no
	 * congestion response, no CWR. */
	episode_end("{\"segment\": 10, \"action\": \"delay\", \"delay_ms\": 430}", 630, 10 * 1448, -1,
		    "D-SACK of the probe");
}

int main(void)
{
	probe_then_full_rto();
	single_segment_capped_at_now_plus_rto();
	dsack_of_the_probe_only();
	return t_report("tmr_tlp_rfc8985");
}
