/* test_cc_westwood.c — hand-driven test of src/cc/cc_westwood.c (Westwood+:
 * Mascolo et al. 2001, Grieco & Mascolo 2004).
 *
 * The test plays the core: it builds a struct rx_cc by hand, fills the cfg
 * block with the defaults the member declares (walking ops->params), sets
 * srtt/min RTT as the estimator would, feeds every ACK to in_ack (and
 * cong_avoid where the core would), and applies losses, RTOs and the end of a
 * reduction the way the core does.  MSS is 1000 bytes; defaults g = 7/8,
 * min interval 50 ms.
 */
#include <stdbool.h>

#include "cc_harness.h"

extern const struct rx_cc_ops rx_cc_westwood;
#define OPS rx_cc_westwood

#define MSS 1000u
#define SEG(n) ((uint64_t)(n) * MSS)
#define MS_NS INT64_C(1000000)

static struct rx_cc new_cc(uint64_t cwnd_segs, int64_t srtt_ns, int64_t min_rtt_ns)
{
	struct rx_cc cc;

	memset(&cc, 0, sizeof cc);
	fill_defaults(&OPS, cfg_block, sizeof cfg_block);
	cc.cfg = cfg_block;
	cc.mss_bytes = MSS;
	cc.cwnd_bytes = SEG(cwnd_segs);
	cc.ssthresh_bytes = RX_SSTHRESH_INF;
	cc.srtt_ns = srtt_ns;
	cc.min_rtt_ns = min_rtt_ns;
	OPS.init(&cc);
	return cc;
}

/* the connection's delivered count, as the core keeps it: every ACK here
 * newly delivers the bytes it acknowledges (none were SACKed before) */
static uint64_t delivered_bytes;

static struct rx_ack_sample sample(int64_t now_ns, uint64_t acked_bytes, int cwnd_limited)
{
	struct rx_ack_sample s;

	memset(&s, 0, sizeof s);
	s.now_ns = now_ns;
	s.acked_bytes = acked_bytes;
	delivered_bytes += acked_bytes;
	s.delivered_bytes = delivered_bytes;
	s.rtt_ns = -1;
	s.is_cwnd_limited = cwnd_limited;
	s.rate_interval_ns = -1;
	return s;
}

/* an ACK as the core delivers it in Open: in_ack, then cong_avoid */
static void ack(struct rx_cc *cc, int64_t now_ns, uint64_t acked_bytes)
{
	struct rx_ack_sample s = sample(now_ns, acked_bytes, 1);

	OPS.in_ack(cc, &s);
	OPS.cong_avoid(cc, &s);
}

/* an ACK during Recovery: in_ack only (no window growth) */
static void ack_in_recovery(struct rx_cc *cc, int64_t now_ns, uint64_t acked_bytes)
{
	struct rx_ack_sample s = sample(now_ns, acked_bytes, 1);

	OPS.in_ack(cc, &s);
}

/* fast retransmit: ssthresh from the hook (basis = cwnd, Linux mode) */
static void enter_recovery(struct rx_cc *cc)
{
	cc->prior_cwnd_bytes = cc->cwnd_bytes;
	cc->prior_ssthresh_bytes = cc->ssthresh_bytes;
	cc->ssthresh_bytes = OPS.ssthresh(cc, cc->cwnd_bytes, 0);
}

/* the reduction completes: the recovery family has set cwnd, then the event */
static void complete_cwr(struct rx_cc *cc, uint64_t cwnd_from_recovery)
{
	cc->cwnd_bytes = cwnd_from_recovery;
	OPS.cwnd_event(cc, RX_CC_EV_COMPLETE_CWR);
}

static void test_table(void)
{
	CHECK(strcmp(OPS.name, "westwood"), ==, 0);
	CHECK(strcmp(OPS.label, "Westwood+"), ==, 0);
	CHECK(strstr(OPS.doc, "Grieco & Mascolo") != NULL, ==, 1);
	CHECK(OPS.in_ack != NULL && OPS.cwnd_event != NULL, ==, 1);
	CHECK(OPS.n_params, ==, 2);
	CHECK(OPS.cfg_size, ==, 16);
	for (size_t i = 0; i < OPS.n_params; i++) {
		const struct rx_param *p = &OPS.params[i];

		CHECK(p->section, ==, 0);
		CHECK(p->offset + 8, <=, OPS.cfg_size);
		CHECK(p->def >= p->min && p->def <= p->max, ==, 1);
		CHECK(p->doc != NULL && strstr(p->doc, "Grieco & Mascolo") != NULL, ==, 1);
	}
}

/* The estimate, the loss reaction, and a growing queue. */
static void test_estimate_and_loss(void)
{
	/* bottleneck 1 segment per 10 ms = 100000 bytes/s; min RTT 80 ms, so the
	 * path's BDP is 100000 * 0.08 = 8000 bytes = 8 segments */
	struct rx_cc cc = new_cc(20, 100 * MS_NS, 80 * MS_NS);
	int64_t t;

	cc.ssthresh_bytes = SEG(20); /* in avoidance */
	/* no estimate yet: a loss is Reno's halving, 20000 / 2 = 10000 */
	CHECK(OPS.ssthresh(&cc, cc.cwnd_bytes, 0), ==, 10000);

	/* window 1 opens at the ACK at t = 0 (its bytes are not counted); srtt
	 * 100 ms > 50 ms floor, so it closes at the first ACK at t >= 100 ms:
	 * 10 ACKs of 1000 bytes at 10, 20, ..., 100 ms -> b = 10000 bytes / 0.1 s
	 * = 100000 bytes/s; the first sample is the estimate */
	ack(&cc, 0, MSS);
	for (t = 10; t <= 90; t += 10)
		ack(&cc, t * MS_NS, MSS);
	CHECK(OPS.ssthresh(&cc, cc.cwnd_bytes, 0), ==, 10000); /* t = 90 ms: no sample yet */
	ack(&cc, 100 * MS_NS, MSS);
	/* avoidance counted 11 ACKs = 11000 < cwnd 20000 bytes: no growth yet.
	 * A loss now: ssthresh = BWE * RTTmin = 100000 * 0.08 = 8000, where
	 * Reno's halving gives 10000 */
	CHECK(cc.cwnd_bytes, ==, 20000);
	CHECK(OPS.ssthresh(&cc, cc.cwnd_bytes, 0), ==, 8000);

	/* The queue grows: cwnd 40 segs on an 8-seg pipe, srtt rises to 200 ms.
	 * ACKs still come at the bottleneck rate, 1 per 10 ms; the sampling
	 * window now lasts one srtt = 200 ms: 20 ACKs, b = 20000 / 0.2 =
	 * 100000 bytes/s, BWE = 7/8 * 100000 + 1/8 * 100000 = 100000.  The loss
	 * sets ssthresh to the pipe without the queue, 8000 bytes, where Reno's
	 * halving would leave 20000 (12 segments of standing queue). */
	cc.cwnd_bytes = SEG(40);
	cc.ssthresh_bytes = SEG(40);
	cc.srtt_ns = 200 * MS_NS;
	for (t = 110; t <= 290; t += 10)
		ack(&cc, t * MS_NS, MSS);
	CHECK(OPS.ssthresh(&cc, cc.cwnd_bytes, 0), ==, 8000); /* t = 290: no new sample */
	ack(&cc, 300 * MS_NS, MSS); /* closes 100..300 ms */
	enter_recovery(&cc);
	CHECK(cc.ssthresh_bytes, ==, 8000);
	CHECK(cc.prior_cwnd_bytes, ==, SEG(40));

	/* During recovery only in_ack runs, and it keeps sampling: the rate
	 * halves (1 ACK per 20 ms) and srtt is back to 100 ms: the window
	 * 300..400 ms holds 5 ACKs, b = 5000 / 0.1 = 50000 bytes/s, BWE =
	 * 875/1000 * 100000 + 125/1000 * 50000 = 87500 + 6250 = 93750 */
	cc.srtt_ns = 100 * MS_NS;
	for (t = 320; t <= 400; t += 20)
		ack_in_recovery(&cc, t * MS_NS, MSS);
	/* the reduction completes: whatever the recovery family left in cwnd,
	 * COMPLETE_CWR sets cwnd = ssthresh = 8000 */
	complete_cwr(&cc, 3000);
	CHECK(cc.cwnd_bytes, ==, 8000);
	/* a new loss uses the filtered estimate: 93750 * 0.08 = 7500 */
	CHECK(OPS.ssthresh(&cc, cc.cwnd_bytes, 0), ==, 7500);

	/* RTO: ssthresh from the hook, then the core sets cwnd = 1 MSS and
	 * signals RX_CC_EV_LOSS, which also gives 1 MSS */
	cc.cwnd_bytes = SEG(30);
	cc.ssthresh_bytes = OPS.ssthresh(&cc, cc.cwnd_bytes, 0);
	OPS.cwnd_event(&cc, RX_CC_EV_LOSS);
	CHECK(cc.ssthresh_bytes, ==, 7500);
	CHECK(cc.cwnd_bytes, ==, MSS);
	/* slow start from 1 MSS up to ssthresh is Reno's: + min(acked, MSS) */
	ack(&cc, 410 * MS_NS, 2 * MSS);
	CHECK(cc.cwnd_bytes, ==, 2000);
}

/* The 50 ms floor of the sampling interval, the 2 MSS floor, cfg == NULL. */
static void test_floors(void)
{
	/* srtt 20 ms < 50 ms: ACKs of 2000 bytes every 10 ms; no sample at 20 or
	 * 40 ms, the window 0..50 ms closes at 50 ms: 10000 / 0.05 = 200000
	 * bytes/s */
	struct rx_cc cc = new_cc(20, 20 * MS_NS, 20 * MS_NS);
	int64_t t;

	for (t = 0; t <= 40; t += 10)
		ack_in_recovery(&cc, t * MS_NS, 2 * MSS);
	CHECK(OPS.ssthresh(&cc, SEG(20), 0), ==, 10000); /* no sample yet: Reno's */
	ack_in_recovery(&cc, 50 * MS_NS, 2 * MSS);
	/* BWE * RTTmin = 200000 * 0.02 = 4000 */
	CHECK(OPS.ssthresh(&cc, SEG(20), 0), ==, 4000);
	/* with min_interval_ms = 0 the window is exactly one srtt: nothing at
	 * 10 ms, a sample at 20 ms (2 ACKs, 4000 / 0.02 = 200000 -> 4000) */
	cc = new_cc(20, 20 * MS_NS, 20 * MS_NS);
	set_int_param(&OPS, "min_interval_ms", 0);
	ack_in_recovery(&cc, 0, 2 * MSS);
	ack_in_recovery(&cc, 10 * MS_NS, 2 * MSS);
	CHECK(OPS.ssthresh(&cc, SEG(20), 0), ==, 10000);
	ack_in_recovery(&cc, 20 * MS_NS, 2 * MSS);
	CHECK(OPS.ssthresh(&cc, SEG(20), 0), ==, 4000);

	/* 2 MSS floor: 1 ACK of 100 bytes over 100 ms = 1000 bytes/s, * 80 ms =
	 * 80 bytes -> 2000 */
	cc = new_cc(20, 100 * MS_NS, 80 * MS_NS);
	ack_in_recovery(&cc, 0, MSS);
	ack_in_recovery(&cc, 100 * MS_NS, 100);
	CHECK(OPS.ssthresh(&cc, SEG(20), 0), ==, 2000);

	/* gain 0 (no memory): the second sample replaces the first.  Window 1:
	 * 10000 / 0.1 = 100000; window 2: 5000 / 0.1 = 50000 -> 50000 * 0.08 =
	 * 4000 */
	cc = new_cc(20, 100 * MS_NS, 80 * MS_NS);
	set_int_param(&OPS, "gain_permille", 0);
	ack_in_recovery(&cc, 0, MSS);
	ack_in_recovery(&cc, 100 * MS_NS, 10 * MSS);
	ack_in_recovery(&cc, 200 * MS_NS, 5 * MSS);
	CHECK(OPS.ssthresh(&cc, SEG(20), 0), ==, 4000);
	/* the same with cfg == NULL (defaults, g = 7/8): 87500 + 6250 = 93750
	 * -> 7500 */
	cc = new_cc(20, 100 * MS_NS, 80 * MS_NS);
	cc.cfg = NULL;
	ack_in_recovery(&cc, 0, MSS);
	ack_in_recovery(&cc, 100 * MS_NS, 10 * MSS);
	ack_in_recovery(&cc, 200 * MS_NS, 5 * MSS);
	CHECK(OPS.ssthresh(&cc, SEG(20), 0), ==, 7500);

	/* no srtt yet: ACKs are counted but no sample is taken */
	cc = new_cc(20, 0, 0);
	ack_in_recovery(&cc, 0, MSS);
	ack_in_recovery(&cc, 500 * MS_NS, 10 * MSS);
	CHECK(OPS.ssthresh(&cc, SEG(20), 0), ==, 10000);
	/* COMPLETE_CWR without a reduction (ssthresh infinite) leaves cwnd */
	cc.ssthresh_bytes = RX_SSTHRESH_INF;
	complete_cwr(&cc, 12345);
	CHECK(cc.cwnd_bytes, ==, 12345);
}

/* Growth is Reno's: slow start, one segment per window in avoidance. */
static void test_growth(void)
{
	struct rx_cc cc = new_cc(10, 100 * MS_NS, 100 * MS_NS);
	int i;

	ack(&cc, 0, 3 * MSS);
	CHECK(cc.cwnd_bytes, ==, 11000); /* + min(3000, 1000) */
	cc.ssthresh_bytes = SEG(11);
	for (i = 0; i < 10; i++)
		ack(&cc, MS_NS * (i + 1), MSS);
	CHECK(cc.cwnd_bytes, ==, 11000); /* 10000 < 11000 counted */
	ack(&cc, 11 * MS_NS, MSS);
	CHECK(cc.cwnd_bytes, ==, 12000);
	{
		struct rx_ack_sample s = sample(12 * MS_NS, 50 * MSS, 0);

		OPS.in_ack(&cc, &s);
		OPS.cong_avoid(&cc, &s);
		CHECK(cc.cwnd_bytes, ==, 12000); /* app-limited: no growth */
	}
	cc.prior_cwnd_bytes = 20000;
	CHECK(OPS.undo_cwnd(&cc), ==, 20000); /* max(12000, 20000) */
}

int main(void)
{
	test_table();
	test_estimate_and_loss();
	test_floors();
	test_growth();
	return cc_report("westwood");
}
