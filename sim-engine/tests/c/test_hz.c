/* test_hz.c — the kernel tick (tcp.hz; src/core/tslot.c, src/core/rtt.c) on
 * hand-derived timelines, exact to the nanosecond, at HZ 250 (a 4 ms tick)
 * and HZ 1000 (1 ms), next to continuous time (hz 0, the default).
 *
 * The rules under test (tslot.c, rtt.c):
 *   rule 1  a timer of length x is held as n = ceil(x / T) ticks;
 *   rule 2  armed at `now` it fires on the boundary (floor(now / T) + n + 1) T,
 *           ticks counted from t = 0;
 *   linux profile: RTO = ceil((SRTT + RTTVAR) / T) ticks, doubled by backoff.
 *
 * Common setup: unlimited rate, quick ACKs, MSS 1448, the 'linux' RTT profile
 * (one sample R: SRTT = R, RTTVAR(x4) = max(2R, 200 ms), RTO = SRTT +
 * RTTVAR(x4)), handshake on: SYN at 0, SYN-ACK back at one RTT, the data
 * leaves at once.  t_ms(a) below is a time in ms, as the derivation beside it
 * gives it. */
#include <stdlib.h>
#include <string.h>
#include "rexsim/config.h"
#include "scenarios.h"
#include "tjson.h"

static int from_json(const char *json, struct rx_scenario *sc, struct rx_errors *es)
{
	struct rx_arena a = { 0 };
	struct rx_node *t = t_json(&a, json);
	es->n = es->more = 0;
	int rc = t ? rx_scenario_from_tree(t, sc, es) : -2;
	rx_arena_free(&a);
	return rc;
}

/* the n-th timer event `ev` of the retransmission slot (delayed ACKs skipped) */
static long slot_event(const struct rx_trace *t, int ev, int nth)
{
	long i;
	for (int k = 0; (i = t_find(t, ev, k)) >= 0; k++)
		if ((t->detail[i] & 15) != RX_TMR_DELACK && nth-- == 0)
			return i;
	return -1;
}

/* the last arming of the slot with a timer of `kind` at time `at`, or -1 */
static long armed_at(const struct rx_trace *t, int64_t at, int kind)
{
	long found = -1;
	for (size_t i = 0; i < t->n; i++)
		if (t->kind[i] == RX_EV_TIMER_ARMED && t->t_ns[i] == at && (t->detail[i] & 15) == kind)
			found = (long)i;
	return found;
}

/* ------------------------------------------------------------------ the RTO and its backoff */
/* One segment, no SACK (no probe), timer 'rto', RTT 100.5 ms (50.25 each
 * way), its first five transmissions dropped: the RTO fires five times, the
 * fifth retransmission arrives.  SYN-ACK at 100.5: R = 100.5, RTTVAR(x4) =
 * max(201, 200) = 201, SRTT + RTTVAR(x4) = 301.5 ms.  The segment leaves at
 * 100.5.
 *
 * hz 0:    RTO 301.5 -> 603 -> 1206 -> 2412 -> 4824 ms; fires at 100.5 +
 *          301.5 = 402, + 603 = 1005, + 1206 = 2211, + 2412 = 4623, + 4824 =
 *          9447.
 * HZ 250:  RTO ceil(301.5 / 4) = 76 ticks = 304 ms, then 152, 304, 608, 1216
 *          ticks = 608, 1216, 2432, 4864 ms: the kernel's tcpi_rto series.
 *          100.5 is in tick 25: fires at (25 + 76 + 1) 4 = 408 (307.5 after
 *          the send); 408 is tick 102: (102 + 152 + 1) 4 = 1020; tick 255:
 *          (255 + 304 + 1) 4 = 2240; tick 560: (560 + 608 + 1) 4 = 4676; tick
 *          1169: (1169 + 1216 + 1) 4 = 9544.
 * HZ 1000: RTO ceil(301.5) = 302 ticks = 302 ms, then 604, 1208, 2416, 4832;
 *          100.5 is in tick 100: fires at 100 + 302 + 1 = 403; then 403 + 604
 *          + 1 = 1008, 1008 + 1208 + 1 = 2217, 2217 + 2416 + 1 = 4634, 4634 +
 *          4832 + 1 = 9467. */
#define ONE_SEG_JSON \
	"{\"duration_s\": 20," \
	" \"path\": {\"forward\": {\"rate_bps\": 0, \"delay_ms\": 50.25, \"loss\": {\"model\": \"positioned\"," \
	"   \"rules\": [{\"segment\": 1, \"transmission\": 1}, {\"segment\": 1, \"transmission\": 2}," \
	"             {\"segment\": 1, \"transmission\": 3}, {\"segment\": 1, \"transmission\": 4}," \
	"             {\"segment\": 1, \"transmission\": 5}]}}," \
	"          \"reverse\": {\"rate_bps\": 0, \"delay_ms\": 50.25}}," \
	" \"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": 1}," \
	"   \"tcp\": {\"timer\": \"rto\", \"sack\": false, \"rtt_profile\": \"%s\", \"min_rto_ms\": %s, \"hz\": %d}," \
	"   \"receiver\": {\"ack_policy\": \"quick\"}}]}"

/* rto[k]: the RTO armed after transmission k (0 = the send), in ms;
 * at[k]: when retransmission k + 1 goes out, in ms */
static void rto_series(const char *profile, const char *min_rto, int hz, const double rto[5], const double at[5])
{
	char json[1024];
	snprintf(json, sizeof(json), ONE_SEG_JSON, profile, min_rto, hz);
	struct rx_result res;
	if (t_run_json(json, &res))
		return;
	const struct rx_trace *t = &res.trace;
	long send = t_find(t, RX_EV_SEND, 0);
	CHECK(send >= 0);
	int64_t prev = send >= 0 ? t->t_ns[send] : 0;
	CHECK_EQ_I64(prev, t_ms(100.5));
	for (int k = 0; k < 5; k++) {
		long a = armed_at(t, prev, RX_TMR_RTO);
		CHECK(a >= 0);
		if (a >= 0) {
			CHECK_EQ_I64((int64_t)t->arg[a], (int64_t)(rto[k] * 1000)); /* the timeout, in us */
			CHECK_EQ_I64((int64_t)t->seq[a], t_ms(at[k])); /* its expiry */
		}
		long rtx = t_find(t, RX_EV_RETRANSMIT, k);
		CHECK(rtx >= 0);
		if (rtx < 0)
			break;
		CHECK_EQ_I64(t->t_ns[rtx], t_ms(at[k]));
		prev = t->t_ns[rtx];
	}
	CHECK_EQ_I64(t_count(t, RX_EV_RETRANSMIT), 5);
	CHECK_EQ_I64(res.flows[0].rto_count, 5);
	CHECK(res.flows[0].completed);
	CHECK_EQ_I64(res.invariant_violations, 0);
	rx_result_free(&res);
}

static void rto_and_backoff(void)
{
	static const double rto0[5] = { 301.5, 603, 1206, 2412, 4824 }, at0[5] = { 402, 1005, 2211, 4623, 9447 };
	static const double rto250[5] = { 304, 608, 1216, 2432, 4864 }, at250[5] = { 408, 1020, 2240, 4676, 9544 };
	static const double rto1000[5] = { 302, 604, 1208, 2416, 4832 }, at1000[5] = { 403, 1008, 2217, 4634, 9467 };
	rto_series("linux", "-1", 0, rto0, at0);
	rto_series("linux", "-1", 250, rto250, at250);
	rto_series("linux", "-1", 1000, rto1000, at1000);
}

/* HZ 100 (a 10 ms tick), the same connection: RTO ceil(301.5 / 10) = 31 ticks
 * = 310 ms, then 620, 1240, 2480, 4960; tick 10 at 100.5: fires at (10 + 31 +
 * 1) 10 = 420; tick 42: (42 + 62 + 1) 10 = 1050; tick 105: (105 + 124 + 1) 10
 * = 2300; tick 230: (230 + 248 + 1) 10 = 4790; tick 479: (479 + 496 + 1) 10 =
 * 9760. */
static void rto_at_hz_100(void)
{
	static const double rto[5] = { 310, 620, 1240, 2480, 4960 }, at[5] = { 420, 1050, 2300, 4790, 9760 };
	rto_series("linux", "-1", 100, rto, at);
}

/* The rfc6298 profile keeps RFC 6298's RTO, unrounded; the tick only says
 * when its timer fires.  min_rto_ms 200 so that the 1 s floor does not hide
 * it: SYN-ACK at 100.5: SRTT = 100.5, RTTVAR = 50.25, RTO = SRTT + max(G, 4
 * RTTVAR) = 301.5 ms, doubled on expiry (RFC 6298 (5.5)): 603, 1206, 2412,
 * 4824 ms, whatever the tick.
 * HZ 250: 301.5 ms is 76 ticks (rule 1): from tick 25, fires at (25 + 76 + 1)
 *          4 = 408; 603 ms is ceil(150.75) = 151 ticks: from tick 102, (102 +
 *          151 + 1) 4 = 1016 (the linux profile doubles 76 ticks to 152 and
 *          fires at 1020); 1206 ms = ceil(301.5) = 302 ticks, from tick 254:
 *          (254 + 302 + 1) 4 = 2228; 2412 ms = 603 ticks from tick 557: (557 +
 *          603 + 1) 4 = 4644; 4824 ms = 1206 ticks from tick 1161: (1161 + 1206
 *          + 1) 4 = 9472.
 * hz 0:    as the linux profile at hz 0 (402, 1005, 2211, 4623, 9447). */
static void rfc6298_keeps_its_rto(void)
{
	static const double rto[5] = { 301.5, 603, 1206, 2412, 4824 };
	static const double at250[5] = { 408, 1016, 2228, 4644, 9472 }, at0[5] = { 402, 1005, 2211, 4623, 9447 };
	rto_series("rfc6298", "200", 250, rto, at250);
	rto_series("rfc6298", "200", 0, rto, at0);
}

/* ------------------------------------------------------------------ the probe, two segments in flight */
/* Ten segments, RTT r (r/2 each way), the last eight lost ('tail'), timer
 * 'tlp_rfc8985': SYN-ACK at r, R = r, RTTVAR(x4) = max(2r, 200) = 200 for r <=
 * 100, RTO = r + 200 ms (in whole ticks: ceil((r + 200) / T)).  Segments 1..10
 * leave at r; 1 and 2 arrive at 1.5 r and their ACKs are back at 2 r, each a
 * sample of r (SRTT stays r).  Eight segments stay outstanding: PTO = 2 SRTT +
 * 2 ms = 2r + 2, below the cap 2r + RTO.  The probe retransmits segment 10.
 *
 *   r    ACK  hz 0 (2r + 2)  HZ 250                                   HZ 1000 (+ 2r + 2 + 1)
 *   100  200  402 (+202)     tick 50, ceil(202 / 4) = 51: (50 + 52) 4 = 408 (+208)  403 (+203)
 *   50   100  202 (+102)     tick 25, ceil(102 / 4) = 26: (25 + 27) 4 = 208 (+108)  203 (+103)
 *   20    40   82 (+42)      tick 10, ceil(42 / 4) = 11:  (10 + 12) 4 = 88 (+48)    83 (+43)
 *   10    20   42 (+22)      tick 5,  ceil(22 / 4) = 6:   (5 + 7) 4 = 48 (+28)      43 (+23)
 *
 * At HZ 250 that is 2 SRTT + 2 jiffies, what Linux 6.18 showed: +207-208,
 * +107, +47, +27-28 ms (its ACK came up to 1 ms into a tick). */
#define TAIL8_JSON \
	"{\"duration_s\": 10," \
	" \"path\": {\"forward\": {\"rate_bps\": 0, \"delay_ms\": %g, \"loss\": {\"model\": \"tail\", \"count\": 8}}," \
	"          \"reverse\": {\"rate_bps\": 0, \"delay_ms\": %g}}," \
	" \"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": 10}," \
	"   \"tcp\": {\"timer\": \"tlp_rfc8985\", \"rtt_profile\": \"linux\", \"hz\": %d}," \
	"   \"receiver\": {\"ack_policy\": \"quick\"}}]}"

static void pto_two_segments(double rtt, int hz, double probe_at)
{
	char json[1024];
	snprintf(json, sizeof(json), TAIL8_JSON, rtt / 2, rtt / 2, hz);
	struct rx_result res;
	if (t_run_json(json, &res))
		return;
	const struct rx_trace *t = &res.trace;
	long ack = t_find(t, RX_EV_ACK_RECV, 1); /* 0 is the SYN-ACK */
	CHECK(ack >= 0 && t->t_ns[ack] == t_ms(2 * rtt));
	long fire = slot_event(t, RX_EV_TIMER_FIRED, 0);
	CHECK(fire >= 0);
	if (fire >= 0) {
		CHECK_EQ_I64(t->t_ns[fire], t_ms(probe_at));
		CHECK_EQ_I64(t->detail[fire] & 15, RX_TMR_PROBE);
		CHECK_EQ_I64(t->detail[fire] >> 4, RX_F_PTO_RFC8985);
		CHECK_EQ_I64((int64_t)t->arg[fire], (int64_t)((2 * rtt + 2) * 1000)); /* the formula's 2r + 2 ms */
	}
	long probe = t_find(t, RX_EV_PROBE, 0);
	CHECK(probe >= 0);
	if (probe >= 0) {
		CHECK_EQ_I64(t->t_ns[probe], t_ms(probe_at));
		CHECK_EQ_I64(t->seq[probe], 9 * 1448);
	}
	CHECK_EQ_I64(res.invariant_violations, 0);
	rx_result_free(&res);
}

static void pto_two_or_more(void)
{
	static const struct {
		double rtt, at0, at250, at1000;
	} rows[] = {
		{ 100, 402, 408, 403 },
		{ 50, 202, 208, 203 },
		{ 20, 82, 88, 83 },
		{ 10, 42, 48, 43 },
	};
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		pto_two_segments(rows[i].rtt, 0, rows[i].at0);
		pto_two_segments(rows[i].rtt, 250, rows[i].at250);
		pto_two_segments(rows[i].rtt, 1000, rows[i].at1000);
	}
}

/* ------------------------------------------------------------------ the probe, one segment in flight */
/* The same with only segment 10 lost: the ACK of 9 at 2r leaves one segment,
 * PTO = 2 SRTT + WCDelAckT = 2r + 200, later than the RTO it stands in for
 * (now + RTO after an ACK of new data): capped at 2r + RTO (formula
 * pto_capped).  After the probe the RTO restarts one full RTO from it; the
 * probe arrives r/2 later (FCT) and its ACK cancels that RTO.
 *
 * r = 100, RTO 300 ms (HZ 250: 75 ticks; HZ 1000: 300):
 *   hz 0:    probe at 200 + 300 = 500, RTO armed for 800, FCT 550;
 *   HZ 250:  tick 50: (50 + 75 + 1) 4 = 504 (+304: Linux measured +319 with its
 *            timer wheel's lateness); the RTO from tick 126: (126 + 75 + 1) 4 =
 *            808; FCT 554;
 *   HZ 1000: 200 + 300 + 1 = 501; 501 + 300 + 1 = 802; FCT 551.
 * r = 50, RTO 250 ms (HZ 250: ceil(62.5) = 63 ticks = 252 ms; HZ 1000: 250):
 *   hz 0:    probe at 100 + 250 = 350, RTO for 600, FCT 375;
 *   HZ 250:  cap 100 + 252 = 352, 63 ticks from tick 25: (25 + 63 + 1) 4 = 356
 *            (+256: Linux measured +255 to +279); the RTO from tick 89: (89 +
 *            63 + 1) 4 = 612; FCT 381;
 *   HZ 1000: 100 + 250 + 1 = 351; 351 + 250 + 1 = 602; FCT 376. */
#define TAIL1_JSON \
	"{\"duration_s\": 10," \
	" \"path\": {\"forward\": {\"rate_bps\": 0, \"delay_ms\": %g, \"loss\": {\"model\": \"tail\", \"count\": 1}}," \
	"          \"reverse\": {\"rate_bps\": 0, \"delay_ms\": %g}}," \
	" \"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": 10}," \
	"   \"tcp\": {\"timer\": \"tlp_rfc8985\", \"rtt_profile\": \"linux\", \"hz\": %d}," \
	"   \"receiver\": {\"ack_policy\": \"quick\"}}]}"

static void pto_one_segment(double rtt, int hz, double probe_at, double rto_at, double fct)
{
	char json[1024];
	snprintf(json, sizeof(json), TAIL1_JSON, rtt / 2, rtt / 2, hz);
	struct rx_result res;
	if (t_run_json(json, &res))
		return;
	const struct rx_trace *t = &res.trace;
	long fire = slot_event(t, RX_EV_TIMER_FIRED, 0);
	CHECK(fire >= 0);
	if (fire >= 0) {
		CHECK_EQ_I64(t->t_ns[fire], t_ms(probe_at));
		CHECK_EQ_I64(t->detail[fire] & 15, RX_TMR_PROBE);
		CHECK_EQ_I64(t->detail[fire] >> 4, RX_F_PTO_CAPPED);
	}
	long probe = t_find(t, RX_EV_PROBE, 0);
	CHECK(probe >= 0 && t->t_ns[probe] == t_ms(probe_at) && t->seq[probe] == 9 * 1448);
	long armed = armed_at(t, t_ms(probe_at), RX_TMR_RTO);
	CHECK(armed >= 0);
	if (armed >= 0)
		CHECK_EQ_I64((int64_t)t->seq[armed], t_ms(rto_at));
	CHECK_EQ_I64(slot_event(t, RX_EV_TIMER_FIRED, 1), -1); /* that RTO never fires */
	CHECK_EQ_I64(res.flows[0].rto_count, 0);
	CHECK(res.flows[0].completed);
	CHECK_EQ_I64(t_ms(res.flows[0].fct_ms), t_ms(fct));
	CHECK_EQ_I64(res.invariant_violations, 0);
	rx_result_free(&res);
}

static void pto_one_capped_at_the_rto(void)
{
	pto_one_segment(100, 0, 500, 800, 550);
	pto_one_segment(100, 250, 504, 808, 554);
	pto_one_segment(100, 1000, 501, 802, 551);
	pto_one_segment(50, 0, 350, 600, 375);
	pto_one_segment(50, 250, 356, 612, 381);
	pto_one_segment(50, 1000, 351, 602, 376);
}

/* ------------------------------------------------------------------ the parameter */
static void only_kernel_ticks(void)
{
	static const struct {
		int hz;
		bool ok;
	} rows[] = { { 0, true }, { 100, true }, { 250, true }, { 1000, true }, { 300, false }, { 1, false } };
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		char json[256];
		snprintf(json, sizeof(json), "{\"flows\": [{\"tcp\": {\"hz\": %d}}]}", rows[i].hz);
		struct rx_scenario *sc = malloc(sizeof(*sc));
		struct rx_errors es;
		int rc = from_json(json, sc, &es);
		if (rows[i].ok) {
			CHECK_EQ_I64(rc, 0);
			CHECK_EQ_I64(sc->flows[0].hz, rows[i].hz);
		} else {
			CHECK(rc != 0 && es.n == 1 && strcmp(es.e[0].path, "flows[0].tcp.hz") == 0);
		}
		free(sc);
	}
	struct rx_scenario *sc = malloc(sizeof(*sc));
	rx_scenario_init(sc);
	CHECK_EQ_I64(sc->flows[0].hz, 0); /* continuous time by default */
	free(sc);
}

int main(void)
{
	rto_and_backoff();
	rto_at_hz_100();
	rfc6298_keeps_its_rto();
	pto_two_or_more();
	pto_one_capped_at_the_rto();
	only_kernel_ticks();
	return t_report("hz");
}
