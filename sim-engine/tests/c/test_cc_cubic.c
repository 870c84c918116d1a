/* test_cc_cubic.c — unit test for src/cc/cc_cubic.c (RFC 9438 CUBIC).
 *
 * Standalone: build with
 *   gcc -std=c11 -Wall -Wextra -Werror -O2 -Iinclude \
 *       src/cc/cc_cubic.c tests/c/test_cc_cubic.c -o /tmp/test_cc_cubic
 *
 * The test plays the part of the core: it feeds ACKs with now_ns advancing
 * by one ACK-clock step (SRTT * MSS / cwnd) per MSS-sized ACK, and applies a
 * loss the way the core does (save prior_*, ssthresh hook, cwnd = ssthresh).
 * Expected numbers are derived by hand in the comments (MSS = 1460 bytes,
 * SRTT = 100 ms unless said otherwise).  The reference curve in (4) uses
 * double in this test only; the code under test has no floating point.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "rexsim/cc.h"
#include "rexsim/rexsim.h"

extern const struct rx_cc_ops rx_cc_cubic;
uint64_t rx_cubic_icbrt_u64(uint64_t x); /* exported by cc_cubic.c for this test */

static int n_passed, n_failed;

static void check_report(int ok, const char *file, int line, const char *expr, uint64_t a, uint64_t b)
{
	if (ok) {
		n_passed++;
		return;
	}
	n_failed++;
	printf("%s:%d: CHECK failed: %s  (lhs = %" PRIu64 ", rhs = %" PRIu64 ")\n", file, line, expr, a, b);
}

/* CHECK(a, op, b): compares as uint64_t, prints both values on failure. */
#define CHECK(a, op, b) \
	do { \
		uint64_t check_a_ = (uint64_t)(a), check_b_ = (uint64_t)(b); \
		check_report(check_a_ op check_b_, __FILE__, __LINE__, #a " " #op " " #b, check_a_, check_b_); \
	} while (0)

#define MSS 1460u
#define SEG(n) ((uint64_t)(n) * MSS)
#define MS_NS INT64_C(1000000)
#define S_NS INT64_C(1000000000)
#define SRTT_NS (100 * MS_NS)

static struct rx_cc new_cc(uint64_t cwnd_segs, int64_t srtt_ns)
{
	struct rx_cc cc;

	memset(&cc, 0, sizeof cc);
	cc.mss_bytes = MSS;
	cc.cwnd_bytes = SEG(cwnd_segs);
	cc.ssthresh_bytes = RX_SSTHRESH_INF;
	cc.srtt_ns = srtt_ns;
	cc.min_rtt_ns = srtt_ns;
	rx_cc_cubic.init(&cc);
	return cc;
}

/* What the core does on a fast-retransmit loss (PRR then ends at ssthresh). */
static void loss(struct rx_cc *cc, int64_t now_ns)
{
	cc->prior_cwnd_bytes = cc->cwnd_bytes;
	cc->prior_ssthresh_bytes = cc->ssthresh_bytes;
	rx_cc_cubic.set_state(cc, RX_CA_RECOVERY, now_ns);
	cc->ssthresh_bytes = rx_cc_cubic.ssthresh(cc, cc->cwnd_bytes, now_ns);
	cc->cwnd_bytes = cc->ssthresh_bytes;
	rx_cc_cubic.set_state(cc, RX_CA_OPEN, now_ns);
}

static void ack(struct rx_cc *cc, int64_t now_ns, uint64_t acked_bytes, int cwnd_limited)
{
	struct rx_ack_sample s;

	s.now_ns = now_ns;
	s.acked_bytes = acked_bytes;
	s.rtt_ns = cc->srtt_ns;
	s.in_flight_bytes = cc->cwnd_bytes;
	s.is_cwnd_limited = cwnd_limited;
	rx_cc_cubic.cong_avoid(cc, &s);
}

/* One ACK-clock step: a window of ACKs per SRTT. */
static int64_t ack_gap_ns(const struct rx_cc *cc)
{
	return (int64_t)((uint64_t)cc->srtt_ns * MSS / cc->cwnd_bytes);
}

/* |a - b| */
static uint64_t absdiff(uint64_t a, uint64_t b)
{
	return a > b ? a - b : b - a;
}

/* (1) slow start: cwnd += min(acked, MSS) per ACK (RFC 5681 §3.1) */
static void test_slow_start(void)
{
	struct rx_cc cc = new_cc(10, SRTT_NS); /* IW 10 segs = 14600 */
	int64_t now = 0;

	ack(&cc, now += MS_NS, MSS, 1);
	CHECK(cc.cwnd_bytes, ==, 16060); /* 14600 + 1460 */
	ack(&cc, now += MS_NS, 2 * MSS, 1);
	CHECK(cc.cwnd_bytes, ==, 17520); /* delayed ACK of 2 segs: + min(2920, 1460) */
	ack(&cc, now += MS_NS, 10000, 1);
	CHECK(cc.cwnd_bytes, ==, 18980); /* + min(10000, 1460) */
	ack(&cc, now += MS_NS, 500, 1);
	CHECK(cc.cwnd_bytes, ==, 19480); /* + min(500, 1460) = 500 */
	ack(&cc, now += MS_NS, MSS, 0);
	CHECK(cc.cwnd_bytes, ==, 19480); /* app-limited: no growth (RFC 9438 §5.8) */
	ack(&cc, now += MS_NS, 0, 1);
	CHECK(cc.cwnd_bytes, ==, 19480); /* nothing newly ACKed */

	/* never below 1 MSS: a zero cwnd is lifted by the ACK to 0 + 1460 */
	cc.cwnd_bytes = 0;
	ack(&cc, now += MS_NS, MSS, 1);
	CHECK(cc.cwnd_bytes, >=, MSS);
}

/* (2) multiplicative decrease and fast convergence */
static void test_decrease(void)
{
	struct rx_cc cc = new_cc(100, SRTT_NS);
	int64_t now = 0, t0;
	uint64_t max_cwnd = 0;

	loss(&cc, now);
	CHECK(cc.ssthresh_bytes, ==, SEG(70)); /* 146000 * 7/10 = 102200 = 70 segs */
	CHECK(cc.cwnd_bytes, ==, SEG(70));

	/* 2 MSS floor (§4.6): 2 segs * 0.7 = 1.4 segs -> 2 segs */
	{
		struct rx_cc small = new_cc(2, SRTT_NS);

		loss(&small, 0);
		CHECK(small.ssthresh_bytes, ==, SEG(2)); /* max(2044, 2920) */
		small = new_cc(1, SRTT_NS);
		loss(&small, 0);
		CHECK(small.ssthresh_bytes, ==, SEG(2)); /* max(1022, 2920) */
	}

	/* No fast convergence when the loss is at or above W_max: loss at 120 segs
	 * (> W_max = 100) -> ssthresh = 120 * 0.7 = 84 segs = 122640. */
	cc.cwnd_bytes = SEG(120);
	loss(&cc, now);
	CHECK(cc.ssthresh_bytes, ==, SEG(84));

	/* Fast convergence (§4.7), with windows large enough that the cubic
	 * curve, not the Reno estimate, drives cwnd.  First loss at 1000 segs:
	 * W_max = 1000 segs, ssthresh = 700 segs.  Second loss at 900 segs <
	 * W_max: W_max = 900 * (1 + 0.7)/2 = 765 segs = 1116900 bytes and
	 * ssthresh = 900 * 0.7 = 630 segs = 919800 bytes. */
	cc = new_cc(1000, SRTT_NS);
	loss(&cc, now);
	CHECK(cc.ssthresh_bytes, ==, SEG(700));
	cc.cwnd_bytes = SEG(900);
	loss(&cc, now);
	CHECK(cc.ssthresh_bytes, ==, SEG(630));
	/* K = cbrt((765 - 630) / 0.4) = cbrt(337.5) = 6.9624 s.  At t ~= K cwnd
	 * sits at the lowered W_max, 765 segs (within 1 seg); the Reno estimate is
	 * only 630 + 69.6 RTTs * 9/17 = 666.9 segs.  Without fast convergence
	 * (W_max = 900, K = cbrt(675) = 8.772 s) it would be near
	 * W_cubic(6.96 + 0.1) = 900 - 0.4 * 1.71^3 = 898 segs. */
	t0 = now;
	while (now - t0 < INT64_C(6962400000)) { /* up to t = K */
		ack(&cc, now, MSS, 1);
		now += ack_gap_ns(&cc);
	}
	CHECK(absdiff(cc.cwnd_bytes, SEG(765)), <=, MSS);
	/* the plateau holds: 0.5 s later W_cubic(K + 0.6) = 765 + 0.4 * 0.216
	 * = 765.09 segs, far below the old 900 */
	while (now - t0 < INT64_C(7462400000)) {
		ack(&cc, now, MSS, 1);
		now += ack_gap_ns(&cc);
		if (cc.cwnd_bytes > max_cwnd)
			max_cwnd = cc.cwnd_bytes;
	}
	CHECK(max_cwnd, <, SEG(766));
}

/* (3) K and the concave approach to W_max */
static void test_k_plateau(void)
{
	struct rx_cc cc = new_cc(100, SRTT_NS);
	const int64_t k_ns = 4217163327; /* cbrt(100 * 0.3 / 0.4) = cbrt(75) = 4.217163 s */
	int64_t now = 5 * S_NS, t0;
	uint64_t above_before_k = 0, at_k = 0, at_k_seen = 0, prev;

	loss(&cc, now); /* W_max = 100 segs = 146000, cwnd = 102200 */
	t0 = now; /* first CA ACK: epoch start (§4.2) */

	/* First ACK at t = 0: W_est = 102200 + 9/17 * 1460 * 1460 / 102200
	 * = 102200 + 11.04 bytes, while W_cubic(0) = 100 - 0.4 * 75 = 70 segs =
	 * 102200 < W_est, so this ACK is in the Reno-friendly region (§4.3):
	 * cwnd = W_est = 102211. */
	ack(&cc, now, MSS, 1);
	CHECK(cc.cwnd_bytes, ==, 102211);
	now += ack_gap_ns(&cc);
	/* Second ACK, t = 100 ms * 1460 / 102211 = 1.428 ms: W_cubic(t) = 70.03
	 * segs > W_est, so the cubic rule applies: target = W_cubic(t + 0.1) =
	 * 100 - 0.4 * (4.217163 - 0.101428)^3 = 72.113 segs = 105284.9 bytes;
	 * increment = (105284.9 - 102211) * 1460 / 102211 = 43.91 bytes -> 102254
	 * (the 0.91 byte waits in the fixed-point fraction). */
	ack(&cc, now, MSS, 1);
	CHECK(cc.cwnd_bytes, ==, 102254);
	now += ack_gap_ns(&cc);

	prev = cc.cwnd_bytes;
	while (now - t0 <= 5 * S_NS) {
		ack(&cc, now, MSS, 1);
		if (now - t0 < k_ns && cc.cwnd_bytes >= SEG(100))
			above_before_k++; /* must stay below W_max before K */
		if (now - t0 >= k_ns && !at_k_seen) {
			at_k = cc.cwnd_bytes;
			at_k_seen = 1;
		}
		prev = cc.cwnd_bytes;
		now += ack_gap_ns(&cc);
	}
	CHECK(above_before_k, ==, 0);
	CHECK(at_k_seen, ==, 1);
	/* at t ~= K: |cwnd - 146000| <= 1460 */
	CHECK(absdiff(at_k, SEG(100)), <=, MSS);
	/* convex region afterwards: at t = 5 s, W_cubic(5.1) = 100 + 0.4 *
	 * 0.8828^3 = 100.275 segs; cwnd has passed W_max but stays below that
	 * (the Reno estimate is still 70 + 50 RTTs * 9/17 = 96.5 segs) */
	CHECK(prev, >, SEG(100));
	CHECK(prev, <, 146402); /* 100.275 * 1460 */
}

/* (4) monotone growth bounded by W_cubic(t + RTT), and the Reno-friendly region */
static double w_cubic_segs(double w_max_segs, double k_s, double t_s)
{
	double d = t_s - k_s;

	return 0.4 * d * d * d + w_max_segs;
}

static void test_bounds(void)
{
	struct rx_cc cc = new_cc(100, SRTT_NS);
	int64_t now = 0, t0;
	uint64_t decreases = 0, over = 0, max_over_bytes = 0, prev, at_7s = 0;
	double w_est_segs = 70.0; /* §4.3: W_est = cwnd_epoch */

	loss(&cc, now);
	t0 = now;
	prev = cc.cwnd_bytes;
	/* 10 s, about 100 RTTs.  What RFC 9438 allows after each ACK is
	 * max(W_cubic(t + RTT), W_est): the cubic target (§4.2, §4.4, §4.5) or
	 * the Reno-friendly estimate (§4.3), tracked here independently in
	 * double: W_est += alpha / cwnd_segs per MSS ACKed, alpha = 9/17 until
	 * W_est >= cwnd_prior = 100 segs, then 1. */
	while (now - t0 <= 10 * S_NS) {
		double t_s = (double)(now - t0) / 1e9;
		double cubic_segs = w_cubic_segs(100.0, 4.217163326508746, t_s + 0.1);
		double allowed_segs;
		uint64_t allowed_bytes;

		w_est_segs += (w_est_segs >= 100.0 ? 1.0 : 9.0 / 17.0) * MSS / (double)cc.cwnd_bytes;
		allowed_segs = cubic_segs > w_est_segs ? cubic_segs : w_est_segs;
		allowed_bytes = (uint64_t)(allowed_segs * MSS);
		ack(&cc, now, MSS, 1);
		if (cc.cwnd_bytes < prev)
			decreases++;
		/* 2 bytes of slack for K and t being quantised to 2^-16 s */
		if (cc.cwnd_bytes > allowed_bytes + 2) {
			over++;
			if (cc.cwnd_bytes - allowed_bytes > max_over_bytes)
				max_over_bytes = cc.cwnd_bytes - allowed_bytes;
		}
		if (!at_7s && now - t0 >= 7 * S_NS)
			at_7s = cc.cwnd_bytes;
		prev = cc.cwnd_bytes;
		now += ack_gap_ns(&cc);
	}
	CHECK(decreases, ==, 0);
	CHECK(over, ==, 0);
	CHECK(max_over_bytes, ==, 0);
	/* W_est reaches 100 segs after 30 / (9/17) = 56.7 RTTs (5.67 s) and then
	 * grows 1 seg per RTT: 100 + 13.3 = 113.3 segs at t = 7 s, above
	 * W_cubic(7.1) = 100 + 0.4 * 2.883^3 = 109.6 segs: Reno-friendly region */
	CHECK(at_7s, >=, 164737); /* 112.83 segs */
	CHECK(at_7s, <=, 166197); /* 113.83 segs */
	/* by t = 10 s the convex curve dominates again: W_cubic(10) = 100 + 0.4 *
	 * 5.783^3 = 177.4 segs > W_est = 100 + 43.3 = 143.3 segs */
	CHECK(prev, >, SEG(170));
	CHECK(prev, <=, SEG(179)); /* W_cubic(10.1) = 181.4 segs bounds it */

	/* App-limited ACKs neither grow cwnd nor advance t (§5.8, §4.2): a 3 s
	 * app-limited gap followed by cwnd-limited ACKs continues the curve where
	 * it was, instead of jumping by W_cubic(t + 3 s). */
	{
		struct rx_cc a = new_cc(100, SRTT_NS), b = new_cc(100, SRTT_NS);
		int64_t ta = 0, tb = 0;
		int i;

		loss(&a, 0);
		loss(&b, 0);
		for (i = 0; i < 500; i++) { /* identical first 500 ACKs */
			ack(&a, ta, MSS, 1);
			ack(&b, tb, MSS, 1);
			ta += ack_gap_ns(&a);
			tb += ack_gap_ns(&b);
		}
		prev = b.cwnd_bytes;
		tb += 3 * S_NS;
		ack(&b, tb, MSS, 0); /* app-limited after a 3 s gap */
		CHECK(b.cwnd_bytes, ==, prev);
		ack(&a, ta, MSS, 1);
		ack(&b, tb, MSS, 1);
		CHECK(b.cwnd_bytes, ==, a.cwnd_bytes);
	}

	/* Reno-friendly region (§4.3): W_max = 10 segs, RTT = 10 ms.  K =
	 * cbrt(3 / 0.4) = 1.957 s, so W_cubic(0.1 s) = 10 - 0.4 * 1.857^3 = 7.44
	 * segs, but W_est grows 9/17 seg per RTT from 7 to 10 segs (5.7 RTTs),
	 * then 1 seg per RTT: about 10 + 4.3 = 14.3 segs after 10 RTTs. */
	{
		struct rx_cc r = new_cc(10, 10 * MS_NS);
		int64_t tr = 0;

		loss(&r, 0);
		CHECK(r.cwnd_bytes, ==, SEG(7));
		while (tr <= 100 * MS_NS) {
			ack(&r, tr, MSS, 1);
			tr += ack_gap_ns(&r);
		}
		CHECK(r.cwnd_bytes, >=, SEG(13));
		CHECK(r.cwnd_bytes, <=, SEG(16));
	}
}

/* Undo (§4.9.2): back to max(cwnd, prior_cwnd), previous curve restored */
static void test_undo(void)
{
	struct rx_cc cc = new_cc(100, SRTT_NS);
	int64_t now = 0;
	uint64_t before;
	int i;

	loss(&cc, now); /* W_max = 100 segs */
	for (i = 0; i < 2000; i++) { /* t = 2.3 s, cwnd = 97.2 segs */
		ack(&cc, now, MSS, 1);
		now += ack_gap_ns(&cc);
	}
	before = cc.cwnd_bytes;
	loss(&cc, now); /* spurious: cwnd -> 0.7 * before */
	CHECK(cc.cwnd_bytes, <, before);
	cc.cwnd_bytes = rx_cc_cubic.undo_cwnd(&cc);
	cc.ssthresh_bytes = cc.prior_ssthresh_bytes;
	CHECK(cc.cwnd_bytes, ==, before); /* max(0.7 * before, before) */
	/* the restored curve (W_max = 100 segs, same epoch) carries on: the next
	 * ACK neither drops cwnd nor jumps past W_max */
	ack(&cc, now, MSS, 1);
	CHECK(cc.cwnd_bytes, >=, before);
	CHECK(cc.cwnd_bytes, <, SEG(100));
	/* undo when cwnd is already above prior_cwnd keeps the current cwnd */
	cc.prior_cwnd_bytes = SEG(50);
	CHECK(rx_cc_cubic.undo_cwnd(&cc), ==, cc.cwnd_bytes);
}

/* Timeout (§4.8): the first CA stage after an RTO uses K = 0 and
 * W_max = cwnd_epoch instead of heading back to the old W_max. */
static void test_timeout(void)
{
	struct rx_cc cc = new_cc(100, SRTT_NS);
	int64_t now = 0, t0;

	cc.prior_cwnd_bytes = cc.cwnd_bytes;
	rx_cc_cubic.set_state(&cc, RX_CA_LOSS, now);
	cc.ssthresh_bytes = rx_cc_cubic.ssthresh(&cc, cc.cwnd_bytes, now);
	cc.cwnd_bytes = MSS; /* RFC 5681: cwnd = 1 MSS */
	rx_cc_cubic.set_state(&cc, RX_CA_OPEN, now);
	CHECK(cc.ssthresh_bytes, ==, SEG(70)); /* beta still applies to ssthresh */
	while (cc.cwnd_bytes < cc.ssthresh_bytes) { /* 69 slow-start ACKs: 1 -> 70 segs */
		ack(&cc, now, MSS, 1);
		now += ack_gap_ns(&cc);
	}
	CHECK(cc.cwnd_bytes, ==, SEG(70));
	/* CA from t0: W_cubic(t) = 70 + 0.4 t^3 (70.53 segs at 1.1 s) and W_est
	 * = 70 + 9/17 per RTT = 75.29 segs at 1 s, so cwnd ~= 75.29 segs =
	 * 109929 bytes.  Had K been cbrt(75) toward W_max = 100, cwnd would be
	 * near W_cubic(1) = 100 - 0.4 * 3.217^3 = 86.7 segs. */
	t0 = now;
	while (now - t0 < S_NS) {
		ack(&cc, now, MSS, 1);
		now += ack_gap_ns(&cc);
	}
	CHECK(cc.cwnd_bytes, >=, 109208); /* 74.8 segs */
	CHECK(cc.cwnd_bytes, <=, 110668); /* 75.8 segs */
}

/* (5) determinism: two identical runs of 10,000 ACKs */
#define DET_ACKS 10000

static void det_run(uint64_t *out)
{
	struct rx_cc cc = new_cc(10, 40 * MS_NS);
	uint32_t lcg = 12345u;
	int64_t now = 0;
	int i;

	for (i = 0; i < DET_ACKS; i++) {
		uint64_t acked;

		lcg = lcg * 1103515245u + 12345u; /* fixed pseudo-random pattern */
		acked = 1 + (lcg >> 8) % (2 * MSS); /* 1 .. 2 MSS */
		if (i % 2500 == 1500) {
			loss(&cc, now);
		} else if (i % 2500 == 2000) { /* a timeout: cwnd = 1 MSS */
			cc.prior_cwnd_bytes = cc.cwnd_bytes;
			rx_cc_cubic.set_state(&cc, RX_CA_LOSS, now);
			cc.ssthresh_bytes = rx_cc_cubic.ssthresh(&cc, cc.cwnd_bytes, now);
			cc.cwnd_bytes = MSS;
			rx_cc_cubic.set_state(&cc, RX_CA_OPEN, now);
		}
		ack(&cc, now, acked, (lcg >> 4) % 16 != 0); /* 1 in 16 app-limited */
		cc.srtt_ns = 40 * MS_NS + (int64_t)((lcg >> 12) % 1000) * 1000;
		now += ack_gap_ns(&cc) + (int64_t)((lcg >> 16) % 50) * 1000;
		out[i] = cc.cwnd_bytes;
	}
}

static void test_determinism(void)
{
	static uint64_t run1[DET_ACKS], run2[DET_ACKS];
	uint64_t mismatches = 0, changes = 0, below_mss = 0;
	int i;

	det_run(run1);
	det_run(run2);
	for (i = 0; i < DET_ACKS; i++) {
		if (run1[i] != run2[i])
			mismatches++;
		if (i > 0 && run1[i] != run1[i - 1])
			changes++;
		if (run1[i] < MSS)
			below_mss++;
	}
	CHECK(mismatches, ==, 0);
	CHECK(changes, >, 1000); /* the run actually exercises growth */
	CHECK(below_mss, ==, 0);
}

/* (6) integer cube root */
static void test_icbrt(void)
{
	uint64_t n, bad_exact = 0, bad_below = 0, bad_above = 0;

	/* every perfect cube n^3 up to (2^21)^3 = 2^63, and its neighbours */
	for (n = 0; n <= (UINT64_C(1) << 21); n++) {
		uint64_t c = n * n * n;

		if (rx_cubic_icbrt_u64(c) != n)
			bad_exact++;
		if (n > 0 && rx_cubic_icbrt_u64(c - 1) != n - 1)
			bad_below++;
		if (n > 0 && rx_cubic_icbrt_u64(c + 1) != n)
			bad_above++;
	}
	CHECK(bad_exact, ==, 0);
	CHECK(bad_below, ==, 0);
	CHECK(bad_above, ==, 0);
	CHECK(rx_cubic_icbrt_u64(0), ==, 0);
	CHECK(rx_cubic_icbrt_u64(7), ==, 1);
	CHECK(rx_cubic_icbrt_u64(8), ==, 2);
	CHECK(rx_cubic_icbrt_u64(75), ==, 4); /* 4^3 = 64 <= 75 < 125 */
	CHECK(rx_cubic_icbrt_u64(UINT64_C(1) << 63), ==, 2097152); /* 2^21 */
	CHECK(rx_cubic_icbrt_u64((UINT64_C(1) << 63) - 1), ==, 2097151);
	/* top of the range: 2642245^3 = 18446724184312856125 <= 2^64 - 1 < 2642246^3 */
	CHECK(rx_cubic_icbrt_u64(UINT64_MAX), ==, 2642245);
	CHECK(rx_cubic_icbrt_u64(UINT64_C(18446724184312856125)), ==, 2642245);
	CHECK(rx_cubic_icbrt_u64(UINT64_C(18446724184312856124)), ==, 2642244);
}

int main(void)
{
	CHECK(strcmp(rx_cc_cubic.name, "cubic"), ==, 0);
	CHECK(rx_cc_cubic.doc != NULL && strstr(rx_cc_cubic.doc, "RFC 9438") != NULL, ==, 1);
	CHECK(rx_cc_cubic.ssthresh != NULL && rx_cc_cubic.cong_avoid != NULL && rx_cc_cubic.undo_cwnd != NULL, ==, 1);

	test_slow_start();
	test_decrease();
	test_k_plateau();
	test_bounds();
	test_undo();
	test_timeout();
	test_determinism();
	test_icbrt();

	printf("cubic: %d passed, %d failed\n", n_passed, n_failed);
	return n_failed ? 1 : 0;
}
