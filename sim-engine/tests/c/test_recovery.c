/* test_recovery.c — loss detection and the receiver's SACK/DSACK, each on a
 * hand-derived case.  Common setup: RTT 20 ms (10 ms each way), unlimited
 * rate, quick ACKs, rfc6298, handshake done at 20 ms so data leaves at 20 ms
 * and arrives at 30 ms; ACKs come back at 40 ms. */
#include <stdlib.h>
#include <string.h>
#include "scenarios.h"

static int64_t ms(double v) { return (int64_t)(v * 1e6 + 0.5); }

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

static uint64_t B(int seg) { return (uint64_t)(seg - 1) * 1448; }   /* first byte of segment seg */

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
	CHECK_EQ_I64(t->t_ns[rtx], ms(40));
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
			CHECK_EQ_I64(t->t_ns[i], ms(30));
			CHECK_EQ_I64(t->seq[i], B(3));      /* cumulative ACK still at segment 3 */
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
		CHECK_EQ_I64(t->t_ns[found], ms(30));
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
	CHECK_EQ_I64(ms(res.flows[0].fct_ms), ms(1045));
	CHECK_EQ_I64(res.flows[0].rto_count, 1);
	CHECK_EQ_I64(res.flows[0].spurious_retransmissions, 1);
	long rtx = t_find(t, RX_EV_RETRANSMIT, 0);
	CHECK_EQ_I64(t->t_ns[rtx], ms(1040));
	long last_ack = -1;
	for (size_t i = 0; i < t->n; i++)
		if (t->kind[i] == RX_EV_ACK_SENT)
			last_ack = (long)i;
	CHECK_EQ_I64(t->t_ns[last_ack], ms(1050));
	CHECK_EQ_I64(t->detail[last_ack], 1);
	rx_result_free(&res);
	free(sc);
}

int main(void)
{
	fast_retransmit(true);
	fast_retransmit(false);   /* NewReno (RFC 6582): three plain duplicate ACKs */
	sack_order();
	dsack();
	spurious_rto();
	return t_report("recovery");
}
