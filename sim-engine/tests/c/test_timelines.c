/* test_timelines.c — exact timelines, to the nanosecond, for the paper's §3.1
 * case: one 10-segment flow (IW 10, MSS 1448), unlimited rate, one-way delay
 * RTT/2 each way, the last segment lost, rfc6298 RTT profile (min RTO 1 s).
 *
 * Common derivation (RTT = R):
 *   t=0      SYN sent; RTO armed for 1 s (RFC 6298 2.1).
 *   t=R      SYN-ACK arrives: first sample R -> SRTT = R, RTTVAR = R/2,
 *            RTO = max(1 s, R + 4 R/2) = 1 s for R <= 333 ms.
 *            Segments 1..10 sent at t=R (unlimited rate: all at once);
 *            segment 10 is dropped by the tail loss stage.
 *   t=1.5R   segments 1..9 reach the receiver.
 *     quick:   nine ACKs leave at 1.5R and arrive at 2R; each RTT sample is R.
 *     delayed: ACKs for 2,4,6,8 leave at 1.5R (every second full segment);
 *              segment 9 waits for the delayed-ACK timer: its ACK leaves at
 *              1.5R + 200 ms and arrives at 2R + 200 ms, giving a sample of
 *              R + 200 ms.
 *   The flow completes when the repaired segment 10 reaches the receiver,
 *   R/2 after it is sent: FCT = t(send of the repair) + R/2.
 * Each row below derives the time of the timer that repairs the loss.
 */
#include <stdlib.h>
#include <string.h>
#include "scenarios.h"

struct row {
	const char *timer, *ack;
	double rtt_ms;
	double fire_ms; /* the retransmission-timer expiry that repairs the loss */
	int kind; /* enum rx_timer_kind of that expiry */
	int formula; /* the formula that armed it */
	double fct_ms;
	const char *why;
};

static const struct row rows[] = {
	/* rto: restarted by the last ACK at 2R (quick) or 2R + 200 (delayed) */
	{ "rto", "quick", 20, 1040, RX_TMR_RTO, RX_F_RTO, 1050, "last ACK 40 + RTO 1000" },
	{ "rto", "delayed", 20, 1240, RX_TMR_RTO, RX_F_RTO, 1250, "delayed ACK arrives 240 + RTO 1000" },
	{ "rto", "quick", 160, 1320, RX_TMR_RTO, RX_F_RTO, 1400, "last ACK 320 + RTO 1000" },
	{ "rto", "delayed", 160, 1520, RX_TMR_RTO, RX_F_RTO, 1600, "delayed ACK 520 + RTO 1000" },
	/* rtor: one segment outstanding (< rrthresh 4), nothing unsent: the
	 * timer expires RTO after segment 10 was sent at R: R + 1000 */
	{ "rtor", "quick", 20, 1020, RX_TMR_RTO, RX_F_RTOR, 1030, "40 + 1000 - (40 - 20)" },
	{ "rtor", "delayed", 20, 1020, RX_TMR_RTO, RX_F_RTOR, 1030, "240 + 1000 - (240 - 20): saves RTT + 200 ms" },
	{ "rtor", "quick", 160, 1160, RX_TMR_RTO, RX_F_RTOR, 1240, "320 + 1000 - (320 - 160)" },
	{ "rtor", "delayed", 160, 1160, RX_TMR_RTO, RX_F_RTOR, 1240, "520 + 1000 - (520 - 160)" },
	/* tlp quick: the last ACK at 2R leaves one segment outstanding: eq. (2)
	 * PTO = max(2R, 1.5R + 200); R=20: 230 -> 40 + 230 = 270;
	 * R=160: max(320, 440) = 440 -> 320 + 440 = 760 */
	{ "tlp", "quick", 20, 270, RX_TMR_PROBE, RX_F_PTO_SINGLE, 280, "40 + max(40, 30 + 200)" },
	{ "tlp", "quick", 160, 760, RX_TMR_PROBE, RX_F_PTO_SINGLE, 840, "320 + max(320, 240 + 200)" },
	/* tlp delayed, R=20: the ACK of 8 at 40 leaves two outstanding: eq. (1)
	 * PTO = max(2R, 10 ms) = 40 -> 80, before segment 9's delayed ACK (240) */
	{ "tlp", "delayed", 20, 80, RX_TMR_PROBE, RX_F_PTO_MULTI, 90, "40 + max(40, 10)" },
	/* tlp delayed, R=160: the ACK of 8 at 320 arms 320 + 320 = 640, but the
	 * delayed ACK of 9 arrives at 520 first with a 360 ms sample:
	 * SRTT = (7*160 + 360)/8 = 185; one outstanding: eq. (2)
	 * PTO = max(370, 277.5 + 200) = 477.5 -> 997.5 */
	{ "tlp", "delayed", 160, 997.5, RX_TMR_PROBE, RX_F_PTO_SINGLE, 1077.5, "520 + max(370, 1.5*185 + 200)" },
	/* tlpr: the PTO counts from the last segment's transmission at R */
	{ "tlpr", "quick", 20, 250, RX_TMR_PROBE, RX_F_PTO_SINGLE, 260, "20 + 230" },
	{ "tlpr", "quick", 160, 600, RX_TMR_PROBE, RX_F_PTO_SINGLE, 680, "160 + 440" },
	{ "tlpr", "delayed", 20, 60, RX_TMR_PROBE, RX_F_PTO_MULTI, 70, "20 + 40" },
	{ "tlpr", "delayed", 160, 480, RX_TMR_PROBE, RX_F_PTO_MULTI, 560, "160 + 320, before the delayed ACK at 520" },
	/* tlp_rfc8985: PTO = 2 SRTT + 200 ms with one segment outstanding,
	 * 2 SRTT + 2 ms otherwise, capped by the first outstanding segment's
	 * transmission + RTO (R + 1000) */
	{ "tlp_rfc8985", "quick", 20, 280, RX_TMR_PROBE, RX_F_PTO_RFC8985, 290, "40 + 40 + 200" },
	{ "tlp_rfc8985", "delayed", 20, 82, RX_TMR_PROBE, RX_F_PTO_RFC8985, 92, "40 + 40 + 2" },
	{ "tlp_rfc8985", "quick", 160, 840, RX_TMR_PROBE, RX_F_PTO_RFC8985, 920, "320 + 320 + 200" },
	/* delayed, R=160: ACK 9 at 520 with SRTT 185: 520 + 370 + 200 = 1090
	 * (< cap 160 + 1000 = 1160) */
	{ "tlp_rfc8985", "delayed", 160, 1090, RX_TMR_PROBE, RX_F_PTO_RFC8985, 1170, "520 + 2*185 + 200" },
};

static void check_row(const struct row *r)
{
	struct rx_scenario *sc = t_tail_scenario(r->rtt_ms, 1, r->timer, r->ack);
	struct rx_result res;
	struct rx_error err;
	int rc = rx_run(sc, &res, &err);
	CHECK_EQ_I64(rc, 0);
	if (rc) {
		free(sc);
		return;
	}
	const struct rx_trace *t = &res.trace;
	/* the SYN-ACK arrives at R; the ten segments leave then */
	long first_send = t_find(t, RX_EV_SEND, 0);
	CHECK(first_send >= 0);
	CHECK_EQ_I64(t->t_ns[first_send], t_ms(r->rtt_ms));
	CHECK_EQ_I64(t_count(t, RX_EV_SEND), 10);
	/* the first expiry of the retransmission timer (delayed-ACK timers skipped) */
	long fire = -1;
	for (int k = 0; (fire = t_find(t, RX_EV_TIMER_FIRED, k)) >= 0; k++)
		if ((t->detail[fire] & 15) != RX_TMR_DELACK)
			break;
	CHECK(fire >= 0);
	if (fire >= 0) {
		if (t->t_ns[fire] != t_ms(r->fire_ms))
			fprintf(stderr, "  %s/%s/%g: timer fired at %.6f ms, expected %g (%s)\n", r->timer, r->ack,
				r->rtt_ms, t->t_ns[fire] / 1e6, r->fire_ms, r->why);
		CHECK_EQ_I64(t->t_ns[fire], t_ms(r->fire_ms));
		CHECK_EQ_I64(t->detail[fire] & 15, r->kind);
		CHECK_EQ_I64(t->detail[fire] >> 4, r->formula);
		/* the repair leaves at that instant: a probe or an RTO retransmission */
		long rep = t_find(t, r->kind == RX_TMR_PROBE ? RX_EV_PROBE : RX_EV_RETRANSMIT, 0);
		CHECK(rep > fire);
		if (rep > fire) {
			CHECK_EQ_I64(t->t_ns[rep], t_ms(r->fire_ms));
			CHECK_EQ_I64(t->seq[rep], 9 * 1448);
		}
	}
	CHECK(res.flows[0].completed);
	CHECK_EQ_I64(t_ms(res.flows[0].fct_ms), t_ms(r->fct_ms));
	CHECK_EQ_I64(res.flows[0].rto_count, r->kind == RX_TMR_RTO ? 1 : 0);
	CHECK_EQ_I64(res.flows[0].probe_count, r->kind == RX_TMR_PROBE ? 1 : 0);
	CHECK_EQ_I64(res.flows[0].spurious_retransmissions, 0);
	CHECK_EQ_I64(res.invariant_violations, 0);
	rx_result_free(&res);
	free(sc);
}

/* The handshake itself: SYN at 0, SYN-ACK sent at R/2, received at R. */
static void check_handshake(void)
{
	struct rx_scenario *sc = t_tail_scenario(20, 0, "rto", "quick");
	struct rx_result res;
	struct rx_error err;
	CHECK_EQ_I64(rx_run(sc, &res, &err), 0);
	const struct rx_trace *t = &res.trace;
	long syn = t_find(t, RX_EV_SYN, 0), synack = t_find(t, RX_EV_SYN, 1);
	CHECK_EQ_I64(t->t_ns[syn], 0);
	CHECK_EQ_I64(t->detail[synack], 1);
	CHECK_EQ_I64(t->t_ns[synack], t_ms(10));
	/* no loss: the last segment arrives at 1.5R = 30 ms */
	CHECK_EQ_I64(t_ms(res.flows[0].fct_ms), t_ms(30));
	CHECK_EQ_I64(res.flows[0].retransmissions, 0);
	rx_result_free(&res);
	free(sc);
}

int main(void)
{
	check_handshake();
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		check_row(&rows[i]);
	return t_report("timelines");
}
