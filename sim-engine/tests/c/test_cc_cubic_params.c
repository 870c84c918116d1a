/* test_cc_cubic_params.c — CUBIC's member parameters (beta_permille,
 * c_permille) in src/cc/cc_cubic.c: the declared defaults are RFC 9438's
 * 0.7 and 0.4 and give exactly the windows of cfg == NULL, and other values
 * change ssthresh, fast convergence, the Reno-friendly alpha and K as
 * RFC 9438 §4.2-§4.7 say.  (tests/c/test_cc_cubic.c covers the algorithm
 * itself at the defaults.)  MSS = 1460 bytes, SRTT = 100 ms; the ACK clock
 * is one MSS-sized ACK every SRTT * MSS / cwnd.
 */
#include <stdbool.h>

#include "cc_harness.h"

extern const struct rx_cc_ops rx_cc_cubic;
#define OPS rx_cc_cubic

#define MSS 1460u
#define SEG(n) ((uint64_t)(n) * MSS)
#define MS_NS INT64_C(1000000)

#define SRTT_NS (100 * MS_NS)

static struct rx_cc new_cc(uint64_t cwnd_segs, const void *cfg)
{
	struct rx_cc cc;

	memset(&cc, 0, sizeof cc);
	cc.cfg = cfg;
	cc.mss_bytes = MSS;
	cc.cwnd_bytes = SEG(cwnd_segs);
	cc.ssthresh_bytes = RX_SSTHRESH_INF;
	cc.srtt_ns = SRTT_NS;
	cc.min_rtt_ns = SRTT_NS;
	OPS.init(&cc);
	return cc;
}

static void loss(struct rx_cc *cc, int64_t now_ns)
{
	cc->prior_cwnd_bytes = cc->cwnd_bytes;
	cc->prior_ssthresh_bytes = cc->ssthresh_bytes;
	OPS.set_state(cc, RX_CA_RECOVERY, now_ns);
	cc->ssthresh_bytes = OPS.ssthresh(cc, cc->cwnd_bytes, now_ns);
	cc->cwnd_bytes = cc->ssthresh_bytes;
	OPS.set_state(cc, RX_CA_OPEN, now_ns);
}

static void ack(struct rx_cc *cc, int64_t now_ns)
{
	struct rx_ack_sample s;

	memset(&s, 0, sizeof s);
	s.now_ns = now_ns;
	s.acked_bytes = MSS;
	s.rtt_ns = cc->srtt_ns;
	s.in_flight_bytes = cc->cwnd_bytes;
	s.is_cwnd_limited = 1;
	s.rate_interval_ns = -1;
	OPS.cong_avoid(cc, &s);
}

static int64_t ack_gap_ns(const struct rx_cc *cc)
{
	return (int64_t)((uint64_t)cc->srtt_ns * MSS / cc->cwnd_bytes);
}

/* cwnd after riding the ACK clock from a loss at 100 segs for t_ns */
static uint64_t cwnd_after(const void *cfg, int64_t t_ns)
{
	struct rx_cc cc = new_cc(100, cfg);
	int64_t now = 0;

	loss(&cc, now);
	while (now < t_ns) {
		ack(&cc, now);
		now += ack_gap_ns(&cc);
	}
	return cc.cwnd_bytes;
}

static void test_table(void)
{
	CHECK(OPS.n_params, ==, 2);
	CHECK(OPS.cfg_size, ==, 16);
	for (size_t i = 0; i < OPS.n_params; i++) {
		const struct rx_param *p = &OPS.params[i];

		CHECK(p->section, ==, 0);
		CHECK(p->offset + 8, <=, OPS.cfg_size);
		CHECK(p->def >= p->min && p->def <= p->max, ==, 1);
		CHECK(p->doc != NULL && strstr(p->doc, "RFC 9438") != NULL, ==, 1);
	}
	CHECK(strcmp(OPS.params[0].key, "beta_permille"), ==, 0);
	CHECK(OPS.params[0].def, ==, 700);
	CHECK(strcmp(OPS.params[1].key, "c_permille"), ==, 0);
	CHECK(OPS.params[1].def, ==, 400);
}

/* The declared defaults are the built-in constants: 10 s of ACKs after a
 * loss give the same cwnd at every step with cfg = defaults and cfg = NULL. */
static void test_defaults_identical(void)
{
	struct rx_cc a, b;
	int64_t now = 0;
	uint64_t differ = 0;

	fill_defaults(&OPS, cfg_block, sizeof cfg_block);
	a = new_cc(100, cfg_block);
	b = new_cc(100, NULL);
	loss(&a, 0);
	loss(&b, 0);
	while (now < 10 * 1000 * MS_NS) {
		ack(&a, now);
		ack(&b, now);
		differ += a.cwnd_bytes != b.cwnd_bytes;
		now += ack_gap_ns(&b);
	}
	CHECK(differ, ==, 0);
	CHECK(a.cwnd_bytes, >, SEG(150)); /* it did grow through K */
}

static void test_beta(void)
{
	struct rx_cc cc;

	/* beta = 0.5: ssthresh = 146000 * 500/1000 = 73000 = 50 segs */
	fill_defaults(&OPS, cfg_block, sizeof cfg_block);
	set_int_param(&OPS, "beta_permille", 500);
	cc = new_cc(100, cfg_block);
	loss(&cc, 0);
	CHECK(cc.ssthresh_bytes, ==, SEG(50));
	/* Reno-friendly alpha = 3(1 - 0.5)/(1 + 0.5) = 1 (9/17 at beta 0.7):
	 * the first CA ACK, at t = 0, finds W_cubic(0) = W_max - C K^3 =
	 * cwnd_epoch = 73000 (K = cbrt(W_max (1 - beta) / C), floored to a
	 * tick, so W_cubic(0) is at or just above 73000 by less than a byte)
	 * below W_est = 73000 + 1 * 1460 * 1460 / 73000 = 73029.2, so
	 * cwnd = W_est = 73029 (alpha 9/17 would give 73015) */
	ack(&cc, 0);
	CHECK(cc.cwnd_bytes, ==, 73029);
	/* fast convergence (§4.7), with windows large enough that the cubic
	 * curve, not the Reno estimate, drives cwnd: a loss at 1000 segs
	 * (W_max = 1000, ssthresh 500 segs), then one at 900 segs < W_max:
	 * W_max = 900 * (1 + 0.5)/2 = 675 segs = 985500 bytes, ssthresh = 450
	 * segs */
	cc = new_cc(1000, cfg_block);
	loss(&cc, 0);
	CHECK(cc.ssthresh_bytes, ==, SEG(500));
	cc.cwnd_bytes = SEG(900);
	loss(&cc, 0);
	CHECK(cc.ssthresh_bytes, ==, SEG(450));
	/* K = cbrt((675 - 450) / 0.4) = cbrt(562.5) = 8.2548 s; at t = K cwnd
	 * sits at the lowered W_max within a segment (the Reno estimate with
	 * alpha = 1 is only 450 + 82.5 RTTs = 532.5 segs; without fast
	 * convergence the plateau would be at 900 segs) */
	{
		int64_t now = 0;

		while (now < 8254 * MS_NS) {
			ack(&cc, now);
			now += ack_gap_ns(&cc);
		}
		CHECK(cc.cwnd_bytes + MSS, >=, SEG(675));
		CHECK(cc.cwnd_bytes, <=, SEG(676));
	}
}

static void test_c(void)
{
	uint64_t def_cwnd, fast_cwnd;

	/* After a loss at 100 segs (W_max = 100, cwnd_epoch = 70 segs):
	 * C = 0.4: K = cbrt(30 / 0.4) = 4.217 s; C = 3.2 (8x): K = cbrt(9.375)
	 * = 2.108 s, half.  At t = 2.11 s, C = 3.2 has reached W_max (within a
	 * segment) while C = 0.4 is near W_cubic(2.21 s) = 100 - 0.4 * (4.217 -
	 * 2.21)^3 = 96.8 segs (the Reno estimate, 70 + 21 * 9/17 = 81 segs, is
	 * lower) */
	fill_defaults(&OPS, cfg_block, sizeof cfg_block);
	def_cwnd = cwnd_after(cfg_block, 2110 * MS_NS);
	set_int_param(&OPS, "c_permille", 3200);
	fast_cwnd = cwnd_after(cfg_block, 2110 * MS_NS);
	CHECK(fast_cwnd + MSS, >=, SEG(100));
	CHECK(fast_cwnd, <=, SEG(101));
	CHECK(def_cwnd, >=, 140255); /* 96.06 segs */
	CHECK(def_cwnd, <=, 142715); /* 97.75 segs */
	/* and below K = 2.108 s the fast curve is still under W_max */
	CHECK(cwnd_after(cfg_block, 1900 * MS_NS), <, SEG(100));
	/* 1 s past K the convex side is C-steep: W_cubic(t) = 100 + 3.2 *
	 * (3.11 - 2.108)^3 = 103.2 segs, bounded by W_cubic(t + RTT) = 100 +
	 * 3.2 * 1.102^3 = 104.28 segs (C = 0.4 would give 100.4) */
	fast_cwnd = cwnd_after(cfg_block, 3110 * MS_NS);
	CHECK(fast_cwnd, >, 149650); /* 102.5 segs */
	CHECK(fast_cwnd, <, 152249); /* 104.28 segs */
	/* out-of-range values are clamped to the declared range: C = 0 acts as
	 * C = 0.1 (K = cbrt(300) = 6.69 s), the same as c_permille = 100 */
	set_int_param(&OPS, "c_permille", 0);
	fast_cwnd = cwnd_after(cfg_block, 3000 * MS_NS);
	set_int_param(&OPS, "c_permille", 100);
	CHECK(cwnd_after(cfg_block, 3000 * MS_NS), ==, fast_cwnd);
}

int main(void)
{
	test_table();
	test_defaults_identical();
	test_beta();
	test_c();
	return cc_report("cubic params");
}
