/* tmr_rtor.c — RTO Restart, RFC 7765 §3: when an ACK of new data restarts the
 * timer while fewer than rrthresh segments are outstanding and no unsent data
 * is ready, it expires after RTO - T_earliest (T_earliest: the time since the
 * earliest outstanding segment was sent) if that is positive, else after RTO
 * (step (c)).  The retransmission then comes RTO after that segment's
 * transmission rather than RTO after the ACK (paper §2.1). */
#include "tmr.h"

static void rtor_arm(struct rx_sender *s, int reason, int64_t now, struct rx_timer_decision *out)
{
	rx_tmr_standard_rto(s, reason, now, out);
	if (reason != RX_ARM_ACK)
		return;
	if (rx_snd_outstanding_segs(s) >= (uint64_t)s->cfg->rrthresh || rx_snd_has_unsent(s))
		return;
	/* T_earliest: the time since the earliest outstanding segment -- the
	 * lowest unacknowledged one, the segment the RTO retransmits (RFC 6298
	 * (5.4)) -- was last transmitted.  Counting from its latest
	 * transmission means a segment that was retransmitted is never
	 * retransmitted again by this timer less than one full RTO later, even
	 * while later segments are outstanding since before that
	 * retransmission. */
	int64_t t_earliest = now - rx_snd_head_tx_ns(s);
	if (s->rto_ns - t_earliest <= 0)
		return; /* (c.2): plain RTO */
	out->kind = RX_TMR_RTO;
	out->formula = RX_F_RTOR;
	out->timeout_ns = s->rto_ns;
	out->expires_ns = now + s->rto_ns - t_earliest; /* (c.1) */
}

const struct rx_timer_ops rx_tmr_rtor = {
	.name = "rtor",
	.label = "RTO Restart",
	.doc = "RTO Restart (RFC 7765): when an ACK restarts the retransmission timer while fewer than rrthresh (4) "
	       "segments are outstanding and no unsent data is ready, the timer is set to RTO - T_earliest, so a tail "
	       "loss is retransmitted exactly RTO after the lost segment was sent. Saves about one RTT, plus the "
	       "delayed-ACK wait when the restarting ACK was delayed (paper §2.1, §3.1).",
	.arm = rtor_arm,
};
