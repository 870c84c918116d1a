/* test_scoreboard_sack.c — SACK blocks find their segments (scoreboard.c
 * idx_of_seq) when the outstanding segments are not all full-sized: a block
 * starting above a short segment (an object's last, a send buffer's partial
 * write) is not where (start - snd_una) / MSS points, and the scoreboard must
 * still mark exactly the segments the block covers (RFC 6675 §4 Update()).
 * A bare sender, its segments laid out by hand. */
#include <string.h>
#include "scenarios.h"
#include "core/sim.h"

static struct rx_sim sim;
static struct rx_sender snd;
static struct rx_flow_cfg cfg;
static struct rx_seg ring[8];

/* segments 1..5 outstanding, MSS 1000, segment 2 short (400 bytes):
 *   idx  1: [0, 1000)  2: [1000, 1400)  3: [1400, 2400)  4: [2400, 3400)  5: [3400, 4400) */
static void setup(void)
{
	static const uint32_t len[] = { 0, 1000, 400, 1000, 1000, 1000 };
	memset(&sim, 0, sizeof(sim));
	memset(&snd, 0, sizeof(snd));
	memset(ring, 0, sizeof(ring));
	rx_flow_init(&cfg);
	cfg.sack = true;
	snd.sim = &sim;
	snd.cfg = &cfg;
	snd.mss = 1000;
	snd.ring = ring;
	snd.ring_mask = 7;
	snd.una_idx = 1;
	snd.nxt_idx = 6;
	uint64_t seq = 0;
	for (uint64_t i = 1; i < 6; i++) {
		ring[i].seq = seq;
		ring[i].len = len[i];
		seq += len[i];
	}
	snd.snd_una = 0;
	snd.snd_nxt = seq;
	snd.out_bytes = seq;
}

/* a duplicate ACK (ack = snd_una = 0) with the given SACK blocks */
static struct rx_ack_info take(int n, const uint64_t blocks[][2])
{
	struct rx_pkt p;
	memset(&p, 0, sizeof(p));
	p.flags = RX_PF_ACK;
	p.n_sack = (uint8_t)n;
	for (int b = 0; b < n; b++) {
		p.sack[b][0] = blocks[b][0];
		p.sack[b][1] = blocks[b][1];
	}
	struct rx_ack_info ai = { .newest_tx_ns = -1 };
	struct rx_rate_sample rs = { .has_data = false };
	int64_t rtt_tx;
	rx_sb_take_ack(&snd, &p, &ai, &rtt_tx, &rs);
	return ai;
}

int main(void)
{
	setup();
	/* [2400, 3400) starts segment 4, not segment 1 + 2400 / 1000 = 3 (which
	 * starts at 1400, after the short one); [1000, 1400) is segment 2, where
	 * the quotient points (1 + 1000 / 1000).  Newly SACKed: 1000 + 400 */
	const uint64_t first[][2] = { { 2400, 3400 }, { 1000, 1400 } };
	struct rx_ack_info a1 = take(2, first);
	CHECK_EQ_I64(a1.newly_sacked_bytes, 1400);
	CHECK_EQ_I64(snd.sacked_bytes, 1400);
	CHECK_EQ_I64(snd.sacked_segs, 2);
	CHECK(!ring[1].sacked && ring[2].sacked && !ring[3].sacked && ring[4].sacked && !ring[5].sacked);
	CHECK_EQ_I64(snd.high_sacked_idx, 4);
	CHECK_EQ_I64(snd.dupacks, 1); /* it SACKed new data: a duplicate ACK (RFC 6675 §2) */
	/* [3400, 4400) is segment 5 (the quotient says 4); [2400, 3400) again
	 * adds nothing: newly SACKed 1000, in all 2400 */
	const uint64_t second[][2] = { { 3400, 4400 }, { 2400, 3400 } };
	struct rx_ack_info a2 = take(2, second);
	CHECK_EQ_I64(a2.newly_sacked_bytes, 1000);
	CHECK_EQ_I64(snd.sacked_bytes, 2400);
	CHECK(!ring[3].sacked && ring[5].sacked);
	CHECK_EQ_I64(snd.high_sacked_idx, 5);
	/* a block that starts inside a segment covers none of it whole:
	 * [1500, 2400) ends segment 3 but does not start it, so nothing */
	const uint64_t inside[][2] = { { 1500, 2400 } };
	struct rx_ack_info a3 = take(1, inside);
	CHECK_EQ_I64(a3.newly_sacked_bytes, 0);
	CHECK(!ring[3].sacked);
	return t_report("scoreboard_sack");
}
