/* ld_rack.c — RACK, time-based loss detection (RFC 8985 §6, the RACK of
 * RACK-TLP), as a member of the loss-detection family:
 *   - per ACK, the most recently sent segment delivered (RACK.segment: its
 *     transmission time RACK.xmit_ts, RTT RACK.rtt), with retransmissions
 *     whose delivery is ambiguous left out (§6.2 step 2; the core notes the
 *     candidate while it takes the ACK: rx_ack_info's newest_tx_ns,
 *     newest_tx_order); within one instant the order of transmissions, not
 *     RACK.end_seq, tells which was sent later (sent_after() below);
 *   - reordering seen when a never-retransmitted segment below RACK.fack is
 *     delivered (§6.2 step 3);
 *   - the reordering window RACK.reo_wnd = min(reo_wnd_mult * min_RTT / 4,
 *     SRTT), zero before any reordering in recovery or once DupThresh
 *     segments are SACKed, its multiplier grown once per round that sees a
 *     D-SACK and reset after 16 recoveries without one (§6.2 step 4);
 *   - a segment sent before RACK.segment is lost once RACK.rtt + reo_wnd
 *     has passed since its (latest) transmission, retransmissions included
 *     (lost retransmission detection); the latest such deadline still ahead
 *     arms the reorder timer in the sender's slot (§6.2 step 5);
 *   - the loss probe's ACK runs the same detection (§7.4.1): a SACK of the
 *     probe marks the earlier hole lost and fast recovery starts -- unless
 *     step 2 leaves it out: sent less than min_RTT before its SACK, or, with
 *     timestamps, echoing the left edge's TSval (RFC 7323 §4.3), older
 *     than the probe's.
 * min_RTT is the core's smallest RTT sample (s->cc.min_rtt_ns, the handshake
 * included).  Step 1 asks for a windowed minimum ("SHOULD" track one "that
 * can adapt when migrating to significantly longer paths"); the global one
 * differs only when the path lengthens for good, which no scenario models
 * (queueing delay only adds to the propagation delay).  RACK never touches the
 * window: recovery starts on its verdict (castate.c), marks go through
 * rx_sb_mark_lost() / rx_sb_mark_rtx_lost().  Not modelled: §6.3 (on an RTO
 * the core marks every outstanding segment lost, as RFC 6675 §5.1 does,
 * where RACK would spare segments sent within RACK.rtt + reo_wnd).  Its own
 * parameters: dsack_adapt, reo_timer. */
#include <stddef.h>
#include "../core/sim.h"
#include "rexsim/params.h"
#include "rexsim/registry.h"

struct rack_cfg {
	bool dsack_adapt; /* §6.2 step 4's D-SACK adaptation of reo_wnd_mult */
	bool reo_timer; /* §6.2 step 5's reordering timer */
};
_Static_assert(sizeof(struct rack_cfg) <= RX_MECH_CFG_SIZE, "rack_cfg exceeds RX_MECH_CFG_SIZE");

static const struct rx_param rack_params[] = {
	{ .section = 0,
	  .key = "dsack_adapt",
	  .label = "D-SACK window adaptation",
	  .type = RX_PT_BOOL,
	  .offset = offsetof(struct rack_cfg, dsack_adapt),
	  .min = 0,
	  .max = 1,
	  .def = 1,
	  .unit = "",
	  .doc = "Grow the reordering window with D-SACKs (RFC 8985 §6.2 step 4): each round trip that sees a D-SACK "
		 "adds min_RTT/4 (reo_wnd_mult + 1), kept for 16 recoveries without one. RFC 8985 §4: 'RACK "
		 "DSACK-based reordering window adaptation is RECOMMENDED but is not required.' Off: the window "
		 "stays min_RTT/4." },
	{ .section = 0,
	  .key = "reo_timer",
	  .label = "Reordering timer",
	  .type = RX_PT_BOOL,
	  .offset = offsetof(struct rack_cfg, reo_timer),
	  .min = 0,
	  .max = 1,
	  .def = 1,
	  .unit = "",
	  .doc = "Arm the reordering timer (RFC 8985 §6.2 step 5: 'For timely loss detection, it is RECOMMENDED that "
		 "the sender install a reordering timer'), so a segment is marked lost when its reordering window "
		 "ends even if no ACK arrives then. Off: only ACKs run the detection." },
};

static const struct rack_cfg *cfg_of(const struct rx_sender *s)
{
	return (const struct rack_cfg *)rx_member_cfg(s, RX_FAM_LOSSDET);
}

/* RFC 8985 §5.2's per-connection state (the names are the RFC's) */
struct rack {
	int64_t xmit_ns; /* RACK.xmit_ts; -1: no segment delivered yet */
	uint64_t xmit_order; /* that transmission's place in the sender's order (for RACK.end_seq) */
	int64_t rtt_ns; /* RACK.rtt */
	uint64_t fack; /* RACK.fack: the highest sequence delivered */
	uint64_t dsack_round; /* RACK.dsack_round (valid while dsack_round_set) */
	int32_t reo_wnd_mult; /* RACK.reo_wnd_mult */
	int32_t reo_wnd_persist; /* RACK.reo_wnd_persist */
	bool dsack_round_set; /* RACK.dsack_round is not None */
	bool reordering_seen; /* RACK.reordering_seen */
};
_Static_assert(sizeof(struct rack) <= RX_LD_PRIV_SIZE, "rack state exceeds RX_LD_PRIV_SIZE");

static struct rack *priv(struct rx_sender *s)
{
	return rx_ld_priv(s);
}

static void init(struct rx_sender *s)
{
	struct rack *r = priv(s);
	r->xmit_ns = -1;
	r->xmit_order = 0;
	r->rtt_ns = 0;
	r->fack = 0;
	r->dsack_round = 0;
	r->dsack_round_set = false;
	r->reo_wnd_mult = 1;
	r->reo_wnd_persist = 0;
	r->reordering_seen = false;
}

/* Which of two transmissions is the more recent (RACK_sent_after()).  §6.2
 * step 2: "record the most recent Segment.xmit_ts in RACK.xmit_ts if it is
 * ahead of RACK.xmit_ts.  If Segment.xmit_ts equals RACK.xmit_ts (e.g., due
 * to clock granularity limits), then compare Segment.end_seq and
 * RACK.end_seq to break the tie".  The end sequence stands in for the order
 * of transmission when the clock cannot tell it.  The engine knows that
 * order exactly (the sender's transmission count, which grows with time),
 * and in one instant the stand-in can be wrong: a retransmission sent after
 * new data in the same nanosecond (several ACKs arrive in one instant on an
 * unlimited path) has the lower end sequence, so RACK would take it for the
 * earlier transmission and deem it lost one RTT later, while its ACK is
 * just behind the new data's.  So the order decides. */
static bool sent_after(uint64_t order1, uint64_t order2)
{
	return order1 > order2;
}

static bool in_recovery(const struct rx_sender *s)
{
	/* "Fast or RTO recovery" */
	return s->ca_state == RX_CA_RECOVERY || s->ca_state == RX_CA_LOSS;
}

/* Steps 1-4 on every ACK, before the congestion-state machine. */
static void observe(struct rx_sender *s, const struct rx_ack_info *ai)
{
	struct rack *r = priv(s);
	/* Step 1 (min_RTT) is the core's: rx_rtt_sample() keeps s->cc.min_rtt_ns.
	 *
	 * Step 2: "Among all the segments newly ACKed or SACKed by this ACK that
	 * pass the checks above, update the RACK.rtt to be the RTT sample
	 * calculated using this ACK.  Furthermore, record the most recent
	 * Segment.xmit_ts in RACK.xmit_ts if it is ahead of RACK.xmit_ts." */
	if (ai->newest_tx_ns >= 0) {
		r->rtt_ns = ai->now_ns - ai->newest_tx_ns;
		if (r->xmit_ns < 0 || sent_after(ai->newest_tx_order, r->xmit_order)) {
			r->xmit_ns = ai->newest_tx_ns;
			r->xmit_order = ai->newest_tx_order;
		}
	}
	/* Step 3: "If a never-retransmitted segment that's below RACK.fack is
	 * (selectively or cumulatively) acknowledged, it has been delivered out
	 * of order.  The sender sets RACK.reordering_seen to TRUE if such a
	 * segment is identified."  The segments one ACK delivers are taken in
	 * sequence order, so the test is against RACK.fack before this ACK;
	 * then RACK.fack moves to the highest sequence delivered. */
	if (ai->orig_low_end_seq && ai->orig_low_end_seq < r->fack)
		r->reordering_seen = true;
	uint64_t fack = ai->ack;
	if (s->high_sacked_idx) {
		const struct rx_seg *g = rx_seg_at(s, s->high_sacked_idx);
		fack = rx_umax64(fack, g->seq + g->len);
	}
	r->fack = rx_umax64(r->fack, fack);
	/* Step 4, RACK_update_reo_wnd()'s state:
	 *   If RACK.dsack_round is not None AND
	 *      SND.UNA >= RACK.dsack_round:
	 *       RACK.dsack_round = None
	 *   If RACK.dsack_round is None AND
	 *      any DSACK option is present on latest received ACK:
	 *       RACK.dsack_round = SND.NXT
	 *       RACK.reo_wnd_mult += 1
	 *       RACK.reo_wnd_persist = 16
	 *   Else if exiting Fast or RTO recovery:
	 *       RACK.reo_wnd_persist -= 1
	 *       If RACK.reo_wnd_persist <= 0:
	 *           RACK.reo_wnd_mult = 1
	 * "Exiting": this ACK takes snd.una to the recovery point, where the
	 * congestion-state machine ends Recovery and Loss (castate.c; RACK keeps
	 * no NewReno hold). */
	if (r->dsack_round_set && s->snd_una >= r->dsack_round)
		r->dsack_round_set = false;
	if (cfg_of(s)->dsack_adapt && !r->dsack_round_set && (ai->flags & RX_ACKF_DSACK)) {
		r->dsack_round = s->snd_nxt;
		r->dsack_round_set = true;
		r->reo_wnd_mult++;
		r->reo_wnd_persist = 16;
	} else if (in_recovery(s) && s->snd_una >= s->recovery_point) {
		r->reo_wnd_persist--;
		if (r->reo_wnd_persist <= 0) {
			r->reo_wnd_persist = 0;
			r->reo_wnd_mult = 1;
		}
	}
}

/* Step 4, the window itself:
 *   If RACK.reordering_seen is FALSE:
 *       If in Fast or RTO recovery:
 *           Return 0
 *       Else if RACK.segs_sacked >= DupThresh:
 *           Return 0
 *   Return min(RACK.reo_wnd_mult * RACK.min_RTT / 4, SRTT)
 * (§3.3.2: "the reordering window SHOULD start from a small fraction of the
 * round-trip time or zero if no round-trip time estimate is available";
 * "The RACK reordering window MUST be bounded, and this bound SHOULD be
 * SRTT.") */
static int64_t reo_wnd_ns(struct rx_sender *s)
{
	const struct rack *r = priv(s);
	if (!r->reordering_seen) {
		if (in_recovery(s))
			return 0;
		if (s->sacked_segs >= (uint64_t)s->cfg->dupthresh)
			return 0;
	}
	if (s->cc.min_rtt_ns <= 0 || !s->have_srtt)
		return 0;
	return rx_min64((int64_t)r->reo_wnd_mult * s->cc.min_rtt_ns / 4, s->srtt_ns);
}

/* Step 5:
 *   RACK_detect_loss():
 *       timeout = 0
 *       RACK.reo_wnd = RACK_update_reo_wnd()
 *       For each segment, Segment, not acknowledged yet:
 *           If RACK_sent_after(RACK.xmit_ts, RACK.end_seq,
 *                              Segment.xmit_ts, Segment.end_seq):
 *               [sent_after() above: the order of transmission]
 *               remaining = Segment.xmit_ts + RACK.rtt +
 *                           RACK.reo_wnd - Now()
 *               If remaining <= 0:
 *                   Segment.lost = TRUE
 *                   Segment.xmit_ts = INFINITE_TS
 *               Else:
 *                   timeout = max(remaining, timeout)
 *       Return timeout
 * "Not acknowledged yet": not cumulatively ACKed nor SACKed.  A segment
 * marked lost and not yet retransmitted has RACK's INFINITE_TS (never sent
 * before anything); one marked lost and retransmitted has Segment.lost =
 * FALSE again (§6.1: "Upon transmitting a new segment or retransmitting an
 * old segment, record the time in Segment.xmit_ts and set Segment.lost to
 * FALSE"), so its retransmission is judged by its own time: a lost
 * retransmission is marked lost again. */
static int64_t detect_loss(struct rx_sender *s, int64_t now)
{
	const struct rack *r = priv(s);
	if (r->xmit_ns < 0)
		return 0;
	int64_t reo_wnd = reo_wnd_ns(s);
	int64_t timeout = 0;
	for (uint64_t i = s->una_idx; i < s->nxt_idx; i++) {
		const struct rx_seg *g = rx_seg_at(s, i);
		if (g->sacked || (g->lost && !g->rtx_inflight))
			continue;
		if (!sent_after(r->xmit_order, g->last_tx_order))
			continue;
		int64_t remaining = g->last_tx_ns + r->rtt_ns + reo_wnd - now;
		if (remaining <= 0) {
			if (g->lost)
				rx_sb_mark_rtx_lost(s, i);
			else
				rx_sb_mark_lost(s, i);
		} else if (remaining > timeout) {
			timeout = remaining;
		}
	}
	return timeout;
}

/* RACK_detect_loss_and_arm_timer(): "When an ACK is received or the RACK
 * reordering timer expires, call RACK_detect_loss_and_arm_timer()"; a
 * timeout still ahead arms the reordering timer in the slot (kind
 * RX_TMR_ER), which replaces whatever the slot held (§8: one timer with a
 * type).  When none is needed any more, a reorder timer still pending gives
 * the slot back to the timer policy: the RTO, started as RFC 6298 (5.1)
 * starts it (an ACK of new data already cancelled it, and the sender re-arms
 * the slot after such an ACK). */
static void detect_and_arm(struct rx_sender *s, int64_t now)
{
	int64_t timeout = detect_loss(s, now);
	bool mine = s->rtx.armed && s->rtx.kind == RX_TMR_ER;
	if (timeout > 0 && cfg_of(s)->reo_timer) {
		if (mine && s->rtx.expires_ns == now + timeout)
			return;
		s->rtx.rto_cap_ns = 0;
		rx_slot_arm(s, RX_TMR_ER, RX_F_RACK_REO, now + timeout, timeout);
	} else if (mine) {
		rx_slot_cancel(s);
		rx_slot_rearm(s, RX_ARM_RETRANSMIT);
	}
}

/* §7.4.1: "RACK_detect_loss() (Step 5) would mark those earlier segments as
 * lost.  Then the sender would trigger a fast recovery to recover those
 * losses."  Fast recovery starts when a segment is marked lost and not yet
 * retransmitted (the congestion-state machine acts only in Open, Disorder
 * and CWR).  §6.2 step 4 also says: "if some reordering has been observed,
 * then RACK does not trigger fast recovery based on DupThresh" -- DupThresh
 * acts only through the zero reordering window above. */
static int verdict(struct rx_sender *s)
{
	if (in_recovery(s))
		return RX_LD_NONE;
	return rx_sb_next_lost(s) ? RX_LD_FAST : RX_LD_NONE;
}

static int on_ack(struct rx_sender *s, const struct rx_ack_info *ai)
{
	detect_and_arm(s, ai->now_ns);
	return verdict(s);
}

/* the reordering timer fired (any state with data outstanding) */
static int on_timer(struct rx_sender *s)
{
	detect_and_arm(s, s->sim->now_ns);
	return verdict(s);
}

const struct rx_lossdet_ops rx_ld_rack = {
	.name = "rack",
	.label = "RACK (RFC 8985)",
	.doc = "RACK, time-based loss detection (RFC 8985 §6): a segment is lost once a segment sent after it was "
	       "delivered and RACK.rtt plus a reordering window has passed since it was sent (§6.2 step 5), which "
	       "also detects lost retransmissions; a reorder timer marks it when the window ends. The window is "
	       "min_RTT/4, bounded by SRTT, zero before any reordering is seen in recovery or once DupThresh "
	       "segments are SACKed, and grows by min_RTT/4 per round trip with a D-SACK, for 16 recoveries (§6.2 "
	       "step 4). Retransmissions whose delivery is ambiguous (TSecr, or sent again less than min_RTT ago) "
	       "are not used (§6.2 step 2). With the RFC 8985 TLP timer, the probe's SACK marks the earlier hole "
	       "lost (§7.4.1). It follows §5, §6.1, §6.2 and §7.4.1; on an RTO every outstanding segment is marked "
	       "lost (RFC 6675 §5.1) rather than §6.3's subset. Early Retransmit stays with 'dupack'. Parameters: "
	       "dsack_adapt, reo_timer.",
	.params = rack_params,
	.n_params = sizeof(rack_params) / sizeof(rack_params[0]),
	.cfg_size = sizeof(struct rack_cfg),
	.time_based = true,
	.init = init,
	.observe = observe,
	.on_ack = on_ack,
	.on_timer = on_timer,
};
