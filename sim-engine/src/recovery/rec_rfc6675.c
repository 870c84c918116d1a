/* rec_rfc6675.c — conservative SACK-based loss recovery, RFC 6675 §5:
 * on entry cwnd = ssthresh (4.2); while recovering, the sender may send
 * whenever cwnd - pipe >= one segment (4.4, (C)), choosing segments by
 * NextSeg(): lost segments (rule 1) and new data (rule 2) come from the core,
 * then this file's rule 3 (a hole below the highest SACK, even if not deemed
 * lost) and rule 4 (one rescue retransmission per recovery).  Also the window
 * rule for NewReno (RFC 6582) in its pipe form when SACK is off (rules 3 and
 * 4 are SACK-only).
 * In CWR (a reduction without retransmission) cwnd drops to ssthresh at
 * once, as Linux 3.x did before PRR. */
#include "../core/sim.h"

struct rfc6675 {
	uint64_t rescue_end; /* RescueRxt + 1 as a byte offset: (4.a) HighACK > RescueRxt */
};
_Static_assert(sizeof(struct rfc6675) <= RX_REC_PRIV_SIZE, "rfc6675 state exceeds RX_REC_PRIV_SIZE");

static struct rfc6675 *priv(struct rx_sender *s)
{
	return rx_rec_priv(s);
}

static void enter(struct rx_sender *s, int reduction, int64_t now)
{
	(void)now;
	if (reduction == RX_RED_CWR)
		s->cc.cwnd_bytes = rx_umax64(rx_umin64(s->cc.cwnd_bytes, s->cc.ssthresh_bytes), s->mss);
	else
		s->cc.cwnd_bytes = rx_umax64(s->cc.ssthresh_bytes, s->mss); /* (4.2) */
}

static void on_ack(struct rx_sender *s, const struct rx_ack_info *ai)
{
	(void)s;
	(void)ai;
}

static uint64_t send_quota(struct rx_sender *s)
{
	uint64_t pipe = rx_snd_pipe(s);
	return s->cc.cwnd_bytes > pipe ? s->cc.cwnd_bytes - pipe : 0;
}

/* NextSeg rule 3: an un-SACKed segment above HighRxt and below the highest
 * SACKed segment; rule 4: the highest un-SACKed outstanding segment, once per
 * recovery, when HighACK > RescueRxt and no new data is waiting.
 * Both are RFC 6675's, which is SACK-based: rule (4) reads "If the
 * conditions for (1), (2), and (3) fail, but there exists outstanding
 * unSACKed data, we provide the opportunity for a single 'rescue'
 * retransmission per entry into loss recovery."  Without SACK the recovery
 * is NewReno's (RFC 6582 §3.2), whose only retransmissions are the fast
 * retransmit and, on a partial ACK, "retransmit the first unacknowledged
 * segment" (lost marks, NextSeg rule 1): no rescue. */
static uint64_t next_seg(struct rx_sender *s, int *cause)
{
	if (!s->cfg->sack)
		return 0;
	if (s->high_sacked_idx) {
		for (uint64_t i = rx_umax64(s->high_rxt_idx + 1, s->una_idx); i < s->high_sacked_idx; i++) {
			const struct rx_seg *g = rx_seg_at(s, i);
			if (!g->sacked && !g->rtx_inflight) {
				*cause = RX_TXC_RULE3;
				return i;
			}
		}
	}
	if (s->snd_una < priv(s)->rescue_end || rx_snd_has_unsent(s))
		return 0;
	for (uint64_t i = s->nxt_idx; i > s->una_idx; i--) {
		const struct rx_seg *g = rx_seg_at(s, i - 1);
		if (!g->sacked && !g->rtx_inflight) {
			*cause = RX_TXC_RESCUE;
			return i - 1;
		}
	}
	return 0;
}

static void on_sent(struct rx_sender *s, uint64_t idx, uint32_t bytes, int cause)
{
	struct rfc6675 *r = priv(s);
	if (cause == RX_TXC_FAST || cause == RX_TXC_EARLY)
		/* (4.3) RescueRxt takes the first retransmission's end */
		r->rescue_end = rx_seg_at(s, idx)->seq + bytes + 1;
	else if (cause == RX_TXC_RESCUE)
		r->rescue_end = s->recovery_point + 1; /* RescueRxt = RecoveryPoint */
}

static void rec_exit(struct rx_sender *s, int reduction, int64_t now)
{
	(void)now;
	/* RFC 5681 §3.2 step 6: leave recovery with cwnd = ssthresh */
	if (reduction == RX_RED_RECOVERY)
		s->cc.cwnd_bytes = rx_umax64(s->cc.ssthresh_bytes, s->mss);
}

const struct rx_recovery_ops rx_rec_rfc6675 = {
	.name = "rfc6675",
	.label = "RFC 6675 (pipe)",
	.doc = "Conservative SACK-based loss recovery (RFC 6675): on entering recovery cwnd = ssthresh, and a segment "
	       "is sent whenever cwnd - pipe is at least one segment, choosing lost segments first, then new data, "
	       "then holes below the highest SACK, then one rescue retransmission. Without SACK the same rule runs "
	       "NewReno (RFC 6582), each duplicate ACK counting one segment out of the pipe, without RFC 6675's "
	       "rescue retransmission. In CWR (after a loss a "
	       "probe repaired) cwnd drops to ssthresh at once.",
	.enter = enter,
	.on_ack = on_ack,
	.send_quota = send_quota,
	.next_seg = next_seg,
	.on_sent = on_sent,
	.exit = rec_exit,
};
