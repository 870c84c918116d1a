/* test_receiver_linux.c — the 'linux' receiver ACK policy (receiver.c, rules
 * 1-5 in its header comment), each on a case derived by hand, exact to the
 * nanosecond: the quick-ACK phase and its bound by the receive window, the
 * delayed-ACK timeout (ATO) 40 -> 80 -> capped by the receiver's RTT
 * estimate, the ceiling without an estimate (no handshake; an ambiguous
 * SYN-ACK sample), the second full-sized segment, the immediate ACKs for
 * an out-of-order segment and its hole fill, and the immediate-ACK trigger
 * (D0/D1: a full segment and a runt, linux against delayed).
 *
 * Common setup (scenario() below): one flow, MSS 1000, Reno, SACK on, no
 * timestamps, the RTO timer alone (no probes), no Early Retransmit; both
 * directions 50 ms one way with unlimited rate, so a segment or an ACK takes
 * exactly 50 ms and segments sent together arrive together.  The
 * application is 'requests': each object is one segment of 1000 bytes
 * unless said otherwise; when an object has arrived the client thinks gap_ms,
 * its request takes 50 ms to the sender, and the next object's segment takes
 * 50 ms back, so objects arrive gap_ms + 100 ms apart.  Data starts at
 * sequence 0: the k-th segment is [1000 (k-1), 1000 k), and an ACK of it
 * acknowledges 1000 k.
 *
 * With the handshake the SYN leaves at 0, reaches the receiver at 50, whose
 * SYN-ACK reaches the sender at 100; the first segment leaves at 100 and
 * reaches the receiver at 150, so the receiver's RTT estimate (rule 4) is
 * 150 - 50 = 100 ms.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scenarios.h"
#include "tjson.h"
#include "rexsim/config.h"
#include "rexsim/ops.h"

/* policy: receiver.ack_policy; app: the "app" object; handshake; fwd_rules /
 * rev_rules: positioned rules (may be empty); receiver: more keys of the
 * receiver object */
static struct rx_scenario *scenario_p(const char *policy, const char *app, bool handshake, const char *fwd_rules,
				      const char *rev_rules, const char *receiver)
{
	char json[4096];
	snprintf(json, sizeof(json),
		 "{\"duration_s\": 20,"
		 " \"path\": {\"forward\": {\"rate_bps\": 0, \"delay_ms\": 50,"
		 "                          \"loss\": {\"model\": \"positioned\", \"rules\": [%s]}},"
		 "          \"reverse\": {\"rate_bps\": 0, \"delay_ms\": 50,"
		 "                          \"loss\": {\"model\": \"positioned\", \"rules\": [%s]}}},"
		 " \"flows\": [{\"app\": %s,"
		 "             \"tcp\": {\"mss\": 1000, \"iw\": 10, \"sack\": true, \"timestamps\": false,"
		 "                     \"handshake\": %s, \"cc\": \"reno\", \"timer\": \"rto\","
		 "                     \"early_retransmit\": false},"
		 "             \"receiver\": {\"ack_policy\": \"%s\"%s%s}}]}",
		 fwd_rules, rev_rules, app, handshake ? "true" : "false", policy, receiver ? ", " : "",
		 receiver ? receiver : "");
	return t_scenario_json(json);
}

static struct rx_scenario *scenario(const char *app, bool handshake, const char *fwd_rules, const char *rev_rules,
				    const char *receiver)
{
	return scenario_p("linux", app, handshake, fwd_rules, rev_rules, receiver);
}

static void run(const struct rx_scenario *sc, struct rx_result *res)
{
	struct rx_error err;
	CHECK_EQ_I64(rx_run(sc, res, &err), 0);
	CHECK_EQ_I64(res->invariant_violations, 0);
}

/* `n` sizes of 1000 bytes, comma-separated, appended to buf */
static void ones(char *buf, size_t len, int n)
{
	for (int i = 0; i < n; i++) {
		size_t used = strlen(buf);
		snprintf(buf + used, len - used, "%s1000", i ? ", " : "");
	}
}

/* the receiver sent an ACK of `ack` at exactly at_ms; its index, or -1 */
static long expect_ack(const struct rx_trace *t, double at_ms, uint64_t ack)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->kind[i] == RX_EV_ACK_SENT && t->t_ns[i] == t_ms(at_ms) && t->seq[i] == ack) {
			t_pass++;
			return (long)i;
		}
	t_fail++;
	fprintf(stderr, "no ACK of %llu sent at %.3f ms\n", (unsigned long long)ack, at_ms);
	return -1;
}

/* ACKs the receiver sent in [from, to) ms */
static long acks_in(const struct rx_trace *t, double from_ms, double to_ms)
{
	long c = 0;
	for (size_t i = 0; i < t->n; i++)
		c += t->kind[i] == RX_EV_ACK_SENT && t->t_ns[i] >= t_ms(from_ms) && t->t_ns[i] < t_ms(to_ms);
	return c;
}

/* the delayed-ACK timers armed, in order: when (ms) and for how long (ms) */
static int delack_arms(const struct rx_trace *t, double *at, double *wait, int max)
{
	int n = 0;
	for (size_t i = 0; i < t->n; i++)
		if (t->kind[i] == RX_EV_TIMER_ARMED && (t->detail[i] & 15) == RX_TMR_DELACK) {
			CHECK_EQ_I64(t->detail[i] >> 4, RX_F_ATO);
			if (n < max) {
				at[n] = (double)t->t_ns[i] / 1e6;
				wait[n] = (double)t->arg[i] / 1e3;
			}
			n++;
		}
	return n;
}

/* ---------------------------------------------------------------------------
 * 1. The reference's situation (delack-receiver-read.pkt, RTT 100 ms):
 * 20 isolated segments, then a pair sent back to back, then a pair whose
 * first segment is held 60 ms on the path.  gap_ms 50: the k-th isolated
 * segment arrives at A_k = 150 + 150 (k - 1) ms.
 *
 * Quick-ACK mode (rule 1): min(16, rwnd 64 MiB / 2000) = 16 quick ACKs, so
 * segments 1..16 are ACKed as they arrive, at 150, 300, ..., 2400, and no
 * delayed-ACK timer is armed before segment 17.
 *
 * The ATO (rule 3), its ceiling max(40, min(RTT 100, ato_max 200)) = 100:
 *   seg 17 arrives 2550, timer 40 ms   -> ACK 17000 at 2590; ATO 80
 *   seg 18 arrives 2700, timer 80 ms   -> ACK 18000 at 2780; ATO min(160, 100) = 100
 *   seg 19 arrives 2850, timer 100 ms  -> ACK 19000 at 2950; ATO stays 100
 *   seg 20 arrives 3000, timer 100 ms  -> ACK 20000 at 3100
 * (the kernel: +41, +84, ~+108 ms; whole 4 ms ticks.)
 *
 * The pair (rule 2): object 20 arrived at 3000; its request leaves 3050 and
 * reaches the sender at 3100; segments 21 and 22 leave together and arrive
 * at 3150.  Segment 21 arms a 100 ms timer; segment 22 is the second
 * full-sized segment unacknowledged, so ACK 22000 leaves at 3150 and the
 * timer is cancelled (the engine's application reads at once, as in
 * delack-receiver-read.pkt, where the read triggers the ACK).
 *
 * The reordered pair (rule 2): object 21 arrived at 3150; segments 23 and 24
 * leave at 3250; segment 24 arrives at 3300, above the hole: an immediate
 * duplicate ACK of 22000 with SACK [23000, 24000); segment 23 arrives 60 ms
 * late, at 3360, and fills the hole: an immediate ACK of 24000.
 */
static void start_and_ato(void)
{
	char app[512] = "{\"kind\": \"requests\", \"gap_ms\": 50, \"sizes\": [";
	ones(app, sizeof(app), 20);
	strcat(app, ", 2000, 2000]}");
	struct rx_scenario *sc =
		scenario(app, true, "{\"segment\": 23, \"action\": \"delay\", \"delay_ms\": 60}", "", NULL);
	struct rx_result res;
	run(sc, &res);
	const struct rx_trace *t = &res.trace;

	for (int k = 1; k <= 16; k++)
		expect_ack(t, 150 + 150 * (k - 1), 1000 * (uint64_t)k);
	CHECK_EQ_I64(acks_in(t, 0, 2550), 16);

	double at[8], wait[8];
	int n = delack_arms(t, at, wait, 8);
	CHECK_EQ_I64(n, 5);
	const double want_at[5] = { 2550, 2700, 2850, 3000, 3150 }, want_wait[5] = { 40, 80, 100, 100, 100 };
	for (int i = 0; i < 5 && i < n; i++) {
		CHECK_EQ_I64(t_ms(at[i]), t_ms(want_at[i]));
		CHECK_EQ_I64(t_ms(wait[i]), t_ms(want_wait[i]));
	}
	expect_ack(t, 2590, 17000);
	expect_ack(t, 2780, 18000);
	expect_ack(t, 2950, 19000);
	expect_ack(t, 3100, 20000);
	CHECK_EQ_I64(acks_in(t, 2550, 3150), 4);
	/* the four ACKs above are the timer's: it fired four times, not for the pair */
	CHECK_EQ_I64(t_count(t, RX_EV_TIMER_FIRED), 4);

	expect_ack(t, 3150, 22000);
	CHECK_EQ_I64(acks_in(t, 3150, 3300), 1);

	long d = expect_ack(t, 3300, 22000);
	if (d >= 0) {
		CHECK(t->arg[d] > 0);
		if (t->arg[d] > 0) {
			const uint64_t *w = &t->sack_words[t->arg[d] - 1];
			CHECK_EQ_I64(w[0] & 0xff, 1);
			CHECK_EQ_I64(w[1], 23000);
			CHECK_EQ_I64(w[2], 24000);
		}
	}
	expect_ack(t, 3360, 24000);
	CHECK_EQ_I64(acks_in(t, 3300, 1e9), 2);
	CHECK_EQ_I64(t_count(t, RX_EV_RETRANSMIT), 0);
	rx_result_free(&res);
	free(sc);
}

/* ---------------------------------------------------------------------------
 * 2. Quick-ACK mode is bounded by half the receive window, and every ACK
 * uses one quick ACK (rule 1).  rwnd_bytes 10000: min(16, 10000 / 2000) = 5.
 * The first object is two segments whose first is held 60 ms; then five
 * isolated segments, gap_ms 50.
 *   150  segment 2 arrives above the hole: dupack of 0 (quick ACKs left 4)
 *   210  segment 1 fills the hole: ACK 2000 (3 left)
 *   the object arrived at 210: segment 3 arrives 210 + 150 = 360, then 510, 660, 810, 960
 *   360  ACK 3000 (2 left); 510 ACK 4000 (1 left); 660 ACK 5000 (0 left)
 *   810  segment 6 waits for the timer: ATO 40 -> ACK 6000 at 850
 *   960  segment 7: ATO 80 -> ACK 7000 at 1040
 */
static void rwnd_bound(void)
{
	char app[256] = "{\"kind\": \"requests\", \"gap_ms\": 50, \"sizes\": [2000, ";
	ones(app, sizeof(app), 5);
	strcat(app, "]}");
	struct rx_scenario *sc = scenario(app, true, "{\"segment\": 1, \"action\": \"delay\", \"delay_ms\": 60}", "",
					  "\"rwnd_bytes\": 10000");
	struct rx_result res;
	run(sc, &res);
	const struct rx_trace *t = &res.trace;
	expect_ack(t, 150, 0);
	expect_ack(t, 210, 2000);
	expect_ack(t, 360, 3000);
	expect_ack(t, 510, 4000);
	expect_ack(t, 660, 5000);
	expect_ack(t, 850, 6000);
	expect_ack(t, 1040, 7000);
	CHECK_EQ_I64(acks_in(t, 0, 1e9), 7);
	CHECK_EQ_I64(t_count(t, RX_EV_TIMER_FIRED), 2);
	rx_result_free(&res);
	free(sc);
}

/* ---------------------------------------------------------------------------
 * 3. No handshake, so no RTT estimate (rule 4): the ceiling is ato_max_ms =
 * 200 (default).  The first segment leaves at 0 and arrives at 50; gap_ms
 * 150, so A_k = 50 + 250 (k - 1).  Segments 1..16 are quick.
 *   seg 17 at 4050: 40 ms  -> 4090
 *   seg 18 at 4300: 80 ms  -> 4380
 *   seg 19 at 4550: 160 ms -> 4710
 *   seg 20 at 4800: min(320, 200) = 200 ms -> 5000
 */
static void no_estimate(void)
{
	char app[512] = "{\"kind\": \"requests\", \"gap_ms\": 150, \"sizes\": [";
	ones(app, sizeof(app), 20);
	strcat(app, "]}");
	struct rx_scenario *sc = scenario(app, false, "", "", NULL);
	struct rx_result res;
	run(sc, &res);
	const struct rx_trace *t = &res.trace;
	for (int k = 1; k <= 16; k++)
		expect_ack(t, 50 + 250 * (k - 1), 1000 * (uint64_t)k);
	expect_ack(t, 4090, 17000);
	expect_ack(t, 4380, 18000);
	expect_ack(t, 4710, 19000);
	expect_ack(t, 5000, 20000);
	CHECK_EQ_I64(acks_in(t, 0, 1e9), 20);
	rx_result_free(&res);
	free(sc);
}

/* ---------------------------------------------------------------------------
 * 4. An ambiguous sample is not taken (rule 4, Karn): the first SYN-ACK is
 * lost (reverse rule on segment 0), the SYN is sent again at the initial RTO
 * (1 s) and arrives at 1050, the second SYN-ACK reaches the sender at 1100,
 * and the first segment arrives at 1150.  Two SYN-ACKs were sent, so no
 * estimate: the ceiling is 200 ms, not the 100 ms round trip.  gap_ms 150:
 * A_k = 1150 + 250 (k - 1).
 *   seg 17 at 5150: 40 ms  -> 5190
 *   seg 18 at 5400: 80 ms  -> 5480
 *   seg 19 at 5650: 160 ms -> 5810   (an estimate of 100 ms would give 5750)
 * Also ato_min_ms and ato_max_ms are set here, to check they are read:
 * ato_min 30, ato_max 100 -> 30, 60, 100 on a second run.
 */
static void karn_synack(void)
{
	char app[512] = "{\"kind\": \"requests\", \"gap_ms\": 150, \"sizes\": [";
	ones(app, sizeof(app), 19);
	strcat(app, "]}");
	struct rx_scenario *sc = scenario(app, true, "", "{\"segment\": 0}", NULL);
	struct rx_result res;
	run(sc, &res);
	const struct rx_trace *t = &res.trace;
	CHECK_EQ_I64(t_count(t, RX_EV_SYN), 4); /* two SYNs, two SYN-ACKs */
	expect_ack(t, 1150, 1000);
	expect_ack(t, 5190, 17000);
	expect_ack(t, 5480, 18000);
	expect_ack(t, 5810, 19000);
	rx_result_free(&res);
	free(sc);

	sc = scenario(app, true, "", "{\"segment\": 0}", "\"ato_min_ms\": 30, \"ato_max_ms\": 100");
	run(sc, &res);
	t = &res.trace;
	expect_ack(t, 5180, 17000);
	expect_ack(t, 5460, 18000);
	expect_ack(t, 5750, 19000);
	rx_result_free(&res);
	free(sc);
}

/* ---------------------------------------------------------------------------
 * 5. The immediate-ACK trigger (receiver.c, D0 and D1): a full segment and a
 * runt.  No handshake (so no RTT estimate: the linux ceiling is ato_max_ms,
 * 200), quickacks 0 (no quick-ACK phase), app "fixed" of `bytes`: with MSS
 * 1000 and iw 10 every segment leaves at 0 and arrives at 50.
 *
 * 1500 bytes, a full segment [0, 1000) and a runt [1000, 1500):
 *   linux: segment 1 at 50, 1000 bytes unacknowledged, not more than one
 *     MSS: the timer is armed, ATO 40 ms; the runt at 50 brings 1500 > 1000
 *     bytes and the application has read them (no reader model): ACK 1500
 *     at 50, the timer cancelled, never fired.
 *   delayed (D0, the default): the runt is not a full-sized segment, one
 *     full segment is unacknowledged: the ACK waits for delack_ms, ACK 1500
 *     at 50 + 200 = 250.
 *   delayed, ack_trigger more_than_one_segment (D1): as linux, at 50.
 * 1000 bytes, one full segment, exactly one MSS (D1's "more than" is strict):
 *   linux: the timer, ACK 1000 at 50 + 40 = 90; delayed: at 250.
 * 1500 bytes, the application blocked [0, 1000) ms (a reader model,
 * delack-receiver.pkt's unread pair): after the runt the data is unread, the
 * window the receiver would advertise (the buffer less 1500 bytes, kept at
 * the old right edge by W2/W3) is smaller than the whole buffer it last
 * advertised, so D1 does not fire: the timer sends ACK 1500 at 90.
 */
static void ack_trigger(void)
{
	const char *pair = "{\"kind\": \"fixed\", \"bytes\": 1500}";
	const char *one = "{\"kind\": \"fixed\", \"bytes\": 1000}";
	const struct {
		const char *policy, *app, *receiver;
		double at_ms;
		uint64_t ack;
		long fired;
	} c[] = {
		{ "linux", pair, "\"quickacks\": 0", 50, 1500, 0 },
		{ "delayed", pair, NULL, 250, 1500, 1 },
		{ "delayed", pair, "\"ack_trigger\": \"two_full_segments\"", 250, 1500, 1 },
		{ "delayed", pair, "\"ack_trigger\": \"more_than_one_segment\"", 50, 1500, 0 },
		{ "linux", one, "\"quickacks\": 0", 90, 1000, 1 },
		{ "delayed", one, "\"ack_trigger\": \"more_than_one_segment\"", 250, 1000, 1 },
		{ "linux", pair, "\"quickacks\": 0, \"read_blocked_ms\": [0, 1000]", 90, 1500, 1 },
		{ "delayed", pair, "\"ack_trigger\": \"more_than_one_segment\", \"read_blocked_ms\": [0, 1000]", 250,
		  1500, 1 },
	};
	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct rx_scenario *sc = scenario_p(c[i].policy, c[i].app, false, "", "", c[i].receiver);
		struct rx_result res;
		run(sc, &res);
		const struct rx_trace *t = &res.trace;
		if (expect_ack(t, c[i].at_ms, c[i].ack) < 0)
			fprintf(stderr, "  case %zu (%s, %s)\n", i, c[i].policy, c[i].receiver ? c[i].receiver : "");
		CHECK_EQ_I64(acks_in(t, 0, 1e9), 1);
		CHECK_EQ_I64(t_count(t, RX_EV_TIMER_FIRED), c[i].fired);
		rx_result_free(&res);
		free(sc);
	}
}

/* the scenario `json` is refused with exactly one error, at `path` (NULL:
 * it is accepted) */
static void expect_refused(const char *json, const char *path)
{
	struct rx_scenario *sc = malloc(sizeof(*sc));
	struct rx_arena a = { 0 };
	struct rx_errors es = { 0 };
	struct rx_node *t = t_json(&a, json);
	CHECK_EQ_I64(rx_scenario_from_tree(t, sc, &es), path ? -1 : 0);
	CHECK_EQ_I64(es.n, path ? 1 : 0);
	if (path) {
		CHECK(es.n == 1 && strcmp(es.e[0].path, path) == 0);
		if (es.n == 1)
			fprintf(stderr, "(expected) %s: %s\n", es.e[0].path, es.e[0].msg);
	}
	rx_arena_free(&a);
	free(sc);
}

/* receiver.ack_trigger is checked by name, naming the field */
static void ack_trigger_validation(void)
{
	expect_refused("{\"flows\": [{\"receiver\": {\"ack_policy\": \"delayed\", \"ack_trigger\": \"every_byte\"}}]}",
		       "flows[0].receiver.ack_trigger");
}

/* ato_max_ms below ato_min_ms is refused, naming the field (linux only) */
static void validation(void)
{
	expect_refused(
		"{\"flows\": [{\"receiver\": {\"ack_policy\": \"linux\", \"ato_min_ms\": 50, \"ato_max_ms\": 40}}]}",
		"flows[0].receiver.ato_max_ms");
	expect_refused(
		"{\"flows\": [{\"receiver\": {\"ack_policy\": \"delayed\", \"ato_min_ms\": 50, \"ato_max_ms\": 40}}]}",
		NULL);
}

int main(void)
{
	start_and_ato();
	rwnd_bound();
	no_estimate();
	karn_synack();
	validation();
	ack_trigger();
	ack_trigger_validation();
	return t_report("receiver_linux");
}
