/* test_hack1.c — the opportunistic-retransmission paper's Hack 1
 * (src/core/hack1.c, tcp.hack1_dupack_rtx; paper §VIII).
 *
 * Every expected value below is derived by hand beside its assertion.
 * Common setup: one flow, no handshake (data from t = 0), MSS 1024, no
 * timestamps, quick ACKs (one per segment), Reno, RFC 6675 recovery,
 * limited transmit off, RTO timer only (no probes), unlimited link rate,
 * one-way delay 50 ms each way (RTT 100 ms), no modelled send buffer. */
#include <stdlib.h>
#include "scenarios.h"
#include "core/sim.h"
#include "rexsim/ops.h"

#define MSS 1024

static struct rx_scenario *setup(int64_t iw)
{
	struct rx_scenario *sc = t_tail_scenario(100, 0, "rto", "quick");
	struct rx_flow_cfg *f = &sc->flows[0];
	f->handshake = false;
	f->timestamps = false;
	f->mss = MSS;
	f->iw = iw;
	f->limited_transmit = false;
	return sc;
}

/* Hack 1 (§VIII, hack1.c H1-H4).  A 30-segment object (MSS 1024), iw 10,
 * segment 1's first and second transmissions dropped, segments 11..14
 * duplicated on the path (each copy right behind its original).
 *  t = 0: segments 1..10 sent.
 *  t = 100: 9 duplicate ACKs (SACK 2..10).  The third enters recovery:
 *    cwnd = ssthresh = 5, segment 1 retransmitted (and dropped again);
 *    pipe = 10 - 3 - 1 + 1 = 7, then 7 - k after the k-th later ACK; new
 *    data when pipe <= 4: segments 11..14 at k = 3..6.
 *  t = 150: 11, its copy, 12, its copy, ... reach the receiver: each original
 *    brings a new SACK, each copy a D-SACK only.
 *  t = 200: 8 ACKs in that order.  The copies' ACKs advance nothing and SACK
 *    nothing new: the 4th of them exceeds DupThresh 3 (H2, H3: new SACKs in
 *    between do not reset the count), and segment 1 goes a third time, cause
 *    hack1, at t = 200 ms.  It arrives at 250; its ACK at 300 ends recovery.
 *  Without Hack 1 nothing repairs the lost retransmission before the RTO:
 *  armed at t = 0 for the initial 1 s (no new data is ACKed before), it
 *  fires at 1000 ms, and segment 1's third transmission is the RTO's.
 *  With only 11..13 duplicated, three such ACKs arrive: 3 does not exceed
 *  DupThresh 3, nothing later is a plain duplicate (segments 15.. bring new
 *  SACKs), and the RTO at 1000 ms sends it, Hack 1 or not. */
static void hack1(void)
{
	static const struct {
		bool on;
		int dups;
		int64_t at_ms;
		int cause;
	} cases[3] = { { true, 4, 200, RX_TXC_HACK1 }, { false, 4, 1000, RX_TXC_RTO }, { true, 3, 1000, RX_TXC_RTO } };
	for (int c = 0; c < 3; c++) {
		bool on = cases[c].on;
		struct rx_scenario *sc = setup(10);
		struct rx_flow_cfg *f = &sc->flows[0];
		f->app_kind = t_enum("app.kind", "fixed");
		f->app_segments = 30;
		f->hack1_dupack_rtx = on;
		sc->fwd.loss.model = RX_LOSS_POSITIONED;
		sc->fwd.loss.n_rules = 2 + cases[c].dups;
		for (int r = 0; r < sc->fwd.loss.n_rules; r++)
			rx_pos_rule_init(&sc->fwd.loss.rules[r]);
		sc->fwd.loss.rules[0].segment = 1;
		sc->fwd.loss.rules[1].segment = 1;
		sc->fwd.loss.rules[1].transmission = 2;
		for (int r = 2; r < sc->fwd.loss.n_rules; r++) {
			sc->fwd.loss.rules[r].segment = 9 + r; /* 11..14 */
			sc->fwd.loss.rules[r].action = RX_POS_DUPLICATE;
		}
		struct rx_result res;
		struct rx_error err;
		CHECK_EQ_I64(rx_run(sc, &res, &err), 0);
		const struct rx_trace *t = &res.trace;
		long third = -1;
		for (size_t i = 0, n = 0; i < t->n && third < 0; i++)
			if (t->kind[i] == RX_EV_RETRANSMIT && t->seq[i] == 0 && ++n == 2)
				third = (long)i;
		CHECK(third >= 0);
		if (third >= 0) {
			CHECK_EQ_I64(t->detail[third], 3); /* its third transmission */
			CHECK_EQ_I64(t->t_ns[third], t_ms(cases[c].at_ms));
			CHECK_EQ_I64(t->cause[third], cases[c].cause);
		}
		CHECK_EQ_I64(res.flows[0].rto_count, cases[c].cause == RX_TXC_RTO);
		CHECK(res.flows[0].completed);
		CHECK_EQ_I64(res.invariant_violations, 0);
		rx_result_free(&res);
		free(sc);
	}
}

int main(void)
{
	hack1();
	return t_report("hack1");
}
