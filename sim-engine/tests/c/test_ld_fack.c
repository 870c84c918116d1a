/* test_ld_fack.c — FACK loss marking in recovery (src/lossdet/ld_dupack.c),
 * each case derived by hand; the derivation is beside each assertion.
 *
 * The rules under test (ld_dupack.c's header cites them):
 *   (F1) a segment is lost once the forward-most SACKed segment is DupThresh
 *        or more segments above it (Mathis & Mahdavi 1996, recovery trigger
 *        snd.fack - snd.una > 3 MSS);
 *   (F2) in recovery every un-SACKed segment below the forward-most SACKed
 *        one is lost (the FACK paper's awnd = snd.nxt - snd.fack +
 *        retran_data counts no un-SACKed data below snd.fack as in flight);
 *   (F3) in recovery the first unacknowledged segment is lost on each ACK
 *        (Linux 3.x's FACK scoreboard update marks at least the head).
 * With PRR (RFC 6937) the sender retransmits only segments marked lost, so
 * these marks decide when the later holes of a tail loss are repaired.
 *
 * Fig. 2 of the tail-loss paper: RTT 80 ms, 10 segments, the paper's Linux
 * 3.17 settings (Linux RTT estimator, CUBIC, FACK, Linux's delayed ER,
 * ssthresh from cwnd), TLP, recovery PRR.  Common timeline: handshake 0-80,
 * segments 1-10 leave at 80 and arrive at 120; the ACKs of the delivered ones
 * arrive at 160 (SRTT 80, every sample 80).  The PTO armed at the first ACK
 * of 160 is max(2 SRTT, 10 ms) = 160 (eq. 1, several outstanding), later ACKs
 * at the same instant re-arm it to the same expiry: the probe re-sends 10 at
 * 320, it arrives out of order at 360 and its SACK reaches the sender at 400.
 * CUBIC's ssthresh is 0.7 cwnd, about 9 segments: well above the pipe of
 * recovery, so PRR's Slow Start Reduction Bound applies throughout:
 *   sndcnt = min(ssthresh - pipe, max(prr_delivered - prr_out, DeliveredData) + MSS). */
#include <stdlib.h>
#include "scenarios.h"
#include "rexsim/registry.h"

static uint64_t B(int seg)
{
	return (uint64_t)(seg - 1) * 1448;
} /* first byte of segment seg */

static struct rx_scenario *linux_tlp_prr(int tail, const char *ack)
{
	struct rx_scenario *sc = t_tail_scenario(80, tail, "tlp", ack);
	struct rx_flow_cfg *f = &sc->flows[0];
	f->rtt_profile = RX_RTT_LINUX;
	rx_flow_select(f, RX_FAM_CC, t_enum("tcp.cc", "cubic"));
	rx_flow_select(f, RX_FAM_RECOVERY, t_enum("tcp.recovery", "prr"));
	f->fack = true;
	f->er_variant = RX_ER_LINUX;
	f->er_delayed = true;
	f->ssthresh_from_cwnd = true;
	return sc;
}

/* time of the first retransmission (any cause) of segment seg, -1 if none */
static int64_t rtx_at(const struct rx_trace *t, int seg)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->kind[i] == RX_EV_RETRANSMIT && t->seq[i] == B(seg))
			return t->t_ns[i];
	return -1;
}

struct fig2_case {
	int tail;
	const char *ack;
	double rtx_ms[10]; /* retransmission time of segment i+1, 0: none */
	double fct_ms;
	int er, fr;
};

static void fig2(const struct fig2_case *c)
{
	struct rx_scenario *sc = linux_tlp_prr(c->tail, c->ack);
	struct rx_result res;
	struct rx_error err;
	CHECK_EQ_I64(rx_run(sc, &res, &err), 0);
	const struct rx_trace *t = &res.trace;
	long probe = t_find(t, RX_EV_PROBE, 0);
	CHECK(probe >= 0);
	if (probe >= 0) {
		CHECK_EQ_I64(t->t_ns[probe], t_ms(320));
		CHECK_EQ_I64(t->seq[probe], B(10));
	}
	for (int seg = 11 - c->tail; seg <= 9; seg++) {
		int64_t at = rtx_at(t, seg);
		if (at != t_ms(c->rtx_ms[seg - 1]))
			fprintf(stderr, "fig2 tail %d %s: segment %d\n", c->tail, c->ack, seg);
		CHECK_EQ_I64(at, t_ms(c->rtx_ms[seg - 1]));
	}
	CHECK_EQ_I64(t_ms(res.flows[0].fct_ms), t_ms(c->fct_ms));
	CHECK_EQ_I64(res.flows[0].er_count, c->er);
	CHECK_EQ_I64(res.flows[0].fast_retransmits, c->fr);
	CHECK_EQ_I64(res.flows[0].rto_count, 0);
	CHECK_EQ_I64(res.flows[0].probe_count, 1);
	CHECK_EQ_I64(res.invariant_violations, 0);
	rx_result_free(&res);
	free(sc);
}

static const struct fig2_case FIG2[] = {
	/* Three losses (8-10), quick ACKs: the ACKs of 1-7 arrive at 160.  The
	 * probe's SACK at 400 leaves 8, 9 un-SACKed, 10 SACKed: the highest SACK
	 * is only 2 segments above 8, so (F1) marks nothing; Linux's ER (three
	 * outstanding, one SACKed) waits max(SRTT/4, 2 ms) = 20 ms.  At 420 it
	 * fires: recovery, 8 is lost (the head) and by (F2) so is 9: pipe 0,
	 * PRR's entry quota (DeliveredData one MSS) is min(9 - 0, 1 + 1) = 2
	 * segments: 8 (early) and 9 leave at 420 and arrive at 460 = FCT.
	 * Without (F2) only 8 leaves and 9 waits for the RTO. */
	{ 3, "quick", { [7] = 420, [8] = 420 }, 460, 1, 0 },
	/* Four losses (7-10), quick ACKs: the ACKs of 1-6 arrive at 160.  At 400
	 * the SACK of 10 is 3 = DupThresh above 7: 7 lost (F1), recovery, and
	 * (F2) marks 8 and 9: pipe 0, quota 2: 7 (fast) and 8 at 400.  Their ACKs
	 * arrive at 480; the first (snd.una 8, one segment delivered):
	 * prr_delivered 2, prr_out 2, pipe 1 (8's retransmission), quota
	 * min(9 - 1, max(0, 1) + 1) = 2, but only 9 is lost and unsent: 9 at
	 * 480, arriving at 520 = FCT.  Without (F2) and (F3) the ACK of 7 marks
	 * nothing and 8, 9 wait for the RTO. */
	{ 4, "quick", { [6] = 400, [7] = 400, [8] = 480 }, 520, 0, 1 },
	/* Five losses (6-10), quick ACKs: the ACKs of 1-5 at 160.  At 400 FACK
	 * marks 6 and 7 (10 - 3), recovery, (F2) marks 8 and 9; quota 2: 6 (fast)
	 * and 7 at 400.  At 480 the ACK of 6: pipe 1 (7's retransmission), quota
	 * 2: 8 and 9 at 480, arriving at 520 = FCT. */
	{ 5, "quick", { [5] = 400, [6] = 400, [7] = 480, [8] = 480 }, 520, 0, 1 },
	/* Three losses, delayed ACKs (every second segment, 200 ms timer): the
	 * ACKs of 2, 4, 6 arrive at 160; 7 waits for the delayed-ACK timer (120 +
	 * 200 = 320) and its ACK arrives at 360, an RTT sample of 360 - 80 =
	 * 280: SRTT = 7/8 * 80 + 280/8 = 105.  The probe went at 320 (PTO armed
	 * at 160 for 160), its SACK arrives at 400: ER delayed by 105/4 = 26.25 ms
	 * to 426.25, then as with quick ACKs 8 and 9 leave together and arrive at
	 * 466.25 = FCT. */
	{ 3, "delayed", { [7] = 426.25, [8] = 426.25 }, 466.25, 1, 0 },
	/* Four losses, delayed ACKs: the ACKs of 2, 4, 6 at 160 (nothing left
	 * pending: 7 is lost).  At 400, as with quick ACKs, 7 and 8 leave; both
	 * fill the hole out of order, so the receiver ACKs each at once (RFC 5681
	 * §4.2): the ACKs arrive at 480, 9 leaves and arrives at 520 = FCT. */
	{ 4, "delayed", { [6] = 400, [7] = 400, [8] = 480 }, 520, 0, 1 },
	/* Five losses, delayed ACKs: the ACKs of 2 and 4 at 160; 5's waits for the
	 * timer (ACK at 360).  At 400 the SACK of 10: 6 and 7 lost (F1), recovery,
	 * 8 and 9 (F2); 6 and 7 at 400, their ACKs at 480, 8 and 9 at 480, FCT
	 * 520. */
	{ 5, "delayed", { [5] = 400, [6] = 400, [7] = 480, [8] = 480 }, 520, 0, 1 },
};

/* A partial ACK with nothing SACKed above the new head: RTT 20 ms (handshake
 * 0-20, data leaves at 20, arrives at 30, ACKs back at 40), quick ACKs,
 * Reno, SACK, FACK, PRR, the RTO timer; 10 segments, 3, 9 and 10 dropped on
 * their first transmission.  At 40 the ACKs of 1 and 2, then the SACKs of
 * 4, 4-5, 4-6: the third is DupThresh duplicate ACKs and the highest SACK
 * (6) is 3 above 3: recovery, 3 retransmitted at 40 (F2: no other hole below
 * 6).  The SACKs of 4-7 and 4-8 follow at 40: nothing else is below the
 * forward-most SACK.  3 arrives at 50, the receiver holds 1-8: ACK 9 with no
 * SACK arrives at 60, a partial ACK (recovery point: after 10).  (F3) marks
 * the new head 9 lost, and PRR (pipe 1: 10, still counted in flight; quota at
 * least one MSS by the reduction bound) re-sends it at 60; it arrives at 70
 * and its ACK (snd.una 10) at 80 marks 10, re-sent at 80, delivered at 90 =
 * FCT.  Without (F3), and without FACK (the second run: RFC 6675's IsLost()
 * needs DupThresh SACKed segments above 9), 9 and 10 wait for the RTO: one
 * second (RFC 6298's minimum) after the last restart at 60, at 1060. */
static void partial_ack(bool fack)
{
	struct rx_scenario *sc = t_tail_scenario(20, 0, "rto", "quick");
	sc->fwd.loss.model = RX_LOSS_POSITIONED;
	const int drops[] = { 3, 9, 10 };
	for (int k = 0; k < 3; k++) {
		struct rx_pos_rule *r = &sc->fwd.loss.rules[sc->fwd.loss.n_rules++];
		rx_pos_rule_init(r);
		r->segment = drops[k];
		r->transmission = 1;
		r->action = RX_POS_DROP;
	}
	struct rx_flow_cfg *f = &sc->flows[0];
	rx_flow_select(f, RX_FAM_RECOVERY, t_enum("tcp.recovery", "prr"));
	f->fack = fack;
	struct rx_result res;
	struct rx_error err;
	CHECK_EQ_I64(rx_run(sc, &res, &err), 0);
	const struct rx_trace *t = &res.trace;
	CHECK_EQ_I64(rtx_at(t, 3), t_ms(40));
	if (fack) {
		CHECK_EQ_I64(rtx_at(t, 9), t_ms(60));
		CHECK_EQ_I64(rtx_at(t, 10), t_ms(80));
		CHECK_EQ_I64(t_ms(res.flows[0].fct_ms), t_ms(90));
		CHECK_EQ_I64(res.flows[0].rto_count, 0);
	} else {
		CHECK_EQ_I64(rtx_at(t, 9), t_ms(1060));
		CHECK_EQ_I64(res.flows[0].rto_count, 1);
	}
	CHECK_EQ_I64(res.flows[0].fast_retransmits, 1);
	CHECK_EQ_I64(res.invariant_violations, 0);
	rx_result_free(&res);
	free(sc);
}

int main(void)
{
	for (size_t i = 0; i < sizeof(FIG2) / sizeof(FIG2[0]); i++)
		fig2(&FIG2[i]);
	partial_ack(true);
	partial_ack(false);
	return t_report("ld_fack");
}
