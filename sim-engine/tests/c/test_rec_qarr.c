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

/* an ACK that SACKs one more segment with RTT sample rtt_ms (< 0: none), then push */
static int sack_one(double rtt_ms)
{
	struct rx_ack_info ai;
	memset(&ai, 0, sizeof(ai));
	ai.newly_sacked_bytes = MSS;
	ai.newly_delivered_bytes = MSS;
	ai.flags = RX_ACKF_SACKED | RX_ACKF_DUP;
	ai.rtt_ns = rtt_ms < 0 ? -1 : t_ms(rtt_ms);
	snd.sacked_bytes += MSS;
	snd.sacked_segs++;
	OPS.on_ack(&snd, &ai);
	return push();
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
	CHECK_EQ_I64(OPS.n_params, 2);
	CHECK(strcmp(OPS.params[0].key, "qt_segs") == 0);
	CHECK_EQ_I64((int64_t)OPS.params[0].def, 5); /* §VI: QT = 5 by default */
	/* the registry validates the member (its ops, params and vars) */
	CHECK(rx_member_index(RX_FAM_RECOVERY, "qarr") >= 0);
	/* issue #11's switch: a bool, off by default; the core asks the member
	 * through skips_cc_loss_response() (castate.c) */
	CHECK(strcmp(OPS.params[1].key, "skip_cc_loss_response") == 0);
	CHECK_EQ_I64(OPS.params[1].type, RX_PT_BOOL);
	CHECK_EQ_I64((int64_t)OPS.params[1].def, 0);
	CHECK(OPS.skips_cc_loss_response != NULL);
	setup();
	CHECK(!OPS.skips_cc_loss_response(&snd));
	set_param("skip_cc_loss_response", 1);
	CHECK(OPS.skips_cc_loss_response(&snd));
}

/* ------------------------------------------------------------------------
 * Per-ACK sequence, QT = 5 segments = 5000 bytes, baseRTT 100 ms:
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
	engine_single_loss();
	return t_report("rec_qarr");
}
