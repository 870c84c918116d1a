/* test_rec_barr.c — hand-driven test of src/recovery/rec_barr.c, BARR (the
 * opportunistic-retransmission paper §II.E, eqs. 3-4), and of the core's ACK
 * history it reads (src/core/rate.c, rx_ack_hist_span()).
 *
 * The test plays the core on a bare struct rx_sender, as test_rec_qarr.c
 * does, and also keeps the ACK history as rx_snd_on_ack() does: after the
 * scoreboard took an ACK (s->rate.delivered_bytes updated), one entry with
 * the delivered count and the clock.  MSS = 1000 bytes, cwnd 20 segments at
 * the loss, M = window_acks = 4 unless said.
 */
#include <stdlib.h>
#include <string.h>
#include "scenarios.h"
#include "core/sim.h"
#include "rexsim/registry.h"

extern const struct rx_recovery_ops rx_rec_barr;
#define OPS rx_rec_barr

#define MSS 1000u
#define SEG(n) ((uint64_t)(n) * MSS)

static struct rx_sim sim;
static struct rx_sender snd;
static struct rx_flow_cfg fcfg;
static uint64_t lost_unsent;
static uint64_t hist_d[16];
static int64_t hist_t[16];

static void set_param(const char *key, int64_t v)
{
	for (size_t i = 0; i < OPS.n_params; i++)
		if (strcmp(OPS.params[i].key, key) == 0) {
			memcpy(fcfg.mech_cfg[RX_FAM_RECOVERY] + OPS.params[i].offset, &v, sizeof v);
			return;
		}
	CHECK(!"unknown parameter");
}

static void setup(int64_t m)
{
	memset(&sim, 0, sizeof(sim));
	memset(&snd, 0, sizeof(snd));
	memset(&fcfg, 0, sizeof(fcfg));
	for (size_t i = 0; i < OPS.n_params; i++) {
		int64_t v = (int64_t)OPS.params[i].def;
		memcpy(fcfg.mech_cfg[RX_FAM_RECOVERY] + OPS.params[i].offset, &v, sizeof v);
	}
	set_param("window_acks", m);
	fcfg.sack = true;
	snd.sim = &sim;
	snd.cfg = &fcfg;
	snd.mss = MSS;
	snd.cc.mss_bytes = MSS;
	snd.cc.cwnd_bytes = SEG(20);
	snd.cc.ssthresh_bytes = SEG(10);
	snd.cc.min_rtt_ns = t_ms(100);
	/* what rx_snd_init() allocates: ack_history() + 1 entries */
	snd.ack_hist_cap = OPS.ack_history(&snd) + 1;
	CHECK(snd.ack_hist_cap <= 16);
	snd.ack_hist_delivered = hist_d;
	snd.ack_hist_ns = hist_t;
	lost_unsent = 0;
}

/* an ACK arrives at t_ms having brought the delivered count to delivered */
static void hist(double at_ms, uint64_t delivered)
{
	sim.now_ns = t_ms(at_ms);
	snd.rate.delivered_bytes = delivered;
	rx_ack_hist_push(&snd);
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

/* an ACK at at_ms that SACKs n more segments, with RTT sample rtt_ms (< 0:
 * none) and timestamp echo tsecr (ms ticks; 0: none): scoreboard, history,
 * on_ack, push */
static int sack_ts(double at_ms, uint64_t n, double rtt_ms, uint32_t tsecr)
{
	struct rx_ack_info ai;
	memset(&ai, 0, sizeof(ai));
	ai.now_ns = t_ms(at_ms);
	ai.tsecr = tsecr;
	ai.newly_sacked_bytes = SEG(n);
	ai.newly_delivered_bytes = SEG(n);
	ai.flags = RX_ACKF_SACKED | RX_ACKF_DUP;
	ai.rtt_ns = rtt_ms < 0 ? -1 : t_ms(rtt_ms);
	snd.sacked_bytes += SEG(n);
	snd.sacked_segs += n;
	hist(at_ms, snd.rate.delivered_bytes + SEG(n));
	OPS.on_ack(&snd, &ai);
	return push();
}

static int sack_n(double at_ms, uint64_t n, double rtt_ms)
{
	return sack_ts(at_ms, n, rtt_ms, 0);
}

static void params(void)
{
	CHECK_EQ_I64(OPS.n_params, 3);
	CHECK(strcmp(OPS.params[0].key, "window_acks") == 0);
	CHECK_EQ_I64((int64_t)OPS.params[0].def, 200); /* §VI: M = 200 by default */
	CHECK(rx_member_index(RX_FAM_RECOVERY, "barr") >= 0);
	/* issue #11's switch: a bool, off by default; the core asks the member
	 * through skips_cc_loss_response() (castate.c) */
	CHECK(strcmp(OPS.params[1].key, "skip_cc_loss_response") == 0);
	CHECK_EQ_I64(OPS.params[1].type, RX_PT_BOOL);
	CHECK_EQ_I64((int64_t)OPS.params[1].def, 0);
	CHECK(OPS.skips_cc_loss_response != NULL);
	setup(4);
	CHECK(!OPS.skips_cc_loss_response(&snd));
	set_param("skip_cc_loss_response", 1);
	CHECK(OPS.skips_cc_loss_response(&snd));
	/* issue #11's RTTi readings (interpretation 9): a choice, 'sample' by default */
	CHECK(strcmp(OPS.params[2].key, "rtt_source") == 0);
	CHECK_EQ_I64(OPS.params[2].type, RX_PT_ENUM);
	CHECK_EQ_I64((int64_t)OPS.params[2].def, 0);
	CHECK(strcmp(OPS.params[2].choice(0), "sample") == 0);
	CHECK(strcmp(OPS.params[2].choice(1), "tsecr") == 0);
	CHECK(OPS.params[2].choice(2) == NULL);
}

/* ------------------------------------------------------------------------
 * The history alone: three ACKs kept (t 0, 10, 30 ms; delivered 0, 1000,
 * 5000), M = 4: fewer than M earlier ACKs, so the span starts at the first:
 * 5000 bytes over 30 ms.  With M = 1 it is the last step: 4000 over 20 ms.
 * One entry alone is no span.
 * --------------------------------------------------------------------- */
static void history_span(void)
{
	setup(4);
	uint64_t bytes = 0;
	int64_t ns = 0;
	hist(0, 0);
	CHECK_EQ_I64(rx_ack_hist_span(&snd, 4, &bytes, &ns), 0);
	hist(10, 1000);
	hist(30, 5000);
	CHECK_EQ_I64(rx_ack_hist_span(&snd, 4, &bytes, &ns), 1);
	CHECK_EQ_I64(bytes, 5000);
	CHECK_EQ_I64(ns, t_ms(30));
	CHECK_EQ_I64(rx_ack_hist_span(&snd, 1, &bytes, &ns), 1);
	CHECK_EQ_I64(bytes, 4000);
	CHECK_EQ_I64(ns, t_ms(20));
}

/* ------------------------------------------------------------------------
 * Per-ACK sequence, M = 4 (the ring keeps 5 entries: the latest and 4 before).
 *
 *  before the loss: ACKs at 0, 10, 20, 30 ms, delivered 0, 2000, 4000, 6000;
 *  the trigger at 40 ms (delivered 7000): 20 segments out, segment 0 lost,
 *    1..3 SACKed, pipe 16000.  W0 = cwnd = 20000 (β = 1).  Fast
 *    retransmission: pipe 17000; quota 3000: 3 new, pipe 20000.
 *  ACK A, 50 ms, delivered 8000, RTT 100 ms: the span is 50 back to 10 ms
 *    (4 ACKs): B = (8000 - 2000) / 40 ms = 150000 bytes/s; W = B x RTT =
 *    6000 x 100 / 40 = 15000.  pipe 19000: quota 0.
 *  ACK B, 60 ms, delivered 9000, no RTT sample: W stays 15000.  pipe 18000.
 *  ACK C, 70 ms, delivered 10000, RTT 120 ms: span 70 back to 30 ms:
 *    (10000 - 6000) / 40 ms = 100000 bytes/s; W = 4000 x 120 / 40 = 12000.
 *    pipe 17000: quota 0.
 *  ACK D, 71 ms, SACKs 3 (delivered 13000), RTT 100 ms: span 71 back to 40:
 *    (13000 - 7000) / 31 ms = 193548 bytes/s (193548.39 floored); W = 6000 x
 *    100 / 31 = 19354 (19354.8 floored).  pipe 14000: quota 5354: 5 new,
 *    pipe 19000, quota 354.
 *  ACK E, 200 ms, delivered 13000 (a duplicate ACK delivering nothing; the
 *    test gives it an RTT of 100 ms): span 200 back to 50: (13000 - 8000) /
 *    150 ms; W = 5000 x 100 / 150 = 3333.  pipe 19000: quota 0.
 *  exit: cwnd = W = 3333 (not ssthresh 10000).
 * --------------------------------------------------------------------- */
/* per_ack's and per_ack_tsecr's start, t0_ms on: four ACKs 10 ms apart
 * delivering 2000 bytes each, the trigger 10 ms later (delivered 7000) with
 * 20 segments out, segment 0 lost and 1..3 SACKed; W0 = cwnd = 20000, the
 * fast retransmission and 3 new segments: pipe 20000 */
static void loss_at(double t0_ms)
{
	for (int k = 0; k < 4; k++)
		hist(t0_ms + 10 * k, (uint64_t)k * 2000);
	snd.snd_nxt = SEG(20);
	snd.out_bytes = SEG(20);
	snd.sacked_bytes = SEG(3);
	snd.sacked_segs = 3;
	snd.lost_bytes = SEG(1);
	lost_unsent = 1;
	hist(t0_ms + 40, 7000); /* the trigger */
	OPS.enter(&snd, RX_RED_RECOVERY, 0);
	CHECK_EQ_I64(snd.cc.cwnd_bytes, SEG(20));
	lost_unsent--;
	snd.rtx_bytes += MSS;
	CHECK_EQ_I64(push(), 3);
	CHECK_EQ_I64(rx_snd_pipe(&snd), SEG(20));
}

static void per_ack(void)
{
	setup(4);
	loss_at(0);

	CHECK_EQ_I64(sack_n(50, 1, 100), 0); /* A */
	CHECK_EQ_I64(rx_rec_vars(&snd)[0], 150000);
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 15000);

	CHECK_EQ_I64(sack_n(60, 1, -1), 0); /* B */
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 15000);

	CHECK_EQ_I64(sack_n(70, 1, 120), 0); /* C */
	CHECK_EQ_I64(rx_rec_vars(&snd)[0], 100000);
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 12000);

	CHECK_EQ_I64(sack_n(71, 3, 100), 5); /* D */
	CHECK_EQ_I64(rx_rec_vars(&snd)[0], 193548);
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 19354);
	CHECK_EQ_I64(OPS.send_quota(&snd), 354);

	CHECK_EQ_I64(sack_n(200, 0, 100), 0); /* E */
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 3333);

	OPS.exit(&snd, RX_RED_RECOVERY, 0);
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 3333);
	CHECK_EQ_I64(snd.cc.ssthresh_bytes, SEG(10));
}

/* ------------------------------------------------------------------------
 * rtt_source 'tsecr' (interpretation 9): RTTi = now - TSecr in whole ms
 * ticks, whatever the ACK's Karn sample.  M = 4, as per_ack but 100 ms later.
 *
 *  before the loss: ACKs at 100, 110, 120, 130 ms, delivered 0, 2000, 4000,
 *    6000; the trigger at 140 ms (delivered 7000); W0 = 20000, the fast
 *    retransmission and 3 new segments: pipe 20000.
 *  ACK A, 150 ms, SACKs 1 (8000), sample 100 ms, TSecr 40 (the segment at
 *    the left edge went at 40 ms): RTTi = 150 - 40 = 110 ms; span 150 back
 *    to 110 ms: B = 6000 / 40 ms = 150000 bytes/s; W = 6000 x 110 / 40 =
 *    16500 (the sample would give 15000).  pipe 19000: quota 0.
 *  ACK B, 160 ms, SACKs 1 (9000), no sample, TSecr 40: RTTi = 120 ms (the
 *    sample reading would keep W); span 160 back to 120: 5000 / 40 ms =
 *    125000 bytes/s; W = 5000 x 120 / 40 = 15000.  pipe 18000: quota 0.
 *  ACK C, 170.6 ms (tick 170), SACKs 1 (10000), sample 100, TSecr 40: RTTi =
 *    130 ms (ticks, not 130.6); span 170.6 back to 130: 4000 / 40.6 ms =
 *    98522 bytes/s (98522.17 floored); W = 4000 x 130 / 40.6 = 12807
 *    (12807.88 floored).  pipe 17000: quota 0.
 *  ACK D, 180 ms, SACKs 1 (11000), sample 100 ms, no TSecr (0): no RTTi, W
 *    stays 12807 (the sample reading: span 180 back to 140, 4000 x 100 / 40
 *    = 10000).
 *  ACK E, 190 ms, SACKs 5 (16000), TSecr 190 (same tick): no RTTi, W stays
 *    12807.  pipe 11000: quota 1807: 1 new segment, pipe 12000.
 * --------------------------------------------------------------------- */
static void per_ack_tsecr(void)
{
	setup(4);
	set_param("rtt_source", 1);
	loss_at(100);

	CHECK_EQ_I64(sack_ts(150, 1, 100, 40), 0); /* A */
	CHECK_EQ_I64(rx_rec_vars(&snd)[0], 150000);
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 16500);

	CHECK_EQ_I64(sack_ts(160, 1, -1, 40), 0); /* B */
	CHECK_EQ_I64(rx_rec_vars(&snd)[0], 125000);
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 15000);

	CHECK_EQ_I64(sack_ts(170.6, 1, 100, 40), 0); /* C */
	CHECK_EQ_I64(rx_rec_vars(&snd)[0], 98522);
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 12807);

	CHECK_EQ_I64(sack_ts(180, 1, 100, 0), 0); /* D */
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 12807);

	CHECK_EQ_I64(sack_ts(190, 5, 100, 190), 1); /* E */
	CHECK_EQ_I64(snd.cc.cwnd_bytes, 12807);
	CHECK_EQ_I64(rx_snd_pipe(&snd), SEG(12));
}

/* ------------------------------------------------------------------------
 * The floor: nothing delivered over the span gives B = 0, W = one segment.
 * M = 1: ACKs at 0 and 10 ms both with delivered 5000; RTT 100 ms.
 * --------------------------------------------------------------------- */
static void floor_one_segment(void)
{
	setup(1);
	hist(0, 5000);
	snd.rate.delivered_bytes = 5000;
	OPS.enter(&snd, RX_RED_RECOVERY, 0);
	CHECK_EQ_I64(sack_n(10, 0, 100), 1); /* pipe 0: W - pipe = one segment */
	CHECK_EQ_I64(snd.cc.cwnd_bytes, MSS);
}

/* ------------------------------------------------------------------------
 * Through the engine: BARR allocates its history (rx_snd_init), and a flow
 * with one loss completes with one recovery and no RTO, with either RTTi.
 * --------------------------------------------------------------------- */
static void engine_single_loss_json(const char *json)
{
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

/* the same with timestamps on and rtt_source 'tsecr' (interpretation 9) */
static void engine_single_loss(void)
{
	engine_single_loss_json("{\"duration_s\": 30, \"seed\": 1,"
				" \"path\": {\"forward\": {\"rate_bps\": 20000000, \"delay_ms\": 25,"
				"  \"loss\": {\"model\": \"positioned\", \"rules\": [{\"segment\": 30}]}},"
				"  \"reverse\": {\"rate_bps\": 0, \"delay_ms\": 25}},"
				" \"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": 200},"
				"  \"tcp\": {\"recovery\": \"barr\", \"iw\": 10, \"sack\": true}}]}");
	engine_single_loss_json("{\"duration_s\": 30, \"seed\": 1,"
				" \"path\": {\"forward\": {\"rate_bps\": 20000000, \"delay_ms\": 25,"
				"  \"loss\": {\"model\": \"positioned\", \"rules\": [{\"segment\": 30}]}},"
				"  \"reverse\": {\"rate_bps\": 0, \"delay_ms\": 25}},"
				" \"flows\": [{\"app\": {\"kind\": \"fixed\", \"segments\": 200},"
				"  \"tcp\": {\"recovery\": \"barr\", \"iw\": 10, \"sack\": true, \"timestamps\": true,"
				"   \"recovery_params\": {\"barr\": {\"rtt_source\": \"tsecr\"}}}}]}");
}

int main(void)
{
	params();
	history_span();
	per_ack();
	per_ack_tsecr();
	floor_one_segment();
	engine_single_loss();
	return t_report("rec_barr");
}
