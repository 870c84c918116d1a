/* cc_reno.c — Reno congestion control, RFC 5681 §3.1: slow start grows cwnd
 * by min(N, SMSS) per ACK (eq. 2); congestion avoidance by one SMSS per cwnd
 * of data ACKed (byte counting, RFC 3465 §2.1); after a loss
 * ssthresh = max(basis / 2, 2 SMSS) (eq. 4), where the core passes FlightSize
 * or, in Linux mode, cwnd. */
#include "../core/sim.h"

struct reno {
	uint64_t acked_bytes;   /* bytes ACKed since the last avoidance step */
};
_Static_assert(sizeof(struct reno) <= RX_CC_PRIV_SIZE, "reno state exceeds RX_CC_PRIV_SIZE");

static void reno_init(struct rx_cc *cc)
{
	((struct reno *)cc->priv)->acked_bytes = 0;
}

static uint64_t reno_ssthresh(struct rx_cc *cc, uint64_t basis_bytes, int64_t now_ns)
{
	(void)now_ns;
	return rx_umax64(basis_bytes / 2, 2 * (uint64_t)cc->mss_bytes);
}

static void reno_cong_avoid(struct rx_cc *cc, const struct rx_ack_sample *s)
{
	struct reno *r = (struct reno *)cc->priv;
	if (!s->is_cwnd_limited)
		return;                 /* RFC 7661: do not grow an unused window */
	if (cc->cwnd_bytes < cc->ssthresh_bytes) {
		cc->cwnd_bytes += rx_umin64(s->acked_bytes, cc->mss_bytes);
		return;
	}
	r->acked_bytes += s->acked_bytes;
	if (r->acked_bytes >= cc->cwnd_bytes) {
		r->acked_bytes -= cc->cwnd_bytes;
		cc->cwnd_bytes += cc->mss_bytes;
	}
}

static uint64_t reno_undo(struct rx_cc *cc)
{
	return rx_umax64(cc->cwnd_bytes, cc->prior_cwnd_bytes);
}

const struct rx_cc_ops rx_cc_reno = {
	.name = "reno",
	.doc = "Reno (RFC 5681): slow start adds up to one segment per ACK until ssthresh, congestion avoidance one segment per window of ACKed data; a loss halves the window (ssthresh = max(FlightSize/2, 2 MSS), or cwnd/2 in Linux mode).",
	.init = reno_init,
	.ssthresh = reno_ssthresh,
	.cong_avoid = reno_cong_avoid,
	.undo_cwnd = reno_undo,
};
