/* cc_reno.c — Reno congestion control, RFC 5681 §3.1: slow start grows cwnd
 * by min(N, SMSS) per ACK (eq. 2), or by the bytes newly delivered with
 * tcp.slow_start = byte_counting (RFC 3465; the bytes past ssthresh go to
 * avoidance), both through rx_slow_start(); congestion avoidance by one SMSS
 * per cwnd of data ACKed (byte counting, RFC 3465 §2.1); after a loss
 * ssthresh = max(basis / 2, 2 SMSS) (eq. 4), where the core passes FlightSize
 * or, in Linux mode, cwnd.  All three rules are the shared helpers of
 * cc_helpers.h, which the other controls fall back on. */
#include <stdint.h>

#include "rexsim/cc.h"
#include "cc_helpers.h"

struct reno {
	uint64_t acked_bytes; /* bytes ACKed since the last avoidance step */
};
_Static_assert(sizeof(struct reno) <= RX_CC_PRIV_SIZE, "reno state exceeds RX_CC_PRIV_SIZE");

static void reno_init(struct rx_cc *cc)
{
	((struct reno *)(void *)cc->priv)->acked_bytes = 0;
}

static uint64_t reno_ssthresh(struct rx_cc *cc, uint64_t basis_bytes, int64_t now_ns)
{
	(void)now_ns;
	return rx_reno_ssthresh(cc, basis_bytes);
}

static void reno_cong_avoid(struct rx_cc *cc, const struct rx_ack_sample *s)
{
	struct reno *r = (struct reno *)(void *)cc->priv;
	uint64_t acked_bytes = s->acked_bytes;

	if (!s->is_cwnd_limited)
		return; /* RFC 7661: do not grow an unused window */
	if (cc->cwnd_bytes < cc->ssthresh_bytes) {
		acked_bytes = rx_slow_start(cc, s); /* tcp.slow_start; what passes ssthresh is avoidance's */
		if (!acked_bytes)
			return;
	}
	rx_reno_cong_avoid_ai(cc, &r->acked_bytes, cc->cwnd_bytes, acked_bytes);
}

static uint64_t reno_undo(struct rx_cc *cc)
{
	return rx_max_u64(cc->cwnd_bytes, cc->prior_cwnd_bytes);
}

const struct rx_cc_ops rx_cc_reno = {
	.name = "reno",
	.label = "Reno",
	.doc = "Reno (RFC 5681): slow start adds up to one segment per ACK until ssthresh (with tcp.slow_start = "
	       "byte_counting, the segments the ACK newly delivered: RFC 3465), congestion avoidance one "
	       "segment per window of ACKed data; a loss halves the window (ssthresh = max(FlightSize/2, 2 MSS), or "
	       "cwnd/2 in Linux mode).",
	.init = reno_init,
	.ssthresh = reno_ssthresh,
	.cong_avoid = reno_cong_avoid,
	.undo_cwnd = reno_undo,
};
