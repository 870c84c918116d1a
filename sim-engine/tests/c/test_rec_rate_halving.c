/* test_rec_rate_halving.c — hand-driven test of
 * src/recovery/rec_rate_halving.c against RFC 6937 §3.1's two
 * "Rate-Halving (Linux)" tables and a CWR sequence derived below.
 *
 * The test plays the core on a bare struct rx_sender, as test_rec_prr.c
 * does: scoreboard counters give rx_snd_pipe(); the ACK that triggers
 * recovery goes to enter(RX_RED_RECOVERY), then the fast retransmission is
 * sent regardless of the quota, then push; later ACKs go to on_ack(), then
 * push (send_quota() re-read before every whole segment; lost segments
 * first, then new data).  MSS = 1000 bytes, ssthresh = 10 segments.
 */
#include <string.h>
#include "scenarios.h"
#include "core/sim.h"

extern const struct rx_recovery_ops rx_rec_rate_halving;
#define OPS rx_rec_rate_halving

#define MSS 1000u
#define SEG(n) ((uint64_t)(n) * MSS)

static struct rx_sim sim;
static struct rx_sender snd;
static struct rx_flow_cfg fcfg;
static uint64_t lost_unsent;

static void setup(void)
{
	memset(&sim, 0, sizeof(sim));
	memset(&snd, 0, sizeof(snd));
	memset(&fcfg, 0, sizeof(fcfg));
	fcfg.sack = true;
	snd.sim = &sim;
	snd.cfg = &fcfg;
	snd.mss = MSS;
	snd.cc.mss_bytes = MSS;
	snd.cc.cwnd_bytes = SEG(20);
	snd.cc.ssthresh_bytes = SEG(10);
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

static int trigger(void)
{
	OPS.enter(&snd, RX_RED_RECOVERY, 0);
	lost_unsent--;
	snd.rtx_bytes += MSS; /* the fast retransmission, regardless of the quota */
	return 1 + push();
}

/* an ACK that SACKs one more segment, then push */
static int sack_one(void)
{
	struct rx_ack_info ai;
	memset(&ai, 0, sizeof(ai));
	ai.newly_sacked_bytes = MSS;
	ai.flags = RX_ACKF_SACKED | RX_ACKF_DUP;
	snd.sacked_bytes += MSS;
	snd.sacked_segs++;
	OPS.on_ack(&snd, &ai);
	return push();
}

/* ------------------------------------------------------------------------
 * RFC 6937 §3.1, single loss (segment 0; ACKs 1, 2 are limited transmit,
 * not this member; ACK 3 starts recovery with out 22, SACKed 3, lost 1):
 *
 *   Rate-Halving (Linux)
 *   ack#   X  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19
 *   cwnd:    20 20 19 18 18 17 17 16 16 15 15 14 14 13 13 12 12 11 11
 *   pipe:    19 19 18 18 17 17 16 16 15 15 14 14 13 13 12 12 11 11 10
 *   sent:     N  N  R     N     N     N     N     N     N     N     N
 *
 * Derivation (delivered counter d in segments; cwnd > ssthresh throughout):
 *   ACK 3: d = 1 (the triggering ACK): no pair yet; bound: cwnd =
 *          MIN(20, pipe 18 + 1) = 19; the fast retransmission: pipe 19
 *   ACK 4: pipe 18; d = 2: one pair: cwnd 18 (bound 19); quota 0
 *   ACK 5: pipe 17; d = 1: cwnd 18; quota 18 - 17 = 1: N, pipe 18
 *   ACK 6: pipe 17; d = 2: cwnd 17; quota 0
 *   ... every even ACK takes one segment off cwnd, every odd ACK sends one
 *   ACK 18: pipe 11; cwnd 12 -> 11 (still > ssthresh 10); quota 0
 *   ACK 19: pipe 10; cwnd 11: N
 * Exit: cwnd = MIN(11, 10) = 10.
 * --------------------------------------------------------------------- */
static void rfc6937_single_loss_table(void)
{
	static const int cwnd_row[20] = { [3] = 19, 18, 18, 17, 17, 16, 16, 15, 15, 14, 14, 13, 13, 12, 12, 11, 11 };
	static const int pipe_row[20] = { [3] = 18, 18, 17, 17, 16, 16, 15, 15, 14, 14, 13, 13, 12, 12, 11, 11, 10 };
	static const int sent_row[20] = { [3] = 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1 };
	setup();
	snd.snd_nxt = SEG(22);
	snd.out_bytes = SEG(22);
	snd.sacked_bytes = SEG(3);
	snd.sacked_segs = 3;
	snd.lost_bytes = SEG(1);
	lost_unsent = 1;
	CHECK_EQ_I64(rx_snd_pipe(&snd), SEG(pipe_row[3]));
	CHECK_EQ_I64(trigger(), 1); /* R */
	CHECK_EQ_I64(snd.cc.cwnd_bytes, SEG(cwnd_row[3]));
	for (int k = 4; k <= 19; k++) {
		uint64_t pipe_before = rx_snd_pipe(&snd) - MSS; /* this ACK SACKs one */
		CHECK_EQ_I64(pipe_before, SEG(pipe_row[k]));
		int n = sack_one();
		CHECK_EQ_I64(snd.cc.cwnd_bytes, SEG(cwnd_row[k]));
		CHECK_EQ_I64(n, sent_row[k]);
		if (n != sent_row[k] || snd.cc.cwnd_bytes != SEG(cwnd_row[k]))
			fprintf(stderr, "  (ACK %d)\n", k);
	}
	OPS.exit(&snd, RX_RED_RECOVERY, 0);
	CHECK_EQ_I64(snd.cc.cwnd_bytes, SEG(10));
}

/* ------------------------------------------------------------------------
 * RFC 6937 §3.1, segments 0..14 lost; ACK 17 starts recovery with out 22,
 * SACKed 3, lost 15 (pipe 4):
 *
 *   Rate-Halving (Linux)
 *   ack#  15 16 17 18 19
 *   cwnd: 20 20  5  5  5
 *   pipe: 19 19  4  4  4
 *   sent:  N  N  R  R  R
 *
 * ACK 17: d = 1, no pair; bound: cwnd = MIN(20, 4 + 1) = 5, now below
 *         ssthresh, so the halving is over; the fast retransmission: pipe 5
 * ACK 18: pipe 4; cwnd 5 <= ssthresh: not decreased; bound MIN(5, 5) = 5;
 *         quota 1: R (a lost segment), pipe 5
 * ACK 19: the same: R
 * Exit: cwnd = MIN(5, 10) = 5: the window is not raised; the sender
 * slow-starts back to ssthresh ("from 5 up to 10", §3.1).
 * --------------------------------------------------------------------- */
static void rfc6937_burst_loss_table(void)
{
	setup();
	snd.snd_nxt = SEG(22);
	snd.out_bytes = SEG(22);
	snd.sacked_bytes = SEG(3);
	snd.sacked_segs = 3;
	snd.lost_bytes = SEG(15);
	lost_unsent = 15;
	CHECK_EQ_I64(rx_snd_pipe(&snd), SEG(4));
	CHECK_EQ_I64(trigger(), 1); /* R */
	CHECK_EQ_I64(snd.cc.cwnd_bytes, SEG(5));
	for (int k = 18; k <= 19; k++) {
		CHECK_EQ_I64(rx_snd_pipe(&snd) - MSS, SEG(4));
		CHECK_EQ_I64(sack_one(), 1); /* R */
		CHECK_EQ_I64(snd.cc.cwnd_bytes, SEG(5));
	}
	CHECK_EQ_I64(lost_unsent, 12);
	OPS.exit(&snd, RX_RED_RECOVERY, 0);
	CHECK_EQ_I64(snd.cc.cwnd_bytes, SEG(5));
}

/* ------------------------------------------------------------------------
 * CWR: 20 segments in flight, cwnd 20, ssthresh 10, nothing lost.  The ACK
 * of one segment starts CWR: the scoreboard takes it (out 19), enter(CWR)
 * counts nothing, and the same ACK reaches on_ack() with DeliveredData =
 * acked_bytes = 1000.  Each ACK cumulatively acknowledges one segment:
 *   ACK 1: pipe 19; d = 1: cwnd 20 (bound 19 + 1 = 20); quota 1: N, pipe 20
 *   ACK 2: pipe 19; d = 2: cwnd 19 (bound 20); quota 0
 *   ACK 3: pipe 18; d = 1: cwnd 19; quota 1: N, pipe 19
 *   ACK 4: pipe 18; d = 2: cwnd 18; quota 0
 * One new segment per two delivered; exit: cwnd = MIN(18, 10) = 10.
 * --------------------------------------------------------------------- */
static void cwr(void)
{
	static const int cwnd_row[5] = { 0, 20, 19, 19, 18 };
	static const int sent_row[5] = { 0, 1, 0, 1, 0 };
	setup();
	snd.snd_una = SEG(1);
	snd.snd_nxt = SEG(20);
	snd.out_bytes = SEG(19);
	OPS.enter(&snd, RX_RED_CWR, 0);
	CHECK_EQ_I64(snd.cc.cwnd_bytes, SEG(20));
	for (int k = 1; k <= 4; k++) {
		struct rx_ack_info ai;
		memset(&ai, 0, sizeof(ai));
		ai.acked_bytes = MSS;
		ai.flags = RX_ACKF_ADVANCED;
		if (k > 1) {
			snd.snd_una += MSS;
			snd.out_bytes -= MSS;
		}
		OPS.on_ack(&snd, &ai);
		CHECK_EQ_I64(snd.cc.cwnd_bytes, SEG(cwnd_row[k]));
		CHECK_EQ_I64(push(), sent_row[k]);
	}
	OPS.exit(&snd, RX_RED_CWR, 0);
	CHECK_EQ_I64(snd.cc.cwnd_bytes, SEG(10));
}

int main(void)
{
	CHECK(OPS.next_seg == NULL);
	rfc6937_single_loss_table();
	rfc6937_burst_loss_table();
	cwr();
	return t_report("rec_rate_halving");
}
