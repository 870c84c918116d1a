/* test_rec_qarr.c — hand-driven test of src/recovery/rec_qarr.c, QARR (the
 * opportunistic-retransmission paper §II.D, eqs. 1-2).
 *
 * The test plays the core on a bare struct rx_sender, as test_rec_prr.c
 * does: scoreboard counters give rx_snd_pipe() = out - sacked - lost + rtx;
 * the ACK that triggers recovery goes to enter(RX_RED_RECOVERY), then the
 * fast retransmission is sent regardless of the quota, then push; later ACKs
 * go to on_ack(), then push (send_quota() re-read before every whole
 * segment; lost segments first, then new data).
 *
 * MSS = 1000 bytes, cwnd 20 segments when the loss is detected, ssthresh 10
 * segments (congestion control's, which QARR ignores), baseRTT = 100 ms.
 */
#include <stdlib.h>
#include <string.h>
#include "scenarios.h"
#include "core/sim.h"
#include "rexsim/registry.h"

extern const struct rx_recovery_ops rx_rec_qarr;
#define OPS rx_rec_qarr

#define MSS 1000u
#define SEG(n) ((uint64_t)(n) * MSS)

static struct rx_sim sim;
static struct rx_sender snd;
static struct rx_flow_cfg fcfg;
static uint64_t lost_unsent;

static void set_param(const char *key, int64_t v)
{
	for (size_t i = 0; i < OPS.n_params; i++)
		if (strcmp(OPS.params[i].key, key) == 0) {
			memcpy(fcfg.mech_cfg[RX_FAM_RECOVERY] + OPS.params[i].offset, &v, sizeof v);
			return;
		}
	CHECK(!"unknown parameter");
}

static void setup(void)
{
	memset(&sim, 0, sizeof(sim));
	memset(&snd, 0, sizeof(snd));
	memset(&fcfg, 0, sizeof(fcfg));
	for (size_t i = 0; i < OPS.n_params; i++) { /* the declared defaults, as the core fills them */
		int64_t v = (int64_t)OPS.params[i].def;
		memcpy(fcfg.mech_cfg[RX_FAM_RECOVERY] + OPS.params[i].offset, &v, sizeof v);
	}
	fcfg.sack = true;
	snd.sim = &sim;
	snd.cfg = &fcfg;
	snd.mss = MSS;
	snd.cc.mss_bytes = MSS;
	snd.cc.cwnd_bytes = SEG(20);
	snd.cc.ssthresh_bytes = SEG(10);
	snd.cc.min_rtt_ns = t_ms(100);
	lost_unsent = 0;
}

static int push(void)
{
	int n = 0;
	for (int guard = 0; guard < 64; guard++) {
		if (OPS.send_quota(&snd) < MSS)
			break;
		if (lost_unsent) {
			lost_unsent--;
			snd.rtx_bytes += MSS;
		} else {
			snd.out_bytes += MSS;
			snd.snd_nxt += MSS;
		}
		n++;
	}
	return n;
}

/* an ACK at now_ms that SACKs one more segment with RTT sample rtt_ms (< 0:
 * none), then push */
static int sack_at(double now_ms, double rtt_ms)
{
	struct rx_ack_info ai;
	memset(&ai, 0, sizeof(ai));
	ai.now_ns = t_ms(now_ms);
	ai.newly_sacked_bytes = MSS;
	ai.newly_delivered_bytes = MSS;
	ai.flags = RX_ACKF_SACKED | RX_ACKF_DUP;
	ai.rtt_ns = rtt_ms < 0 ? -1 : t_ms(rtt_ms);
	snd.sacked_bytes += MSS;
	snd.sacked_segs++;
	OPS.on_ack(&snd, &ai);
	return push();
}

/* the same at time 0 (the per-ACK readings do not look at the time) */
static int sack_one(double rtt_ms)
{
	return sack_at(0, rtt_ms);
}

/* an enum parameter by its choice's name, as the scenario gives it */
static void set_choice(const char *key, const char *name)
{
	for (size_t i = 0; i < OPS.n_params; i++)
		if (strcmp(OPS.params[i].key, key) == 0) {
			int64_t idx = rx_param_choice_index(&OPS.params[i], name);
			CHECK(idx >= 0);
			set_param(key, idx);
			return;
		}
	CHECK(!"unknown parameter");
}

/* 20 segments out, segment 0 lost, segments 1..3 SACKed: the third SACK
 * triggers recovery.  pipe = 20 - 3 - 1 + 0 = 16. */
static void start(void)
{
	snd.snd_una = 0;
	snd.snd_nxt = SEG(20);
	snd.out_bytes = SEG(20);
	snd.sacked_bytes = SEG(3);
	snd.sacked_segs = 3;
	snd.lost_bytes = SEG(1);
	lost_unsent = 1;
	CHECK_EQ_I64(rx_snd_pipe(&snd), SEG(16));
}

static void params(void)
{
	CHECK_EQ_I64(OPS.n_params, 4);
	CHECK(strcmp(OPS.params[0].key, "qt_segs") == 0);
	CHECK_EQ_I64((int64_t)OPS.params[0].def, 5); /* §VI: QT = 5 by default */
	/* the registry validates the member (its ops, params and vars) */
	CHECK(rx_member_index(RX_FAM_RECOVERY, "qarr") >= 0);
	/* issue #11's switch: a bool, off by default; the core asks the member
	 * through skips_cc_loss_response() (castate.c) */
	CHECK(strcmp(OPS.params[1].key, "skip_cc_loss_response") == 0);
	CHECK_EQ_I64(OPS.params[1].type, RX_PT_BOOL);
	CHECK_EQ_I64((int64_t)OPS.params[1].def, 1); /* β = 1, interpretation 12 */
	CHECK(OPS.skips_cc_loss_response != NULL);
	setup();
	CHECK(OPS.skips_cc_loss_response(&snd));
	set_param("skip_cc_loss_response", 0);
	CHECK(!OPS.skips_cc_loss_response(&snd));
	/* issue #11's readings of eq. (2): enums, the printed form once per
	 * round trip by default (interpretations 1-2, 10-12) */
	CHECK(strcmp(OPS.params[2].key, "eq2_form") == 0);
	CHECK_EQ_I64(OPS.params[2].type, RX_PT_ENUM);
	CHECK(strcmp(OPS.params[2].choice((int)OPS.params[2].def), "printed") == 0);
	CHECK(strcmp(OPS.params[2].choice(1), "symmetric") == 0);
	CHECK(OPS.params[2].choice(2) == NULL);
	CHECK(strcmp(OPS.params[3].key, "eq2_step") == 0);
	CHECK_EQ_I64(OPS.params[3].type, RX_PT_ENUM);
	CHECK(strcmp(OPS.params[3].choice((int)OPS.params[3].def), "per_rtt") == 0);
	CHECK(strcmp(OPS.params[3].choice(0), "per_ack") == 0);
	CHECK(strcmp(OPS.params[3].choice(2), "scaled") == 0);
	CHECK(OPS.params[3].choice(3) == NULL);
}

/* ------------------------------------------------------------------------
 * Per-ACK sequence (eq2_step "per_ack", the default before interpretation
 * 12), QT = 5 segments = 5000 bytes, baseRTT 100 ms:
 *
 *  trigger: W0 = cwnd = 20000 (β = 1, no reduction).  Fast retransmission:
 *    rtx 1000 -> pipe 17000; quota 20000 - 17000 = 3000: 3 new segments,
 *    pipe 20000.  Sent 1 + 3 = 4.
 *  ACK 4 (rtt 100): pipe 19000; Q = 19000 x 0 / 100 = 0; W 20000;
 *    quota 1000: 1 new, pipe 20000.
 *  ACK 5 (rtt 150): pipe 19000; Q = 19000 x 50 / 150 = 6333 (6333.3 floored);
 *    Q - QT = 1333; W = 20000 - 1333 = 18667; quota 0.  pipe 19000.
 *  ACK 6 (rtt 120): pipe 18000; Q = 18000 x 20 / 120 = 3000 <= QT; W 18667;
 *    quota 667 < MSS: nothing.  pipe 18000.
 *  ACK 7 (no sample): pipe 17000; W 18667; quota 1667: 1 new, pipe 18000.
 *  ACK 8 (rtt 200): pipe 17000; Q = 17000 x 100 / 200 = 8500; cut 3500;
 *    W = 15167; quota 0.  pipe 17000.
 *  ACK 9 (rtt 100): pipe 16000; Q = 0; W 15167; quota 0.
 *  exit: cwnd = W = 15167 (no ssthresh: not 10000).
 * --------------------------------------------------------------------- */
static void per_ack(void)
{
	setup();
	set_choice("eq2_step", "per_ack");
	start();
	OPS.enter(&snd, RX_RED_RECOVERY, 0);
	CHECK_EQ_I64(snd.cc.cwnd_bytes, SEG(20));
	lost_unsent--;
	snd.rtx_bytes += MSS; /* fast retransmission */
	CHECK_EQ_I64(OPS.send_quota(&snd), SEG(3));
	CHECK_EQ_I64(push(), 3);
	CHECK_EQ_I64(rx_snd_pipe(&snd), SEG(20));

	CHECK_EQ_I64(sack_one(100), 1); /* ACK 4 */
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 20000);
	CHECK_EQ_I64(rx_rec_vars(&snd)[0], 0);

	CHECK_EQ_I64(sack_one(150), 0); /* ACK 5 */
	CHECK_EQ_I64(rx_rec_vars(&snd)[0], 6333);
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 18667);
	CHECK_EQ_I64(OPS.send_quota(&snd), 0);

	CHECK_EQ_I64(sack_one(120), 0); /* ACK 6 */
	CHECK_EQ_I64(rx_rec_vars(&snd)[0], 3000);
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 18667);
	CHECK_EQ_I64(OPS.send_quota(&snd), 667);

	CHECK_EQ_I64(sack_one(-1), 1); /* ACK 7 */
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 18667);
	CHECK_EQ_I64(rx_snd_pipe(&snd), SEG(18));

	CHECK_EQ_I64(sack_one(200), 0); /* ACK 8 */
	CHECK_EQ_I64(rx_rec_vars(&snd)[0], 8500);
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 15167);

	CHECK_EQ_I64(sack_one(100), 0); /* ACK 9 */
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 15167);
	CHECK_EQ_I64(OPS.send_quota(&snd), 0);

	OPS.exit(&snd, RX_RED_RECOVERY, 0);
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 15167);
	CHECK_EQ_I64(snd.cc.ssthresh_bytes, SEG(10)); /* never touched */
}

/* ------------------------------------------------------------------------
 * The parameter and the floor.  qt_segs = 0: ACK 4 (rtt 150): pipe 19000,
 * Q = 6333, cut 6333: W = 20000 - 6333 = 13667.  Then ACK 5 with rtt 10 s:
 * pipe 18000, Q = 18000 x 9900 / 10000 = 17820, cut 17820 > W - MSS: W
 * floors at one segment, 1000.
 * --------------------------------------------------------------------- */
static void qt_param_and_floor(void)
{
	setup();
	set_choice("eq2_step", "per_ack");
	set_param("qt_segs", 0);
	start();
	OPS.enter(&snd, RX_RED_RECOVERY, 0);
	lost_unsent--;
	snd.rtx_bytes += MSS;
	CHECK_EQ_I64(push(), 3);
	CHECK_EQ_I64(sack_one(150), 0);
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 13667);
	CHECK_EQ_I64(sack_one(10000), 0);
	CHECK_EQ_I64(rx_rec_vars(&snd)[0], 17820);
	CHECK_EQ_I64(snd.cc.cwnd_bytes, SEG(1));
}

/* enter at now_ms, the fast retransmission and 3 new segments: pipe 20000 */
static void enter_and_fill(double now_ms)
{
	start();
	OPS.enter(&snd, RX_RED_RECOVERY, t_ms(now_ms));
	lost_unsent--;
	snd.rtx_bytes += MSS;
	CHECK_EQ_I64(push(), 3);
	CHECK_EQ_I64(rx_snd_pipe(&snd), SEG(20));
}

/* ------------------------------------------------------------------------
 * eq2_form "symmetric", per ACK (interpretation 10): Wi = Wi-1 - (Qi - QT),
 * so W rises by QT - Qi when the estimate is under QT.  QT = 5000 bytes.
 *
 *  trigger: W0 = 20000, pipe 20000 after the rtx and 3 new segments.
 *  ACK 4 (rtt 100): pipe 19000; Q = 0; W = 20000 - (0 - 5000) = 25000;
 *    quota 25000 - 19000 = 6000: 6 new, pipe 25000.
 *  ACK 5 (rtt 150): pipe 24000; Q = 24000 x 50 / 150 = 8000; W = 25000 -
 *    3000 = 22000; quota 0.
 *  ACK 6 (rtt 120): pipe 23000; Q = 23000 x 20 / 120 = 3833 (3833.3
 *    floored); W = 22000 + 1167 = 23167; quota 167 < MSS: nothing.
 *  ACK 7 (no sample): pipe 22000; W 23167; quota 1167: 1 new, pipe 23000.
 *  ACK 8 (rtt 200): pipe 22000; Q = 11000; W = 23167 - 6000 = 17167.
 *  exit: cwnd = 17167, where the printed form never passes W0 = 20000.
 * --------------------------------------------------------------------- */
static void symmetric_per_ack(void)
{
	setup();
	set_choice("eq2_step", "per_ack");
	set_choice("eq2_form", "symmetric");
	enter_and_fill(0);
	CHECK_EQ_I64(sack_one(100), 6); /* ACK 4 */
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 25000);
	CHECK_EQ_I64(rx_snd_pipe(&snd), 25000);
	CHECK_EQ_I64(sack_one(150), 0); /* ACK 5 */
	CHECK_EQ_I64(rx_rec_vars(&snd)[0], 8000);
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 22000);
	CHECK_EQ_I64(sack_one(120), 0); /* ACK 6 */
	CHECK_EQ_I64(rx_rec_vars(&snd)[0], 3833);
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 23167);
	CHECK_EQ_I64(OPS.send_quota(&snd), 167);
	CHECK_EQ_I64(sack_one(-1), 1); /* ACK 7 */
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 23167);
	CHECK_EQ_I64(sack_one(200), 0); /* ACK 8 */
	CHECK_EQ_I64(rx_rec_vars(&snd)[0], 11000);
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 17167);
	OPS.exit(&snd, RX_RED_RECOVERY, 0);
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 17167);
}

/* ------------------------------------------------------------------------
 * eq2_step "per_rtt" (interpretation 11), the printed form: a step on the
 * reduction's first ACK with a sample, then only on an ACK whose sampled
 * segment left at or after the previous step (now - RTTi >= its time).
 * Recovery entered at t = 1000 ms.
 *
 *  ACK 4 at 1010, rtt 150: pipe 19000; Q = 6333; the first sample: step,
 *    W = 20000 - 1333 = 18667, step time 1010; quota 0.
 *  ACK 5 at 1020, rtt 200: pipe 18000; Q = 18000 x 100 / 200 = 9000 (the
 *    estimate is still reported); its segment left at 820 < 1010: no step
 *    (per ACK it would cut 4000, to 14667); W 18667, quota 667: nothing.
 *  ACK 6 at 1160, rtt 150: left at 1010 >= 1010: step.  pipe 17000; Q =
 *    17000 x 50 / 150 = 5666; W = 18667 - 666 = 18001, step time 1160;
 *    quota 1001: 1 new, pipe 18000.
 *  ACK 7 at 1200, rtt 100: left at 1100 < 1160: no step (Q = 0 either way
 *    for the printed form); pipe 17000, quota 1001: 1 new.
 *  ACK 8 at 1300, rtt 140: left at 1160: step.  pipe 17000; Q = 17000 x 40
 *    / 140 = 4857 <= QT: W 18001 (the printed form does not rise); quota
 *    1001: 1 new, pipe 18000.
 * --------------------------------------------------------------------- */
static void printed_per_rtt(void)
{
	setup();
	set_choice("eq2_step", "per_rtt");
	enter_and_fill(1000);
	CHECK_EQ_I64(sack_at(1010, 150), 0); /* ACK 4 */
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 18667);
	CHECK_EQ_I64(sack_at(1020, 200), 0); /* ACK 5 */
	CHECK_EQ_I64(rx_rec_vars(&snd)[0], 9000);
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 18667);
	CHECK_EQ_I64(sack_at(1160, 150), 1); /* ACK 6 */
	CHECK_EQ_I64(rx_rec_vars(&snd)[0], 5666);
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 18001);
	CHECK_EQ_I64(sack_at(1200, 100), 1); /* ACK 7 */
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 18001);
	CHECK_EQ_I64(sack_at(1300, 140), 1); /* ACK 8 */
	CHECK_EQ_I64(rx_rec_vars(&snd)[0], 4857);
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 18001);
	/* A new reduction starts with no step taken: its first sample steps
	 * even though its segment (sent at 1501 - 300 = 1201) left before the
	 * last step (1300) of the previous one.  W0 = cwnd = 18001; pipe 17000
	 * after the SACK; Q = 17000 x 200 / 300 = 11333; W = 18001 - 6333. */
	OPS.exit(&snd, RX_RED_RECOVERY, t_ms(1400));
	OPS.enter(&snd, RX_RED_RECOVERY, t_ms(1500));
	CHECK_EQ_I64(sack_at(1501, 300), 0);
	CHECK_EQ_I64(rx_rec_vars(&snd)[0], 11333);
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 11668);
}

/* ------------------------------------------------------------------------
 * eq2_step "scaled" (interpretation 11) with the symmetric form: each ACK
 * applies (Qi - QT) x newly delivered / Wi-1, truncated toward zero.
 * Each ACK delivers 1000 bytes.
 *
 *  ACK 4 (rtt 150): pipe 19000; Q = 6333; 1333 x 1000 / 20000 = 66 (66.65);
 *    W = 19934; quota 934: nothing.
 *  ACK 5 (rtt 100): pipe 18000; Q = 0; -5000 x 1000 / 19934 = -250
 *    (-250.8 toward zero); W = 20184; quota 2184: 2 new, pipe 20000.
 *  ACK 6 (rtt 120): pipe 19000; Q = 19000 x 20 / 120 = 3166; -1834 x 1000 /
 *    20184 = -90 (-90.9); W = 20274; quota 1274: 1 new, pipe 20000.
 *  ACK 7 (no sample): W 20274; pipe 19000, quota 1274: 1 new.
 * --------------------------------------------------------------------- */
static void symmetric_scaled(void)
{
	setup();
	set_choice("eq2_form", "symmetric");
	set_choice("eq2_step", "scaled");
	enter_and_fill(0);
	CHECK_EQ_I64(sack_one(150), 0); /* ACK 4 */
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 19934);
	CHECK_EQ_I64(sack_one(100), 2); /* ACK 5 */
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 20184);
	CHECK_EQ_I64(sack_one(120), 1); /* ACK 6 */
	CHECK_EQ_I64(rx_rec_vars(&snd)[0], 3166);
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 20274);
	CHECK_EQ_I64(sack_one(-1), 1); /* ACK 7 */
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 20274);
}

/* ------------------------------------------------------------------------
 * A single loss through the whole engine: QARR keeps the window (β = 1), so
 * unlike PRR the flow leaves recovery with cwnd at least what it had.  One
 * flow of 200 segments, 20 Mb/s, 50 ms, segment 30 dropped once; with no
 * queue building (a 20-segment window is well under the 83-segment BDP) the
 * RTT samples stay at baseRTT, Q = 0, and W stays the entry window.
 * --------------------------------------------------------------------- */
static void engine_single_loss(void)
{
	static const char *json = "{\"duration_s\": 30, \"seed\": 1,"
				  " \"path\": {\"forward\": {\"rate_bps\": 20000000, \"delay_ms\": 25,"
				  "  \"loss\": {\"model\": \"positioned\", \"rules\": [{\"segment\": 30}]}},"
				  "  \"reverse\": {\"rate_bps\": 0, \"delay_ms\": 25}},"
				  " \"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": 200},"
				  "  \"tcp\": {\"recovery\": \"qarr\", \"iw\": 10, \"sack\": true}}]}";
	struct rx_errors es;
	struct rx_scenario *sc = t_from_json(json, &es, true);
	CHECK(sc != NULL);
	if (!sc)
		return;
	struct rx_result res;
	struct rx_error err;
	CHECK_EQ_I64(rx_run(sc, &res, &err), 0);
	CHECK(res.flows[0].completed);
	CHECK_EQ_I64(res.flows[0].recovery_episodes, 1);
	CHECK_EQ_I64(res.flows[0].rto_count, 0);
	CHECK_EQ_I64(res.invariant_violations, 0);
	rx_result_free(&res);
	free(sc);
}

int main(void)
{
	params();
	per_ack();
	qt_param_and_floor();
	symmetric_per_ack();
	printed_per_rtt();
	symmetric_scaled();
	engine_single_loss();
	return t_report("rec_qarr");
}
