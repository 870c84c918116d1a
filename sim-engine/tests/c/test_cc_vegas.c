/* test_cc_vegas.c — hand-driven test of src/cc/cc_vegas.c (Brakmo & Peterson
 * 1995, Linux's alpha = 2, beta = 4, gamma = 1).
 *
 * The test plays the core: it builds a struct rx_cc by hand, fills the cfg
 * block with the defaults the member declares (walking ops->params), and
 * delivers ACKs in the core's order: in_ack, pkts_acked (when the ACK has an
 * RTT sample), cong_avoid (new data ACKed in Open).  A "round" of k ACKs is
 * k ACKs whose last one carries round_start; its RTT is the smallest of the
 * k samples.  MSS is 1000 bytes, BaseRTT 100 ms, so
 * diff = cwnd * (RTT - 100 ms) / RTT bytes, alpha/beta/gamma = 2000/4000/1000.
 */
#include <stdbool.h>

#include "cc_harness.h"

extern const struct rx_cc_ops rx_cc_vegas, rx_cc_reno;
#define OPS rx_cc_vegas

#define MSS 1000u
#define SEG(n) ((uint64_t)(n) * MSS)
#define MS_NS INT64_C(1000000)

static struct rx_cc new_cc(const struct rx_cc_ops *ops, uint64_t cwnd_segs, uint64_t ssthresh_bytes)
{
	struct rx_cc cc;

	memset(&cc, 0, sizeof cc);
	fill_defaults(&OPS, cfg_block, sizeof cfg_block);
	cc.cfg = ops == &OPS ? cfg_block : NULL;
	cc.mss_bytes = MSS;
	cc.cwnd_bytes = SEG(cwnd_segs);
	cc.ssthresh_bytes = ssthresh_bytes;
	cc.srtt_ns = 100 * MS_NS;
	cc.min_rtt_ns = 100 * MS_NS;
	if (ops->init)
		ops->init(&cc);
	return cc;
}

static int ca_state = RX_CA_OPEN;

/* one ACK in the core's order */
static void ack_ops(const struct rx_cc_ops *ops, struct rx_cc *cc, uint64_t acked_bytes, int64_t rtt_ns,
		    int round_start, int cwnd_limited)
{
	struct rx_ack_sample s;

	memset(&s, 0, sizeof s);
	s.acked_bytes = acked_bytes;
	s.rtt_ns = rtt_ns;
	s.in_flight_bytes = cc->cwnd_bytes;
	s.is_cwnd_limited = cwnd_limited;
	s.rate_interval_ns = -1;
	s.round_start = round_start;
	if (ops->in_ack)
		ops->in_ack(cc, &s);
	if (rtt_ns >= 0 && ops->pkts_acked)
		ops->pkts_acked(cc, &s);
	if (acked_bytes && (ca_state == RX_CA_OPEN || ca_state == RX_CA_DISORDER || ca_state == RX_CA_LOSS))
		ops->cong_avoid(cc, &s);
}

static void ack(struct rx_cc *cc, int64_t rtt_ns, int round_start)
{
	ack_ops(&OPS, cc, MSS, rtt_ns, round_start, 1);
}

/* k ACKs of one MSS with RTT rtt_ms, the last one ending the round */
static void round_of(struct rx_cc *cc, int k, int64_t rtt_ms)
{
	for (int i = 0; i < k; i++)
		ack(cc, rtt_ms * MS_NS, i == k - 1);
}

static void set_state(struct rx_cc *cc, int st)
{
	ca_state = st;
	OPS.set_state(cc, st, 0);
}

static void test_table(void)
{
	CHECK(strcmp(OPS.name, "vegas"), ==, 0);
	CHECK(strcmp(OPS.label, "Vegas"), ==, 0);
	CHECK(strstr(OPS.doc, "Brakmo & Peterson") != NULL, ==, 1);
	CHECK(OPS.n_params, ==, 3);
	CHECK(OPS.cfg_size, ==, 24);
	for (size_t i = 0; i < OPS.n_params; i++) {
		const struct rx_param *p = &OPS.params[i];

		CHECK(p->section, ==, 0);
		CHECK(p->offset + 8, <=, OPS.cfg_size);
		CHECK(p->def >= p->min && p->def <= p->max, ==, 1);
		CHECK(p->doc != NULL && strstr(p->doc, "Brakmo & Peterson") != NULL, ==, 1);
	}
}

/* Without round boundaries (or with too few RTT samples per round) Vegas is
 * Reno, ACK for ACK. */
static void test_reno_fallback(void)
{
	struct rx_cc v = new_cc(&OPS, 10, RX_SSTHRESH_INF), r = new_cc(&rx_cc_reno, 10, RX_SSTHRESH_INF);
	uint32_t lcg = 7;
	uint64_t differ = 0;
	int i;

	for (i = 0; i < 3000; i++) {
		uint64_t acked;

		lcg = lcg * 1103515245u + 12345u;
		acked = 1 + (lcg >> 8) % (3 * MSS);
		if (i == 1000) { /* a loss: Reno halving for both */
			v.ssthresh_bytes = OPS.ssthresh(&v, v.cwnd_bytes, 0);
			r.ssthresh_bytes = rx_cc_reno.ssthresh(&r, r.cwnd_bytes, 0);
			v.cwnd_bytes = v.ssthresh_bytes;
			r.cwnd_bytes = r.ssthresh_bytes;
		}
		ack_ops(&OPS, &v, acked, 100 * MS_NS + (lcg >> 20) % 1000 * 100000, 0, (lcg >> 4) % 8 != 0);
		ack_ops(&rx_cc_reno, &r, acked, 100 * MS_NS, 0, (lcg >> 4) % 8 != 0);
		differ += v.cwnd_bytes != r.cwnd_bytes || v.ssthresh_bytes != r.ssthresh_bytes;
	}
	CHECK(differ, ==, 0);
	CHECK(v.cwnd_bytes, >, SEG(100)); /* it did grow */

	/* rounds with only 2 RTT samples keep it Reno: cwnd 20000 in avoidance,
	 * ACKs of 1000 bytes; Reno adds a segment after 20 ACKs (20 x 1000 >=
	 * 20000).  Round ends every 2nd ACK carry no decision. */
	v = new_cc(&OPS, 20, SEG(20));
	for (i = 0; i < 19; i++)
		ack(&v, 100 * MS_NS, i % 2 == 1);
	CHECK(v.cwnd_bytes, ==, 20000); /* 19000 < 20000 counted */
	ack(&v, 100 * MS_NS, 1);
	CHECK(v.cwnd_bytes, ==, 21000);

	/* a round whose ACKs carry no RTT sample at all ends in in_ack and
	 * still counts as too few samples */
	v = new_cc(&OPS, 20, SEG(20));
	for (i = 0; i < 5; i++)
		ack(&v, -1, i == 4);
	CHECK(v.cwnd_bytes, ==, 20000); /* Reno: 5000 < 20000 counted */
	/* ...and a round_start ACK without an RTT sample (in_ack) does end a
	 * round that has enough samples: 4 ACKs at 100 ms, then the sampleless
	 * round_start ACK: Vegas mode, diff 0 < alpha: +1 seg */
	v = new_cc(&OPS, 20, SEG(20));
	for (i = 0; i < 4; i++)
		ack(&v, 100 * MS_NS, 0);
	ack(&v, -1, 1);
	CHECK(v.cwnd_bytes, ==, 21000);
}

/* Congestion avoidance against a growing, then shrinking, queue. */
static void test_avoidance(void)
{
	struct rx_cc cc = new_cc(&OPS, 20, SEG(20));
	int i;

	/* round 1 (Reno mode): 10 ACKs, RTT 100 ms.  ACKs 1-9 are Reno's
	 * (9000 < 20000 counted); the 10th ends the round with 10 >= 3 samples:
	 * Vegas mode, diff = 20000 * 0 / 100 = 0 < alpha 2000: +1 seg */
	round_of(&cc, 10, 100);
	CHECK(cc.cwnd_bytes, ==, 21000);
	/* round 2: no queue, diff 0: +1 seg; ACKs inside a round change nothing */
	for (i = 0; i < 9; i++)
		ack(&cc, 100 * MS_NS, 0);
	CHECK(cc.cwnd_bytes, ==, 21000);
	ack(&cc, 100 * MS_NS, 1);
	CHECK(cc.cwnd_bytes, ==, 22000);
	/* round 3: a queue builds, RTT 125 ms (smallest sample of the round):
	 * diff = 22000 * 25 / 125 = 4400 > beta 4000: -1 seg; ssthresh =
	 * min(20000, 21000) stays 20000 */
	round_of(&cc, 10, 125);
	CHECK(cc.cwnd_bytes, ==, 21000);
	CHECK(cc.ssthresh_bytes, ==, 20000);
	/* round 4: RTT 120 ms: diff = 21000 * 20 / 120 = 3500, within
	 * [2000, 4000]: hold */
	round_of(&cc, 10, 120);
	CHECK(cc.cwnd_bytes, ==, 21000);
	/* round 5: the smallest sample decides: samples 130 and 110 ms -> RTT
	 * 110: diff = 21000 * 10 / 110 = 1909 < 2000: +1 seg */
	ack(&cc, 130 * MS_NS, 0);
	ack(&cc, 110 * MS_NS, 0);
	ack(&cc, 130 * MS_NS, 1);
	CHECK(cc.cwnd_bytes, ==, 22000);
	/* round 6: RTT 200 ms, a long queue: diff = 22000 * 100 / 200 = 11000
	 * > 4000: one segment per RTT only, 21000 */
	round_of(&cc, 10, 200);
	CHECK(cc.cwnd_bytes, ==, 21000);

	/* a smaller beta (2 segs, also below alpha: acts as alpha) turns the
	 * hold of round 4's 3500 into a decrease */
	set_int_param(&OPS, "beta", 2);
	set_int_param(&OPS, "alpha", 3); /* beta < alpha: beta acts as 3000 */
	round_of(&cc, 10, 120); /* diff = 21000 * 20 / 120 = 3500 > 3000 */
	CHECK(cc.cwnd_bytes, ==, 20000);

	/* application-limited round end: no decision (RTT 100 would add a seg) */
	fill_defaults(&OPS, cfg_block, sizeof cfg_block);
	for (i = 0; i < 9; i++)
		ack(&cc, 100 * MS_NS, 0);
	ack_ops(&OPS, &cc, MSS, 100 * MS_NS, 1, 0);
	CHECK(cc.cwnd_bytes, ==, 20000);
	round_of(&cc, 10, 100); /* cwnd-limited again: +1 */
	CHECK(cc.cwnd_bytes, ==, 21000);

	/* the 2 MSS floor: cwnd 2500 in avoidance, diff > beta: 2500 - 1000 =
	 * 1500 -> 2000 */
	cc = new_cc(&OPS, 0, 2000);
	cc.cwnd_bytes = 2500;
	round_of(&cc, 3, 100); /* diff 0: 2500 + 1000 = 3500 */
	CHECK(cc.cwnd_bytes, ==, 3500);
	round_of(&cc, 3, 1000); /* diff = 3500 * 900/1000 = 3150 <= 4000: hold */
	CHECK(cc.cwnd_bytes, ==, 3500);
	cc.cwnd_bytes = 2500;
	round_of(&cc, 3, 100000); /* diff = 2500 * 0.999 = 2497: hold */
	CHECK(cc.cwnd_bytes, ==, 2500);
	cc.cwnd_bytes = 6000; /* diff = 6000 * 0.999 = 5994 > 4000 */
	round_of(&cc, 3, 100000);
	CHECK(cc.cwnd_bytes, ==, 5000);
	cc.cwnd_bytes = 2500;
	set_int_param(&OPS, "beta", 1);
	set_int_param(&OPS, "alpha", 0); /* beta 1000: 2497 > 1000 */
	round_of(&cc, 3, 100000);
	CHECK(cc.cwnd_bytes, ==, 2000); /* max(1500, 2000) */
	fill_defaults(&OPS, cfg_block, sizeof cfg_block);
}

/* Modified slow start: grow every other round, leave when diff > gamma. */
static void test_slow_start(void)
{
	struct rx_cc cc = new_cc(&OPS, 4, RX_SSTHRESH_INF);
	int i;

	/* round 1 (Reno mode), 4 ACKs at 100 ms: ACKs 1-3 are Reno slow start
	 * (+1000 each: 7000); the 4th ends the round with 4 samples: Vegas
	 * mode, the Reno round counts as a grow round, so the next one holds;
	 * the round_start ACK does not grow */
	round_of(&cc, 4, 100);
	CHECK(cc.cwnd_bytes, ==, 7000);
	/* round 2 holds: 7 ACKs, no growth; diff = 0 <= gamma: next round grows */
	round_of(&cc, 7, 100);
	CHECK(cc.cwnd_bytes, ==, 7000);
	/* round 3 grows: ACKs 1-6 add 1000 each (13000), the 7th ends it */
	for (i = 0; i < 6; i++)
		ack(&cc, 100 * MS_NS, 0);
	CHECK(cc.cwnd_bytes, ==, 13000);
	ack(&cc, 100 * MS_NS, 1);
	CHECK(cc.cwnd_bytes, ==, 13000);
	/* round 4 holds, and the queue shows: RTT 110 ms, diff = 13000 * 10 /
	 * 110 = 1181 > gamma 1000: slow start ends; cwnd = min(13000,
	 * 13000 * 100 / 110 + 1000 = 11818 + 1000) = 12818 = ssthresh */
	round_of(&cc, 13, 110);
	CHECK(cc.cwnd_bytes, ==, 12818);
	CHECK(cc.ssthresh_bytes, ==, 12818);
	/* avoidance now: RTT 110: diff = 12818 * 10 / 110 = 1165 < 2000: +1 seg */
	round_of(&cc, 12, 110);
	CHECK(cc.cwnd_bytes, ==, 13818);

	/* the same with gamma = 2 segments: 1181 <= 2000, slow start goes on
	 * (round 5 grows) */
	cc = new_cc(&OPS, 4, RX_SSTHRESH_INF);
	set_int_param(&OPS, "gamma", 2);
	round_of(&cc, 4, 100);
	round_of(&cc, 7, 100);
	round_of(&cc, 7, 100);
	round_of(&cc, 13, 110);
	CHECK(cc.cwnd_bytes, ==, 13000);
	CHECK(cc.ssthresh_bytes, ==, RX_SSTHRESH_INF);
	round_of(&cc, 13, 110); /* grows: 12 x 1000 */
	CHECK(cc.cwnd_bytes, ==, 25000);
	fill_defaults(&OPS, cfg_block, sizeof cfg_block);
}

/* A loss: Reno's halving, then Reno until a full round in Open. */
static void test_loss(void)
{
	struct rx_cc cc = new_cc(&OPS, 20, SEG(20));
	int i;

	round_of(&cc, 10, 100); /* Vegas mode: 21000 */
	CHECK(cc.cwnd_bytes, ==, 21000);
	/* fast retransmit: ssthresh = max(21000 / 2, 2000) = 10500 */
	cc.prior_cwnd_bytes = cc.cwnd_bytes;
	cc.prior_ssthresh_bytes = cc.ssthresh_bytes;
	set_state(&cc, RX_CA_RECOVERY);
	cc.ssthresh_bytes = OPS.ssthresh(&cc, cc.cwnd_bytes, 0);
	CHECK(cc.ssthresh_bytes, ==, 10500);
	/* a round that ends in Recovery decides nothing (RTT 100 would add) */
	cc.cwnd_bytes = 9000;
	round_of(&cc, 5, 100);
	CHECK(cc.cwnd_bytes, ==, 9000);
	/* recovery ends at ssthresh; back in Open Vegas is Reno until a round
	 * with >= 3 samples: 10 ACKs, Reno avoidance counts 10000 < 10500 (the
	 * counter restarted at 0 when Vegas mode began in the first round) */
	cc.cwnd_bytes = cc.ssthresh_bytes;
	set_state(&cc, RX_CA_OPEN);
	for (i = 0; i < 10; i++)
		ack(&cc, 100 * MS_NS, 0);
	CHECK(cc.cwnd_bytes, ==, 10500);
	ack(&cc, 100 * MS_NS, 0); /* 11000 >= 10500: +1 seg (Reno) */
	CHECK(cc.cwnd_bytes, ==, 11500);
	ack(&cc, 100 * MS_NS, 1); /* round end, 12 samples: Vegas, diff 0: +1 */
	CHECK(cc.cwnd_bytes, ==, 12500);
	/* undo restores max(cwnd, prior) */
	CHECK(OPS.undo_cwnd(&cc), ==, 21000);
}

int main(void)
{
	test_table();
	test_reno_fallback();
	test_avoidance();
	test_slow_start();
	test_loss();
	return cc_report("vegas");
}
