/* test_cc_slow_start.c — tcp.slow_start, the one slow start every congestion
 * control grows cwnd with (rx_slow_start() in src/cc/cc_helpers.h):
 *
 *   rfc5681        RFC 5681 §3.1 eq. (2): cwnd += min(N, SMSS) per ACK,
 *                  N = the cumulative advance (acked_bytes), not cut at
 *                  ssthresh; nothing left for avoidance.
 *   byte_counting  RFC 3465: cwnd += min(N', ssthresh - cwnd) with
 *                  N' = min(N, L SMSS) (L = tcp.abc_limit_segs, 0 = no
 *                  limit), N = the bytes newly delivered, each once
 *                  (newly_delivered_bytes); N' - the increase goes to the
 *                  member's avoidance step.
 *
 * Part 1 plays the core by hand (MSS 1000 bytes, so a segment is 1000):
 * every value beside a CHECK is derived from the rule above.  Part 2 runs the
 * engine on the ACK patterns of two packetdrill scripts of
 * shared/linux-reference/ (Linux 6.18, MSS 1000, IW10, CUBIC) and states the
 * kernel's cwnd beside the engine's.
 */
#include <stdbool.h>
#include <stdlib.h>

#include "cc_harness.h"
#include "rexsim/config.h"
#include "tjson.h"
#include "../../src/cc/cc_helpers.h" /* internal to src/cc: tested here */

extern const struct rx_cc_ops rx_cc_reno, rx_cc_cubic, rx_cc_veno, rx_cc_westwood, rx_cc_vegas;

#define MSS 1000u
#define SEG(n) ((uint64_t)(n) * MSS)
#define MS_NS INT64_C(1000000)

static struct rx_cc new_cc(const struct rx_cc_ops *ops, int slow_start, uint64_t limit_segs, uint64_t cwnd_bytes,
			   uint64_t ssthresh_bytes)
{
	struct rx_cc cc;

	memset(&cc, 0, sizeof cc);
	cc.cfg = NULL; /* every member parameter at its default */
	cc.mss_bytes = MSS;
	cc.cwnd_bytes = cwnd_bytes;
	cc.ssthresh_bytes = ssthresh_bytes;
	cc.srtt_ns = 100 * MS_NS;
	cc.min_rtt_ns = 100 * MS_NS;
	cc.slow_start = slow_start;
	cc.ss_limit_bytes = limit_segs * MSS; /* what the core sets from tcp.abc_limit_segs */
	if (ops->init)
		ops->init(&cc);
	return cc;
}

/* one ACK of new data: acked = the cumulative advance, delivered = the bytes
 * it newly delivered (acked minus bytes SACKed earlier, plus newly SACKed) */
static void ack(const struct rx_cc_ops *ops, struct rx_cc *cc, uint64_t acked, uint64_t delivered, int cwnd_limited)
{
	struct rx_ack_sample s;

	memset(&s, 0, sizeof s);
	s.now_ns = 1000 * MS_NS;
	s.acked_bytes = acked;
	s.newly_delivered_bytes = delivered;
	s.rtt_ns = cc->srtt_ns;
	s.in_flight_bytes = cc->cwnd_bytes;
	s.is_cwnd_limited = cwnd_limited;
	s.rate_interval_ns = -1;
	ops->cong_avoid(cc, &s);
}

/* ------------------------------------------------------------ part 1: by hand */

/* The catalogue rows: the choice, its default, L's default and relevance. */
static void test_params(void)
{
	size_t n;
	const struct rx_param *p = rx_params(&n);
	int seen = 0;

	for (size_t i = 0; i < n; i++) {
		if (p[i].section != RX_SEC_FLOW)
			continue;
		if (strcmp(p[i].key, "tcp.slow_start") == 0) {
			seen |= 1;
			CHECK(p[i].def, ==, RX_SS_RFC5681); /* today's behaviour stays the default */
			CHECK(rx_param_choice_index(&p[i], "rfc5681"), ==, RX_SS_RFC5681);
			CHECK(rx_param_choice_index(&p[i], "byte_counting"), ==, RX_SS_BYTE_COUNTING);
			CHECK(p[i].applies_to == NULL, ==, 1); /* every cc member reads it */
		} else if (strcmp(p[i].key, "tcp.abc_limit_segs") == 0) {
			seen |= 2;
			CHECK(p[i].def, ==, 0); /* no limit: Linux */
			CHECK(strcmp(p[i].applies_to, "tcp.slow_start:byte_counting"), ==, 0);
		}
	}
	CHECK(seen, ==, 3);
}

/* The same ACKs under both rules, Reno, ssthresh infinite. */
static void test_per_ack(void)
{
	struct rx_cc a = new_cc(&rx_cc_reno, RX_SS_RFC5681, 0, SEG(10), RX_SSTHRESH_INF);
	struct rx_cc b = new_cc(&rx_cc_reno, RX_SS_BYTE_COUNTING, 0, SEG(10), RX_SSTHRESH_INF);

	/* an ACK for 1 segment: +min(1000, 1000) = +1000 under both */
	ack(&rx_cc_reno, &a, 1000, 1000, 1);
	ack(&rx_cc_reno, &b, 1000, 1000, 1);
	CHECK(a.cwnd_bytes, ==, 11000);
	CHECK(b.cwnd_bytes, ==, 11000);
	/* a delayed ACK for 2 segments: rfc5681 +min(2000, 1000) = +1000;
	 * byte counting +2000 */
	ack(&rx_cc_reno, &a, 2000, 2000, 1);
	ack(&rx_cc_reno, &b, 2000, 2000, 1);
	CHECK(a.cwnd_bytes, ==, 12000);
	CHECK(b.cwnd_bytes, ==, 13000);
	/* a partial segment, 300 bytes: +300 under both */
	ack(&rx_cc_reno, &a, 300, 300, 1);
	ack(&rx_cc_reno, &b, 300, 300, 1);
	CHECK(a.cwnd_bytes, ==, 12300);
	CHECK(b.cwnd_bytes, ==, 13300);
	/* the cumulative ACK advances over 2 segments, one of them SACKed by an
	 * earlier ACK: rfc5681 counts the advance, +min(2000, 1000) = +1000;
	 * byte counting counts only the 1000 bytes not delivered before */
	ack(&rx_cc_reno, &a, 2000, 1000, 1);
	ack(&rx_cc_reno, &b, 2000, 1000, 1);
	CHECK(a.cwnd_bytes, ==, 13300);
	CHECK(b.cwnd_bytes, ==, 14300);
	/* the advance covers only bytes SACKed earlier: rfc5681 +1000; byte
	 * counting +0 (nothing newly delivered) */
	ack(&rx_cc_reno, &a, 1000, 0, 1);
	ack(&rx_cc_reno, &b, 1000, 0, 1);
	CHECK(a.cwnd_bytes, ==, 14300);
	CHECK(b.cwnd_bytes, ==, 14300);
	/* the advance is 1 segment and the ACK SACKs 3 more above a hole:
	 * rfc5681 +min(1000, 1000); byte counting +4000 */
	ack(&rx_cc_reno, &a, 1000, 4000, 1);
	ack(&rx_cc_reno, &b, 1000, 4000, 1);
	CHECK(a.cwnd_bytes, ==, 15300);
	CHECK(b.cwnd_bytes, ==, 18300);
	/* not cwnd-limited: no growth under either rule (RFC 7661) */
	ack(&rx_cc_reno, &a, 2000, 2000, 0);
	ack(&rx_cc_reno, &b, 2000, 2000, 0);
	CHECK(a.cwnd_bytes, ==, 15300);
	CHECK(b.cwnd_bytes, ==, 18300);
}

/* An IW10 flight ACKed by delayed ACKs, 2 segments each: 5 ACKs. */
static void test_delayed_ack_flight(void)
{
	static const uint64_t want_rfc[5] = { 11000, 12000, 13000, 14000, 15000 }; /* +1000 each */
	static const uint64_t want_bc[5] = { 12000, 14000, 16000, 18000, 20000 }; /* +2000 each */
	static const uint64_t want_l1[5] = { 11000, 12000, 13000, 14000, 15000 }; /* L = 1: +min(2000, 1000) */
	static const uint64_t want_l2[5] = { 12000, 14000, 16000, 18000, 20000 }; /* L = 2: +min(2000, 2000) */
	struct rx_cc a = new_cc(&rx_cc_reno, RX_SS_RFC5681, 0, SEG(10), RX_SSTHRESH_INF);
	struct rx_cc b = new_cc(&rx_cc_reno, RX_SS_BYTE_COUNTING, 0, SEG(10), RX_SSTHRESH_INF);
	struct rx_cc c = new_cc(&rx_cc_reno, RX_SS_BYTE_COUNTING, 1, SEG(10), RX_SSTHRESH_INF);
	struct rx_cc d = new_cc(&rx_cc_reno, RX_SS_BYTE_COUNTING, 2, SEG(10), RX_SSTHRESH_INF);

	for (int k = 0; k < 5; k++) {
		ack(&rx_cc_reno, &a, 2000, 2000, 1);
		ack(&rx_cc_reno, &b, 2000, 2000, 1);
		ack(&rx_cc_reno, &c, 2000, 2000, 1);
		ack(&rx_cc_reno, &d, 2000, 2000, 1);
		CHECK(a.cwnd_bytes, ==, want_rfc[k]);
		CHECK(b.cwnd_bytes, ==, want_bc[k]);
		CHECK(c.cwnd_bytes, ==, want_l1[k]);
		CHECK(d.cwnd_bytes, ==, want_l2[k]);
	}
}

/* A stretch ACK for 8 segments (the kernel's tlp-spurious-dsack pattern):
 * rfc5681 +1000; no limit +8000; L = 2 +2000 (RFC 3465's limit). */
static void test_stretch_ack(void)
{
	struct rx_cc a = new_cc(&rx_cc_reno, RX_SS_RFC5681, 0, SEG(10), RX_SSTHRESH_INF);
	struct rx_cc b = new_cc(&rx_cc_reno, RX_SS_BYTE_COUNTING, 0, SEG(10), RX_SSTHRESH_INF);
	struct rx_cc d = new_cc(&rx_cc_reno, RX_SS_BYTE_COUNTING, 2, SEG(10), RX_SSTHRESH_INF);

	ack(&rx_cc_reno, &a, 8000, 8000, 1);
	ack(&rx_cc_reno, &b, 8000, 8000, 1);
	ack(&rx_cc_reno, &d, 8000, 8000, 1);
	CHECK(a.cwnd_bytes, ==, 11000);
	CHECK(b.cwnd_bytes, ==, 18000);
	CHECK(d.cwnd_bytes, ==, 12000);
}

/* The ssthresh cap and the remainder, for every Reno-like member (Reno,
 * Veno with no backlog, Westwood+, Vegas in its initial Reno mode):
 * cwnd 10000, ssthresh 12500 (not a segment multiple, so the cap shows).
 *   byte counting: ACK delivering 4000: inc = min(4000, 12500 - 10000) =
 *     2500 -> cwnd 12500; the remaining 1500 go to avoidance's byte counter
 *     (1500 < cwnd: no step).  Next ACK, 11000 bytes, now cwnd = ssthresh:
 *     avoidance, counter 1500 + 11000 = 12500 >= cwnd 12500 -> one SMSS,
 *     cwnd 13500.  Without the remainder the counter would hold 11000 and
 *     cwnd would stay 12500.
 *   rfc5681: +min(4000, 1000) -> 11000 (nothing over); next ACK still in
 *     slow start: +min(11000, 1000) -> 12000. */
static void test_cap_and_remainder(void)
{
	const struct rx_cc_ops *ops[] = { &rx_cc_reno, &rx_cc_veno, &rx_cc_westwood, &rx_cc_vegas };

	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
		struct rx_cc a = new_cc(ops[i], RX_SS_RFC5681, 0, SEG(10), 12500);
		struct rx_cc b = new_cc(ops[i], RX_SS_BYTE_COUNTING, 0, SEG(10), 12500);

		ack(ops[i], &a, 4000, 4000, 1);
		ack(ops[i], &b, 4000, 4000, 1);
		CHECK(a.cwnd_bytes, ==, 11000);
		CHECK(b.cwnd_bytes, ==, 12500);
		ack(ops[i], &a, 11000, 11000, 1);
		ack(ops[i], &b, 11000, 11000, 1);
		CHECK(a.cwnd_bytes, ==, 12000);
		CHECK(b.cwnd_bytes, ==, 13500);
	}
	/* rfc5681 is not cut at ssthresh (the engine's behaviour before byte
	 * counting): 12000 < 12500, +1000 -> 13000 */
	struct rx_cc a = new_cc(&rx_cc_reno, RX_SS_RFC5681, 0, SEG(12), 12500);
	ack(&rx_cc_reno, &a, 2000, 2000, 1);
	CHECK(a.cwnd_bytes, ==, 13000);
	/* the helper itself: what it returns is what passed ssthresh */
	struct rx_cc h = new_cc(&rx_cc_reno, RX_SS_BYTE_COUNTING, 0, SEG(10), 12500);
	struct rx_ack_sample s;
	memset(&s, 0, sizeof s);
	s.acked_bytes = 4000;
	s.newly_delivered_bytes = 4000;
	CHECK(rx_slow_start(&h, &s), ==, 1500);
	CHECK(h.cwnd_bytes, ==, 12500);
	/* with L = 2 the counted bytes are min(4000, 2000) = 2000 < room 2500:
	 * all to slow start, nothing over */
	h = new_cc(&rx_cc_reno, RX_SS_BYTE_COUNTING, 2, SEG(10), 12500);
	CHECK(rx_slow_start(&h, &s), ==, 0);
	CHECK(h.cwnd_bytes, ==, 12000);
	/* under rfc5681 the helper leaves nothing over */
	h = new_cc(&rx_cc_reno, RX_SS_RFC5681, 0, SEG(12), 12500);
	CHECK(rx_slow_start(&h, &s), ==, 0);
	CHECK(h.cwnd_bytes, ==, 13000);
}

/* CUBIC: slow start through the helper, then its own avoidance takes the
 * remainder.  cwnd 10000, ssthresh 12000, one ACK delivering 5000 bytes at
 * t = 1 s, SRTT 100 ms, no congestion event yet:
 *   slow start: inc = min(5000, 2000) -> cwnd 12000, remainder 3000.
 *   avoidance (RFC 9438 §4.10): the epoch starts now with cwnd_prior =
 *   W_max = 12000, K = 0, W_est = 12000; acked = min(3000, 12000) = 3000;
 *   W_est >= cwnd_prior, so W_est += 3000 * 1000 / 12000 = 250 -> 12250;
 *   W_cubic(t = 0) = W_max = 12000 < W_est, so the Reno-friendly region:
 *   cwnd = max(12000, 12250) = 12250.
 * rfc5681: +min(5000, 1000) -> 11000 and no avoidance step. */
static void test_cubic(void)
{
	struct rx_cc a = new_cc(&rx_cc_cubic, RX_SS_RFC5681, 0, SEG(10), 12000);
	struct rx_cc b = new_cc(&rx_cc_cubic, RX_SS_BYTE_COUNTING, 0, SEG(10), 12000);

	ack(&rx_cc_cubic, &a, 5000, 5000, 1);
	ack(&rx_cc_cubic, &b, 5000, 5000, 1);
	CHECK(a.cwnd_bytes, ==, 11000);
	CHECK(b.cwnd_bytes, ==, 12250);
	/* below ssthresh with room: the whole delivered count, as Reno */
	struct rx_cc c = new_cc(&rx_cc_cubic, RX_SS_BYTE_COUNTING, 0, SEG(10), RX_SSTHRESH_INF);
	ack(&rx_cc_cubic, &c, 8000, 8000, 1);
	CHECK(c.cwnd_bytes, ==, 18000);
	ack(&rx_cc_cubic, &c, 2000, 2000, 1);
	CHECK(c.cwnd_bytes, ==, 20000);
}

/* Every member grows by the same rule: an 8-segment stretch ACK from IW10. */
static void test_every_member(void)
{
	const struct rx_cc_ops *ops[] = { &rx_cc_reno, &rx_cc_cubic, &rx_cc_veno, &rx_cc_westwood, &rx_cc_vegas };

	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
		struct rx_cc a = new_cc(ops[i], RX_SS_RFC5681, 0, SEG(10), RX_SSTHRESH_INF);
		struct rx_cc b = new_cc(ops[i], RX_SS_BYTE_COUNTING, 0, SEG(10), RX_SSTHRESH_INF);

		ack(ops[i], &a, 8000, 8000, 1);
		ack(ops[i], &b, 8000, 8000, 1);
		if (a.cwnd_bytes != 11000 || b.cwnd_bytes != 18000)
			printf("  member %s\n", ops[i]->name);
		CHECK(a.cwnd_bytes, ==, 11000);
		CHECK(b.cwnd_bytes, ==, 18000);
	}
}

/* ------------------------------------------------ part 2: the kernel's figures */

/* Run a scenario written as JSON; NULL (and a failed CHECK) if it does not
 * validate or run. */
static struct rx_result *run_json(const char *json)
{
	struct rx_arena ar = { 0 };
	struct rx_node *t = t_json(&ar, json);
	struct rx_scenario *sc = malloc(sizeof *sc);
	struct rx_errors es = { 0 };
	struct rx_result *res = malloc(sizeof *res);
	struct rx_error err;
	int ok = t && sc && res && rx_scenario_from_tree(t, sc, &es) == 0 && rx_run(sc, res, &err) == 0;

	rx_arena_free(&ar);
	free(sc);
	CHECK(ok, ==, 1);
	if (!ok) {
		if (es.n)
			printf("  scenario: %s: %s\n", es.e[0].path, es.e[0].msg);
		free(res);
		return NULL;
	}
	return res;
}

/* the row of the first received ACK whose cumulative ACK is ack_seq, or -1 */
static long ack_row(const struct rx_trace *t, uint64_t ack_seq)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->kind[i] == RX_EV_ACK_RECV && t->seq[i] == ack_seq)
			return (long)i;
	return -1;
}

/* cwnd and ssthresh once that ACK has been processed: the next row's (every
 * row the ACK's own processing writes comes after congestion control) */
static uint64_t after(const struct rx_trace *t, long row, const uint32_t *col)
{
	return row >= 0 && (size_t)row + 1 < t->n ? col[row + 1] : 0;
}

#define FLOW_TCP(ss, cwl) \
	"\"tcp\": {\"mss\": 1000, \"iw\": 10, \"cc\": \"cubic\", \"sack\": true, \"timestamps\": false, " \
	"\"rtt_profile\": \"linux\", \"ssthresh_from_cwnd\": true, \"timer\": \"rto\", \"slow_start\": \"" ss \
	"\", \"cwnd_limited\": \"" cwl "\"}"

/* tlp-spurious-dsack.pkt, the script that reports cwnd 20.  Kernel: IW10
 * (10 x 1000 bytes at once), one ACK for 8001 covering 8 segments, then the
 * ACK for 10001 (2 segments) 114 ms later, after a TLP probe whose D-SACK
 * causes no reduction; the kernel prints cwnd 20, ssthresh infinite: 10 + 8
 * + 2, i.e. 18 after the first ACK (Linux counts the segments each ACK
 * delivers) and 20 after the second.
 * Engine: the same path (RTT as given, unlimited rate), a delayed-ACK
 * receiver whose ACKs for 2000, 4000 and 6000 are dropped on the reverse
 * path, so the first to arrive is the ACK for 8000 (engine sequence numbers
 * start at 0: kernel 8001 = engine 8000), and whose ACK for 10000 is delayed
 * by 114 ms.  The timer is plain RTO: the kernel's probe changed nothing,
 * and the RTO (300 ms) does not fire.
 *   ACK 8000: pipe before it 10 segments, cwnd 10 -> cwnd-limited;
 *     rfc5681 10 + min(8000, 1000) = 11; byte_counting 10 + 8 = 18
 *     (kernel 18).
 *   ACK 10000: pipe before it 2 segments, 2 x 2 < 18 (or 11): the engine
 *     counts the sender as not cwnd-limited (pipe before the ACK >= cwnd / 2)
 *     and grows nothing: 18 (kernel 20), 11 under rfc5681.  The kernel's test
 *     is cwnd < 2 x max_packets_out in slow start (the largest flight of the
 *     window, 10 here), so it still grows.  The 2 segments of difference are
 *     that test, not slow start; tcp.cwnd_limited = linux is the kernel's
 *     test: 18 < 2 x 10, so the ACK for 10000 grows cwnd by its 2 segments,
 *     18 -> 20 (kernel 20); under rfc5681, 11 -> 12.
 * The RTT does not enter these figures: the script's 50 ms and 100 ms give
 * the same. */
static void check_dsack_pattern(const char *ss, const char *cwl, double rtt_ms, uint64_t want_8000, uint64_t want_10000)
{
	char json[2048];
	snprintf(json, sizeof json,
		 "{\"path\": {\"forward\": {\"rate_bps\": 0, \"delay_ms\": %g},"
		 " \"reverse\": {\"rate_bps\": 0, \"delay_ms\": %g, \"loss\": {\"model\": \"positioned\", \"rules\": ["
		 "  {\"segment\": 1, \"action\": \"drop\"}, {\"segment\": 2, \"action\": \"drop\"},"
		 "  {\"segment\": 3, \"action\": \"drop\"},"
		 "  {\"segment\": 5, \"action\": \"delay\", \"delay_ms\": 114}]}}},"
		 " \"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": 10}, %s,"
		 "  \"receiver\": {\"ack_policy\": \"delayed\"}}]}",
		 rtt_ms / 2, rtt_ms / 2,
		 strcmp(cwl, "linux") == 0 ? (strcmp(ss, "rfc5681") == 0 ? FLOW_TCP("rfc5681", "linux")
									 : FLOW_TCP("byte_counting", "linux"))
			 : strcmp(ss, "rfc5681") == 0 ? FLOW_TCP("rfc5681", "half_pipe")
						      : FLOW_TCP("byte_counting", "half_pipe"));
	struct rx_result *res = run_json(json);
	if (!res)
		return;
	const struct rx_trace *t = &res->trace;
	long a8 = ack_row(t, 8000), a10 = ack_row(t, 10000);
	CHECK(a8 >= 0 && a10 > a8, ==, 1);
	CHECK(ack_row(t, 2000), ==, -1); /* the pattern: no ACK below 8000 arrives */
	if (a8 >= 0 && a10 > a8) {
		CHECK(t->t_ns[a10] - t->t_ns[a8], ==, 114 * MS_NS);
		CHECK(after(t, a8, t->cwnd_bytes), ==, want_8000);
		CHECK(after(t, a10, t->cwnd_bytes), ==, want_10000);
		CHECK(after(t, a10, t->ssthresh_bytes), ==, UINT32_MAX); /* infinite, as the kernel's */
	}
	CHECK(res->flows[0].completed, ==, 1);
	rx_result_free(res);
	free(res);
}

/* frto0-spurious-rto.pkt (F-RTO off, TLP off: the engine has no spurious-
 * timeout detector configured).  Kernel, RTT 100 ms: 10 segments sent, 10
 * more queued; every ACK is delayed past the RTO; the RTO (SRTT + 200 ms)
 * retransmits the head with cwnd 1, ssthresh 7 (CUBIC: 0.7 x 10); 10 ms
 * later the ACK for 2001 arrives (2 segments: the retransmitted head and the
 * original second segment): "ack 2001 -> cwnd 3"; 10 ms later the ACK for
 * 4001 (2 segments): "ack 4001 -> cwnd 5"; ssthresh stays 7.
 * Engine: RTT 100 ms, the data leave at 100 ms (after the handshake), RTO =
 * 100 + 200 = 300 ms -> fires at 400 ms; the receiver's first two ACKs (for
 * 2000 and 4000, sent at 150 ms) are delayed by 210 and 220 ms and arrive at
 * 410 and 420 ms, the next three are dropped.
 *   ACK 2000 (Loss, pipe 1, cwnd 1: cwnd-limited): it newly delivers 2000
 *     bytes; rfc5681 1 + min(2000, 1000) = 2; byte_counting
 *     1 + min(2000, 7000 - 1000) = 3 (kernel 3).
 *   ACK 4000 (pipe 3 after the 3 go-back-N retransmissions, cwnd 3;
 *     rfc5681: pipe 2, cwnd 2): 2000 bytes; rfc5681 2 + 1 = 3;
 *     byte_counting 3 + 2 = 5 (kernel 5).
 * Agreement is exact (tolerance 0) under byte_counting. */
static void check_frto0_pattern(const char *ss, uint64_t want_2000, uint64_t want_4000)
{
	char json[2048];
	snprintf(json, sizeof json,
		 "{\"path\": {\"forward\": {\"rate_bps\": 0, \"delay_ms\": 50},"
		 " \"reverse\": {\"rate_bps\": 0, \"delay_ms\": 50, \"loss\": {\"model\": \"positioned\", \"rules\": ["
		 "  {\"segment\": 1, \"action\": \"delay\", \"delay_ms\": 210},"
		 "  {\"segment\": 2, \"action\": \"delay\", \"delay_ms\": 220},"
		 "  {\"segment\": 3, \"action\": \"drop\"}, {\"segment\": 4, \"action\": \"drop\"},"
		 "  {\"segment\": 5, \"action\": \"drop\"}]}}},"
		 " \"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": 20}, %s,"
		 "  \"receiver\": {\"ack_policy\": \"delayed\"}}]}",
		 strcmp(ss, "rfc5681") == 0 ? FLOW_TCP("rfc5681", "half_pipe")
					    : FLOW_TCP("byte_counting", "half_pipe"));
	struct rx_result *res = run_json(json);
	if (!res)
		return;
	const struct rx_trace *t = &res->trace;
	long rto = -1;
	for (size_t i = 0; i < t->n && rto < 0; i++)
		if (t->kind[i] == RX_EV_TIMER_FIRED && (t->detail[i] & 15) == RX_TMR_RTO)
			rto = (long)i;
	long a2 = ack_row(t, 2000), a4 = ack_row(t, 4000);
	CHECK(rto >= 0 && a2 > rto && a4 > a2, ==, 1);
	if (rto >= 0 && a2 > rto && a4 > a2) {
		CHECK(t->t_ns[rto], ==, 400 * MS_NS);
		CHECK(t->t_ns[a2], ==, 410 * MS_NS);
		CHECK(t->t_ns[a4], ==, 420 * MS_NS);
		CHECK(t->cwnd_bytes[a2], ==, 1000); /* the RTO's loss window */
		CHECK(t->state[a2], ==, RX_CA_LOSS);
		CHECK(after(t, a2, t->cwnd_bytes), ==, want_2000);
		CHECK(after(t, a4, t->cwnd_bytes), ==, want_4000);
		CHECK(after(t, a4, t->ssthresh_bytes), ==, 7000); /* kernel: ssthresh 7 */
	}
	rx_result_free(res);
	free(res);
}

static void test_kernel_figures(void)
{
	/*                              engine after ACK 8000, 10000 | kernel 18, 20 */
	check_dsack_pattern("byte_counting", "half_pipe", 50, 18000, 18000);
	check_dsack_pattern("byte_counting", "half_pipe", 100, 18000, 18000);
	check_dsack_pattern("rfc5681", "half_pipe", 50, 11000, 11000);
	check_dsack_pattern("rfc5681", "half_pipe", 100, 11000, 11000);
	/* the kernel's window-limited test: 18 -> 20, as the kernel */
	check_dsack_pattern("byte_counting", "linux", 50, 18000, 20000);
	check_dsack_pattern("byte_counting", "linux", 100, 18000, 20000);
	check_dsack_pattern("rfc5681", "linux", 100, 11000, 12000);
	/*                              engine after ACK 2000, 4000 | kernel 3, 5 */
	check_frto0_pattern("byte_counting", 3000, 5000);
	check_frto0_pattern("rfc5681", 2000, 3000);
}

int main(void)
{
	test_params();
	test_per_ack();
	test_delayed_ack_flight();
	test_stretch_ack();
	test_cap_and_remainder();
	test_cubic();
	test_every_member();
	test_kernel_figures();
	return cc_report("test_cc_slow_start");
}
