/* test_cc_reno.c — hand-driven test of src/cc/cc_reno.c (RFC 5681 §3.1 with
 * RFC 3465 byte counting) and of the shared helpers it is made of
 * (src/cc/cc_helpers.c).
 *
 * The test plays the core: it builds a struct rx_cc by hand, drives ACKs and
 * losses, and checks exact windows.  MSS is 1000 bytes.
 */
#include <stdbool.h>

#include "cc_harness.h"
#include "../../src/cc/cc_helpers.h" /* internal to src/cc: tested here too */

extern const struct rx_cc_ops rx_cc_reno;
#define OPS rx_cc_reno

#define MSS 1000u
#define SEG(n) ((uint64_t)(n) * MSS)
#define MS_NS INT64_C(1000000)

static struct rx_cc new_cc(uint64_t cwnd_segs, uint64_t ssthresh_bytes)
{
	struct rx_cc cc;

	memset(&cc, 0, sizeof cc);
	fill_defaults(&OPS, cfg_block, sizeof cfg_block); /* no parameters: stays zero */
	cc.cfg = NULL;
	cc.mss_bytes = MSS;
	cc.cwnd_bytes = SEG(cwnd_segs);
	cc.ssthresh_bytes = ssthresh_bytes;
	cc.srtt_ns = 100 * MS_NS;
	cc.min_rtt_ns = 100 * MS_NS;
	OPS.init(&cc);
	return cc;
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
	OPS.cong_avoid(cc, &s);
}

static void test_table(void)
{
	CHECK(strcmp(OPS.name, "reno"), ==, 0);
	CHECK(strcmp(OPS.label, "Reno"), ==, 0);
	CHECK(strstr(OPS.doc, "RFC 5681") != NULL, ==, 1);
	CHECK(OPS.n_params, ==, 0);
	CHECK(OPS.ssthresh != NULL && OPS.cong_avoid != NULL && OPS.undo_cwnd != NULL, ==, 1);
}

/* RFC 5681 §3.1 eq. (2): cwnd += min(N, SMSS) per ACK below ssthresh. */
static void test_slow_start(void)
{
	struct rx_cc cc = new_cc(10, RX_SSTHRESH_INF);

	ack(&cc, MSS, 1);
	CHECK(cc.cwnd_bytes, ==, 11000); /* + 1000 */
	ack(&cc, 2 * MSS, 1);
	CHECK(cc.cwnd_bytes, ==, 12000); /* delayed ACK of 2 segs: + min(2000, 1000) */
	ack(&cc, 300, 1);
	CHECK(cc.cwnd_bytes, ==, 12300); /* + min(300, 1000) */
	ack(&cc, MSS, 0);
	CHECK(cc.cwnd_bytes, ==, 12300); /* app-limited: no growth (RFC 7661) */
	/* the ACK that crosses ssthresh grows by its full min(N, SMSS): 12300
	 * < 12500, so + 1000 = 13300, now in avoidance */
	cc.ssthresh_bytes = 12500;
	ack(&cc, MSS, 1);
	CHECK(cc.cwnd_bytes, ==, 13300);
	ack(&cc, MSS, 1);
	CHECK(cc.cwnd_bytes, ==, 13300); /* avoidance: 1000 < 13300 counted */
}

/* Avoidance: one SMSS per cwnd of ACKed bytes (RFC 3465 §2.1); RTT plays no
 * part, so a growing queue changes nothing. */
static void test_avoidance(void)
{
	struct rx_cc a = new_cc(10, SEG(10)), b = new_cc(10, SEG(10));
	int i;

	for (i = 0; i < 9; i++)
		ack(&a, MSS, 1);
	CHECK(a.cwnd_bytes, ==, 10000); /* 9000 < 10000 */
	ack(&a, MSS, 1);
	CHECK(a.cwnd_bytes, ==, 11000); /* 10000 >= 10000: + 1 seg, counter 0 */
	ack(&a, 2500, 1);
	ack(&a, 8400, 1);
	CHECK(a.cwnd_bytes, ==, 11000); /* 10900 < 11000 */
	ack(&a, 200, 1);
	CHECK(a.cwnd_bytes, ==, 12000); /* 11100 >= 11000: + 1 seg, 100 left */
	for (i = 0; i < 11; i++)
		ack(&a, MSS, 1);
	CHECK(a.cwnd_bytes, ==, 12000); /* 100 + 11000 = 11100 < 12000 */
	ack(&a, MSS, 1);
	CHECK(a.cwnd_bytes, ==, 13000); /* 12100 >= 12000: 100 left */
	/* at most one step per ACK: a 30000-byte stretch ACK adds one segment
	 * and keeps the rest as credit (100 + 30000 - 13000 = 17100) */
	ack(&a, 30000, 1);
	CHECK(a.cwnd_bytes, ==, 14000);
	ack(&a, 1, 1);
	CHECK(a.cwnd_bytes, ==, 15000); /* 17101 >= 14000: credit used */

	/* the queue grows (srtt 100 -> 400 ms) for b: the same ACKs give the
	 * same windows as for an unchanged RTT */
	{
		struct rx_cc c = new_cc(10, SEG(10));
		uint64_t differ = 0;

		for (i = 0; i < 500; i++) {
			b.srtt_ns = (100 + i * 300 / 500) * MS_NS;
			ack(&b, MSS, 1);
			ack(&c, MSS, 1);
			differ += b.cwnd_bytes != c.cwnd_bytes;
		}
		CHECK(differ, ==, 0);
		/* 500 ACKs of 1000 bytes from cwnd 10 segs: steps at cumulative
		 * 10, 21, 33, ... segments: after k steps sum_{j=10}^{9+k} j
		 * <= 500: k = 23 (sum 10..32 = 483 <= 500 < 516 = sum 10..33) -> 33 segs */
		CHECK(b.cwnd_bytes, ==, SEG(33));
	}
}

/* Loss: ssthresh = max(basis / 2, 2 SMSS) (RFC 5681 eq. 4); undo. */
static void test_loss(void)
{
	struct rx_cc cc = new_cc(40, SEG(40));

	/* Linux mode: the basis is cwnd, 40000 -> 20000 */
	CHECK(OPS.ssthresh(&cc, cc.cwnd_bytes, 0), ==, 20000);
	/* RFC mode: FlightSize, e.g. 30000 outstanding -> 15000 */
	CHECK(OPS.ssthresh(&cc, 30000, 0), ==, 15000);
	/* odd bytes are floored: 30001 / 2 = 15000 */
	CHECK(OPS.ssthresh(&cc, 30001, 0), ==, 15000);
	/* the 2 SMSS floor: FlightSize 3000 -> max(1500, 2000) */
	CHECK(OPS.ssthresh(&cc, 3000, 0), ==, 2000);
	CHECK(OPS.ssthresh(&cc, 0, 0), ==, 2000);

	/* the core applies it: prior saved, cwnd = ssthresh after recovery;
	 * undo restores max(cwnd, prior) */
	cc.prior_cwnd_bytes = cc.cwnd_bytes;
	cc.prior_ssthresh_bytes = cc.ssthresh_bytes;
	cc.ssthresh_bytes = OPS.ssthresh(&cc, cc.cwnd_bytes, 0);
	cc.cwnd_bytes = cc.ssthresh_bytes;
	CHECK(cc.cwnd_bytes, ==, 20000);
	CHECK(OPS.undo_cwnd(&cc), ==, 40000);
	cc.cwnd_bytes = 45000;
	CHECK(OPS.undo_cwnd(&cc), ==, 45000);
}

/* The helpers themselves. */
static void test_helpers(void)
{
	struct rx_cc cc = new_cc(10, SEG(10));
	uint64_t acc = 0;

	/* rx_muldiv_u64: exact floor(a * b / d) past 2^64 */
	CHECK(rx_muldiv_u64(10, 7, 3), ==, 23); /* 70 / 3 */
	CHECK(rx_muldiv_u64(UINT64_MAX, UINT64_MAX, UINT64_MAX), ==, UINT64_MAX);
	CHECK(rx_muldiv_u64(UINT64_C(1) << 40, UINT64_C(1) << 40, UINT64_C(1) << 20), ==, UINT64_C(1) << 60);
	CHECK(rx_muldiv_u64(UINT64_C(1000000007) << 20, UINT64_C(998244353) << 20, UINT64_C(1) << 40), ==,
	      UINT64_C(1000000007) * UINT64_C(998244353));
	CHECK(rx_muldiv_u64(UINT64_C(1) << 63, 4, 2), ==, UINT64_MAX); /* 2^64 does not fit */
	CHECK(rx_muldiv_u64(UINT64_C(1) << 63, 4, 3), ==, UINT64_C(12297829382473034410)); /* floor(2^65/3) */
	CHECK(rx_muldiv_u64(0, UINT64_MAX, 7), ==, 0);
	/* rx_icbrt_u64 */
	CHECK(rx_icbrt_u64(26), ==, 2);
	CHECK(rx_icbrt_u64(27), ==, 3);
	CHECK(rx_icbrt_u64(UINT64_MAX), ==, 2642245);
	/* rx_reno_cong_avoid_ai with w = 2 cwnd: one segment per 20000 bytes */
	CHECK(rx_reno_cong_avoid_ai(&cc, &acc, 2 * cc.cwnd_bytes, 19999), ==, 0);
	CHECK(cc.cwnd_bytes, ==, 10000);
	CHECK(rx_reno_cong_avoid_ai(&cc, &acc, 2 * cc.cwnd_bytes, 2), ==, 1);
	CHECK(cc.cwnd_bytes, ==, 11000);
	CHECK(acc, ==, 1); /* 20001 - 20000 */
}

int main(void)
{
	test_table();
	test_slow_start();
	test_avoidance();
	test_loss();
	test_helpers();
	return cc_report("reno");
}
