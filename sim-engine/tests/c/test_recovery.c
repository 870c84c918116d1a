/* test_recovery.c — loss detection and the receiver's SACK/DSACK, each on a
 * hand-derived case.  Common setup: RTT 20 ms (10 ms each way), unlimited
 * rate, quick ACKs, rfc6298, handshake done at 20 ms so data leaves at 20 ms
 * and arrives at 30 ms; ACKs come back at 40 ms. */
#include <stdlib.h>
#include <string.h>
#include "scenarios.h"
#include "rexsim/registry.h"

static struct rx_scenario *base(int segments, const char *timer)
{
	struct rx_scenario *sc = t_tail_scenario(20, 0, timer, "quick");
	sc->flows[0].app_segments = segments;
	sc->fwd.loss.model = RX_LOSS_POSITIONED;
	return sc;
}

static void rule(struct rx_scenario *sc, int seg, int tx, int action, double delay_ms)
{
	struct rx_pos_rule *r = &sc->fwd.loss.rules[sc->fwd.loss.n_rules++];
	rx_pos_rule_init(r);
	r->segment = seg;
	r->transmission = tx;
	r->action = action;
	r->delay_ms = delay_ms;
}

static uint64_t B(int seg)
{
	return (uint64_t)(seg - 1) * 1448;
} /* first byte of segment seg */

/* Segment 3 of 30 dropped.  At 40 ms the ACKs of 1 and 2 arrive (each opens
 * cwnd by one segment in slow start and releases two new segments), then
 * duplicate ACKs SACKing 4, 4-5, 4-6: the third is DupThresh (RFC 6675 §5),
 * and by then three segments above 3 are SACKed, so IsLost(3) holds too.
 * The fast retransmission of segment 3 leaves at 40 ms exactly. */
static void fast_retransmit(bool sack)
{
	struct rx_scenario *sc = base(30, "rto");
	sc->flows[0].sack = sack;
	rule(sc, 3, 1, RX_POS_DROP, 0);
	struct rx_result res;
	struct rx_error err;
	CHECK_EQ_I64(rx_run(sc, &res, &err), 0);
	const struct rx_trace *t = &res.trace;
	long rtx = t_find(t, RX_EV_RETRANSMIT, 0);
	CHECK(rtx >= 0);
	CHECK_EQ_I64(t->t_ns[rtx], t_ms(40));
	CHECK_EQ_I64(t->seq[rtx], B(3));
	CHECK_EQ_I64(t->state[rtx], RX_CA_RECOVERY);
	CHECK_EQ_I64(res.flows[0].fast_retransmits, 1);
	CHECK_EQ_I64(res.flows[0].rto_count, 0);
	CHECK_EQ_I64(res.flows[0].retransmissions, 1);
	CHECK(res.flows[0].completed);
	CHECK_EQ_I64(res.flows[0].bytes_delivered, 30 * 1448);
	CHECK_EQ_I64(res.invariant_violations, 0);
	rx_result_free(&res);
	free(sc);
}

/* Segments 3 and 6 of 10 dropped: at 30 ms the receiver holds 4-5 and then
 * 7; the ACK for 7 must list [7] first (the block holding the segment that
 * triggered it, RFC 2018 §4) and then [4-5]. */
static void sack_order(void)
{
	struct rx_scenario *sc = base(10, "rto");
	rule(sc, 3, 1, RX_POS_DROP, 0);
	rule(sc, 6, 1, RX_POS_DROP, 0);
	struct rx_result res;
	struct rx_error err;
	CHECK_EQ_I64(rx_run(sc, &res, &err), 0);
	const struct rx_trace *t = &res.trace;
	bool seen = false;
	for (size_t i = 0; i < t->n; i++) {
		if (t->kind[i] != RX_EV_ACK_SENT || t->arg[i] == 0)
			continue;
		const uint64_t *w = &t->sack_words[t->arg[i] - 1];
		if (w[1] == B(7) && w[2] == B(8)) {
			seen = true;
			CHECK_EQ_I64(t->t_ns[i], t_ms(30));
			CHECK_EQ_I64(t->seq[i], B(3)); /* cumulative ACK still at segment 3 */
			CHECK_EQ_I64(w[0] & 0xff, 2);
			CHECK_EQ_I64(w[3], B(4));
			CHECK_EQ_I64(w[4], B(6));
		}
	}
	CHECK(seen);
	CHECK(res.flows[0].completed);
	rx_result_free(&res);
	free(sc);
}

/* Segment 2 duplicated in the network: the second copy is a duplicate, so
 * the ACK it triggers (at 30 ms) carries a D-SACK block for [B(2), B(3))
 * first (RFC 2883 §4), and the trace marks it. */
static void dsack(void)
{
	struct rx_scenario *sc = base(10, "rto");
	rule(sc, 2, 1, RX_POS_DUPLICATE, 0);
	struct rx_result res;
	struct rx_error err;
	CHECK_EQ_I64(rx_run(sc, &res, &err), 0);
	const struct rx_trace *t = &res.trace;
	long found = -1;
	for (size_t i = 0; i < t->n && found < 0; i++)
		if (t->kind[i] == RX_EV_ACK_SENT && t->detail[i] == 1)
			found = (long)i;
	CHECK(found >= 0);
	if (found >= 0) {
		const uint64_t *w = &t->sack_words[t->arg[found] - 1];
		CHECK_EQ_I64(t->t_ns[found], t_ms(30));
		CHECK_EQ_I64(w[0] >> 8, 1);
		CHECK_EQ_I64(w[1], B(2));
		CHECK_EQ_I64(w[2], B(3));
	}
	/* a network duplicate is not a retransmission */
	CHECK_EQ_I64(res.flows[0].spurious_retransmissions, 0);
	CHECK_EQ_I64(res.flows[0].retransmissions, 0);
	rx_result_free(&res);
	free(sc);
}

/* Segment 10 delayed by 1015 ms: ACKs of 1-9 arrive at 40, the RTO fires at
 * 1040 and retransmits 10, which arrives at 1050; the original arrives at
 * 20 + 10 + 1015 = 1045 first.  So the flow completes at 1045 and the
 * retransmission is spurious: the receiver already had the data and answers
 * with a D-SACK at 1050. */
static void spurious_rto(void)
{
	struct rx_scenario *sc = base(10, "rto");
	rule(sc, 10, 1, RX_POS_DELAY, 1015);
	struct rx_result res;
	struct rx_error err;
	CHECK_EQ_I64(rx_run(sc, &res, &err), 0);
	const struct rx_trace *t = &res.trace;
	CHECK_EQ_I64(t_ms(res.flows[0].fct_ms), t_ms(1045));
	CHECK_EQ_I64(res.flows[0].rto_count, 1);
	CHECK_EQ_I64(res.flows[0].spurious_retransmissions, 1);
	long rtx = t_find(t, RX_EV_RETRANSMIT, 0);
	CHECK_EQ_I64(t->t_ns[rtx], t_ms(1040));
	long last_ack = -1;
	for (size_t i = 0; i < t->n; i++)
		if (t->kind[i] == RX_EV_ACK_SENT)
			last_ack = (long)i;
	CHECK_EQ_I64(t->t_ns[last_ack], t_ms(1050));
	CHECK_EQ_I64(t->detail[last_ack], 1);
	rx_result_free(&res);
	free(sc);
}

/* The paper's Linux 3.17 settings, RTT 80 ms, delayed ACKs, TLP. */
static struct rx_scenario *linux_tlp(int tail)
{
	struct rx_scenario *sc = t_tail_scenario(80, tail, "tlp", "delayed");
	struct rx_flow_cfg *f = &sc->flows[0];
	f->rtt_profile = RX_RTT_LINUX;
	rx_flow_select(f, RX_FAM_CC, t_enum("tcp.cc", "cubic"));
	f->fack = true;
	f->er_variant = RX_ER_LINUX;
	f->er_delayed = true;
	f->ssthresh_from_cwnd = true;
	return sc;
}

static long nth_kind_at(const struct rx_trace *t, int kind, uint64_t seq)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->kind[i] == kind && t->seq[i] == seq)
			return (long)i;
	return -1;
}

/* Two tail losses (9, 10).  Data leaves at 80; ACKs of 2,4,6,8 arrive at 160
 * (SRTT 80, two outstanding): PTO = max(2*80, 10) = 160 -> probe at 320
 * (before the RTO cap 160 + 280).  The probe re-sends 10, which arrives at 360
 * out of order: its SACK arrives at 400.  Two outstanding, one SACKed: Early
 * Retransmit, delayed by max(SRTT/4, 2 ms) = 20 ms -> segment 9 leaves at 420
 * and arrives at 460 = FCT. */
static void tlp_then_delayed_er(void)
{
	struct rx_scenario *sc = linux_tlp(2);
	struct rx_result res;
	struct rx_error err;
	CHECK_EQ_I64(rx_run(sc, &res, &err), 0);
	const struct rx_trace *t = &res.trace;
	long probe = t_find(t, RX_EV_PROBE, 0);
	CHECK_EQ_I64(t->t_ns[probe], t_ms(320));
	CHECK_EQ_I64(t->seq[probe], B(10));
	long er_armed = -1;
	for (size_t i = 0; i < t->n; i++)
		if (t->kind[i] == RX_EV_TIMER_ARMED && (t->detail[i] & 15) == RX_TMR_ER)
			er_armed = (long)i;
	CHECK(er_armed >= 0);
	CHECK_EQ_I64(t->t_ns[er_armed], t_ms(400));
	CHECK_EQ_I64(t->detail[er_armed] >> 4, RX_F_ER_DELAY);
	CHECK_EQ_I64((int64_t)t->seq[er_armed], t_ms(420));
	long rtx9 = nth_kind_at(t, RX_EV_RETRANSMIT, B(9));
	CHECK_EQ_I64(t->t_ns[rtx9], t_ms(420));
	CHECK_EQ_I64(t_ms(res.flows[0].fct_ms), t_ms(460));
	CHECK_EQ_I64(res.flows[0].er_count, 1);
	CHECK_EQ_I64(res.flows[0].rto_count, 0);
	rx_result_free(&res);
	free(sc);
}

/* Four tail losses (7-10).  ACKs of 2,4,6 arrive at 160 (four outstanding):
 * probe at 320 re-sends 10; its SACK arrives at 400.  FACK: the highest
 * SACKed segment (10) is 3 = DupThresh above 7, so 7 is lost: recovery.
 * cwnd grew to 13 segments in slow start (three ACKs), CUBIC's ssthresh from
 * cwnd is 0.7 * 13 = 9.1 segments; pipe after re-sending 7 is 3 (7', 8, 9), so
 * NextSeg rule 3 re-sends 8 and 9 at once: all arrive at 440 = FCT. */
static void tlp_then_fack(void)
{
	struct rx_scenario *sc = linux_tlp(4);
	struct rx_result res;
	struct rx_error err;
	CHECK_EQ_I64(rx_run(sc, &res, &err), 0);
	const struct rx_trace *t = &res.trace;
	CHECK_EQ_I64(t->t_ns[t_find(t, RX_EV_PROBE, 0)], t_ms(320));
	for (int seg = 7; seg <= 9; seg++) {
		long r = nth_kind_at(t, RX_EV_RETRANSMIT, B(seg));
		CHECK(r >= 0);
		if (r >= 0)
			CHECK_EQ_I64(t->t_ns[r], t_ms(400));
	}
	CHECK_EQ_I64(t_ms(res.flows[0].fct_ms), t_ms(440));
	CHECK_EQ_I64(res.flows[0].fast_retransmits, 1);
	CHECK_EQ_I64(res.flows[0].rto_count, 0);
	CHECK_EQ_I64(res.flows[0].probe_count, 1);
	rx_result_free(&res);
	free(sc);
}

int main(void)
{
	tlp_then_delayed_er();
	tlp_then_fack();
	fast_retransmit(true);
	fast_retransmit(false); /* NewReno (RFC 6582): three plain duplicate ACKs */
	sack_order();
	dsack();
	spurious_rto();
	return t_report("recovery");
}
