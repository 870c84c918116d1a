/* test_cc_veno.c — hand-driven test of src/cc/cc_veno.c (Fu & Liew 2003).
 *
 * The test plays the core: it builds a struct rx_cc by hand, fills the cfg
 * block with the defaults the member declares (walking ops->params), sets
 * srtt/min RTT as the estimator would, and drives ACKs and losses.  MSS is
 * 1000 bytes so that the derivations beside each assertion stay readable.
 * Backlog N = cwnd * (srtt - min_rtt) / srtt, in bytes; beta = 3 segments =
 * 3000 bytes.
 */
#include <stdbool.h>

#include "cc_harness.h"

extern const struct rx_cc_ops rx_cc_veno;

#define MSS 1000u
#define SEG(n) ((uint64_t)(n) * MSS)
#define MS_NS INT64_C(1000000)

static struct rx_cc new_cc(uint64_t cwnd_segs, int64_t srtt_ns, int64_t min_rtt_ns)
{
	struct rx_cc cc;

	memset(&cc, 0, sizeof cc);
	fill_defaults(&rx_cc_veno, cfg_block, sizeof cfg_block);
	cc.cfg = cfg_block;
	cc.mss_bytes = MSS;
	cc.cwnd_bytes = SEG(cwnd_segs);
	cc.ssthresh_bytes = RX_SSTHRESH_INF;
	cc.srtt_ns = srtt_ns;
	cc.min_rtt_ns = min_rtt_ns;
	rx_cc_veno.init(&cc);
	return cc;
}

/* What the core does on a fast retransmit (Linux mode: the basis is cwnd);
 * recovery then ends with cwnd = ssthresh. */
static void loss(struct rx_cc *cc)
{
	cc->prior_cwnd_bytes = cc->cwnd_bytes;
	cc->prior_ssthresh_bytes = cc->ssthresh_bytes;
	cc->ssthresh_bytes = rx_cc_veno.ssthresh(cc, cc->cwnd_bytes, 0);
	cc->cwnd_bytes = cc->ssthresh_bytes;
}

static void ack(struct rx_cc *cc, uint64_t acked_bytes, int cwnd_limited)
{
	struct rx_ack_sample s;

	memset(&s, 0, sizeof s);
	s.acked_bytes = acked_bytes;
	s.rtt_ns = cc->srtt_ns;
	s.in_flight_bytes = cc->cwnd_bytes;
	s.is_cwnd_limited = cwnd_limited;
	s.rate_interval_ns = -1;
	rx_cc_veno.cong_avoid(cc, &s);
}

static void test_table(void)
{
	CHECK(strcmp(rx_cc_veno.name, "veno"), ==, 0);
	CHECK(strcmp(rx_cc_veno.label, "Veno"), ==, 0);
	CHECK(strstr(rx_cc_veno.doc, "Fu & Liew") != NULL, ==, 1);
	CHECK(rx_cc_veno.n_params, ==, 2);
	CHECK(rx_cc_veno.cfg_size, ==, 16); /* two int64_t */
	for (size_t i = 0; i < rx_cc_veno.n_params; i++) {
		const struct rx_param *p = &rx_cc_veno.params[i];

		CHECK(p->section, ==, 0);
		CHECK(p->offset + 8, <=, rx_cc_veno.cfg_size);
		CHECK(p->def >= p->min && p->def <= p->max, ==, 1);
		CHECK(p->doc != NULL && strstr(p->doc, "Fu & Liew") != NULL, ==, 1);
	}
}

/* Loss reaction: random (N < beta) vs congestive (N >= beta). */
static void test_loss(void)
{
	struct rx_cc cc;

	/* 100 segs, min RTT 100 ms, srtt 102 ms: N = 100000 * 2 / 102 = 1960.8
	 * -> 1960 bytes < 3000: random loss, ssthresh = 100000 * 4/5 = 80000 */
	cc = new_cc(100, 102 * MS_NS, 100 * MS_NS);
	loss(&cc);
	CHECK(cc.ssthresh_bytes, ==, 80000);
	CHECK(cc.cwnd_bytes, ==, 80000);

	/* queue grown: srtt 110 ms: N = 100000 * 10 / 110 = 9090 >= 3000:
	 * congestive loss, ssthresh = 100000 / 2 = 50000 */
	cc = new_cc(100, 110 * MS_NS, 100 * MS_NS);
	loss(&cc);
	CHECK(cc.ssthresh_bytes, ==, 50000);

	/* the boundary: 30 segs, min RTT 90 ms, srtt 100 ms: N = 30000 * 10 / 100
	 * = 3000 = beta exactly -> congestive (N < beta is the random side):
	 * 30000 / 2 = 15000 */
	cc = new_cc(30, 100 * MS_NS, 90 * MS_NS);
	loss(&cc);
	CHECK(cc.ssthresh_bytes, ==, 15000);
	/* one ms less: srtt 99 ms: N = 30000 * 9 / 99 = 2727 < 3000 -> random:
	 * 30000 * 4/5 = 24000 */
	cc = new_cc(30, 99 * MS_NS, 90 * MS_NS);
	loss(&cc);
	CHECK(cc.ssthresh_bytes, ==, 24000);

	/* no RTT estimate yet (srtt 0): N unknown -> Reno halving: 50000 */
	cc = new_cc(100, 0, 0);
	loss(&cc);
	CHECK(cc.ssthresh_bytes, ==, 50000);

	/* 2 MSS floor on the random side: 2 segs * 4/5 = 1600 -> 2000 */
	cc = new_cc(2, 100 * MS_NS, 100 * MS_NS);
	loss(&cc);
	CHECK(cc.ssthresh_bytes, ==, SEG(2));

	/* the loss basis is what the core passes: FlightSize 60000 in RFC mode,
	 * random loss (N = 1960): 60000 * 4/5 = 48000 */
	cc = new_cc(100, 102 * MS_NS, 100 * MS_NS);
	CHECK(rx_cc_veno.ssthresh(&cc, 60000, 0), ==, 48000);

	/* the parameter block is honoured: beta = 10 segs makes the 110 ms case
	 * (N = 9090 < 10000) a random loss: 80000 */
	cc = new_cc(100, 110 * MS_NS, 100 * MS_NS);
	set_int_param(&rx_cc_veno, "beta", 10);
	loss(&cc);
	CHECK(cc.ssthresh_bytes, ==, 80000);
	/* and random_loss_permille = 700: 100000 * 0.7 = 70000 */
	cc = new_cc(100, 102 * MS_NS, 100 * MS_NS);
	set_int_param(&rx_cc_veno, "random_loss_permille", 700);
	loss(&cc);
	CHECK(cc.ssthresh_bytes, ==, 70000);

	/* cfg == NULL means defaults: the random case again gives 80000 */
	cc = new_cc(100, 102 * MS_NS, 100 * MS_NS);
	cc.cfg = NULL;
	loss(&cc);
	CHECK(cc.ssthresh_bytes, ==, 80000);
}

/* Growth: Reno's when the queue is short, one segment every other RTT once
 * the backlog reaches beta. */
static void test_growth(void)
{
	struct rx_cc cc = new_cc(10, 100 * MS_NS, 100 * MS_NS);
	int i;

	/* slow start is Reno's whatever N is: + min(acked, MSS) per ACK */
	cc.srtt_ns = 300 * MS_NS; /* N = 10000*200/300 = 6666 */
	ack(&cc, MSS, 1);
	CHECK(cc.cwnd_bytes, ==, 11000);
	ack(&cc, 3 * MSS, 1);
	CHECK(cc.cwnd_bytes, ==, 12000); /* + min(3000, 1000) */

	/* congestion avoidance, empty queue (srtt = min RTT: N = 0): one
	 * segment per cwnd of ACKed bytes.  cwnd 10000 = ssthresh: 10 ACKs of
	 * 1000 bytes reach 10000 -> 11000 */
	cc = new_cc(10, 100 * MS_NS, 100 * MS_NS);
	cc.ssthresh_bytes = SEG(10);
	for (i = 0; i < 9; i++)
		ack(&cc, MSS, 1);
	CHECK(cc.cwnd_bytes, ==, 10000); /* 9000 < 10000 counted */
	ack(&cc, MSS, 1);
	CHECK(cc.cwnd_bytes, ==, 11000); /* 10000 >= 10000: +1 seg, counter 0 */

	/* the queue grows: srtt 200 ms over min 100 ms: N = 11000 * 100 / 200 =
	 * 5500 >= 3000, so the window to count is 2 * cwnd = 22000: Reno would
	 * grow after 11 ACKs, Veno needs 22 */
	cc.srtt_ns = 200 * MS_NS;
	for (i = 0; i < 21; i++)
		ack(&cc, MSS, 1);
	CHECK(cc.cwnd_bytes, ==, 11000); /* 21000 < 22000 */
	ack(&cc, MSS, 1);
	CHECK(cc.cwnd_bytes, ==, 12000); /* 22000 >= 22000: +1 seg */

	/* the queue drains (srtt back to 101 ms: N = 12000 * 1/101 = 118):
	 * Reno's pace again, 12 ACKs for the next segment */
	cc.srtt_ns = 101 * MS_NS;
	for (i = 0; i < 11; i++)
		ack(&cc, MSS, 1);
	CHECK(cc.cwnd_bytes, ==, 12000);
	ack(&cc, MSS, 1);
	CHECK(cc.cwnd_bytes, ==, 13000);

	/* application-limited ACKs do not grow the window (RFC 7661) */
	ack(&cc, 50 * MSS, 0);
	CHECK(cc.cwnd_bytes, ==, 13000);
}

static void test_undo(void)
{
	struct rx_cc cc = new_cc(100, 102 * MS_NS, 100 * MS_NS);

	loss(&cc); /* 100000 -> 80000 */
	CHECK(rx_cc_veno.undo_cwnd(&cc), ==, 100000); /* max(80000, prior 100000) */
	cc.cwnd_bytes = 120000;
	CHECK(rx_cc_veno.undo_cwnd(&cc), ==, 120000); /* max(120000, 100000) */
}

int main(void)
{
	test_table();
	test_loss();
	test_growth();
	test_undo();
	return cc_report("veno");
}
