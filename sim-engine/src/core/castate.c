/* castate.c — the congestion-state machine (states named as Linux names them:
 * Open, Disorder, CWR, Recovery, Loss) and the one undo path.
 *
 *   - fast recovery starts on loss detection's verdict (src/lossdet/):
 *     ssthresh from congestion control (RFC 5681 §3.2 step 2, eq. 4,
 *     FlightSize without limited-transmit data), RecoveryPoint = HighData
 *     (RFC 6675 (4.1)), the first lost segment is retransmitted at once
 *     (RFC 6675 (4.3)); the recovery family manages the window until the
 *     cumulative ACK reaches RecoveryPoint; without SACK a partial ACK
 *     retransmits the next hole at once (RFC 6582 §3.2 step 3);
 *   - CWR: a window reduction without retransmission (a loss a probe
 *     repaired, RFC 8985 §7.4.2), managed by the recovery family too;
 *   - Loss: after an RTO (RFC 6298 §5, RFC 5681 §3.1): ssthresh once per
 *     episode, cwnd = one segment, every outstanding segment marked lost;
 *   - undo (RFC 3522, RFC 5682, RFC 3708 responses): a spurious-timeout
 *     detector's verdict restores the window through congestion control's
 *     undo_cwnd(); detectors never touch cwnd themselves.
 *
 * RFC 4015 (the Eifel response): only its abstract and introduction could be
 * read (the stored copies end there; issue #10's helper eifelx searched the
 * pages, code and issue corpora).  The cwnd/ssthresh rule below
 * ("cwnd <- FlightSize + min (bytes_acked, IW)", "ssthresh <- pipe_prev",
 * "pipe_prev <- max (FlightSize, ssthresh)") is RFC 4015's as public code
 * quotes it; the step numbers cited for it here ("§3 (0)", "step 4") are
 * this file's own and not checked against the RFC.  The RFC's adaptation of
 * the retransmission timer (its abstract: "It adapts the retransmission
 * timer to avoid further spurious timeouts") is NOT modelled: its text was
 * not available, and secondary descriptions differ in the details.
 */
#include "sim.h"

void rx_cs_set_state(struct rx_sender *s, int st)
{
	if (st == s->ca_state)
		return;
	int64_t now = s->sim->now_ns;
	if (s->cc_ops->set_state)
		s->cc_ops->set_state(&s->cc, st, now);
	struct rx_flow_metrics *m = rx_snd_metrics(s);
	if (s->ca_state == RX_CA_RECOVERY)
		m->time_in_recovery_ms += (double)(now - s->recovery_start_ns) / 1e6;
	if (st == RX_CA_RECOVERY)
		s->recovery_start_ns = now;
	int prev = s->ca_state;
	s->ca_state = st;
	/* the state column holds the state entered; arg the one left */
	rx_snd_trace(s, RX_EV_STATE, s->snd_una, (uint32_t)prev, (uint8_t)st);
}

/* Limited-transmit data of the current run of duplicate ACKs: what the
 * sender sent in Disorder above lt_base_seq (max(snd.nxt, snd.una + cwnd)
 * when the run began; snd.una and cwnd do not move during a run), i.e. the
 * data only RFC 3042 allowed (rx_cs_send_quota). */
static uint64_t lt_bytes(const struct rx_sender *s)
{
	if (!s->cfg->limited_transmit || s->ca_state != RX_CA_DISORDER || s->dupacks == 0)
		return 0;
	return s->snd_nxt > s->lt_base_seq ? s->snd_nxt - s->lt_base_seq : 0;
}

/* exclude_lt: fast retransmit, RFC 5681 §3.2 step 2: "When the third
 * duplicate ACK is received, a TCP MUST set ssthresh to no more than the
 * value given in equation (4).  When [RFC3042] is in use, additional data
 * sent in limited transmit MUST NOT be included in this calculation." */
static uint64_t loss_basis(const struct rx_sender *s, bool exclude_lt)
{
	/* RFC 5681 eq. (4) uses FlightSize; Linux uses cwnd */
	if (s->cfg->ssthresh_from_cwnd)
		return s->cc.cwnd_bytes;
	return s->out_bytes - (exclude_lt ? lt_bytes(s) : 0);
}

/* The recovery member's switch (ops skips_cc_loss_response; QARR's and
 * BARR's tcp.recovery_params.skip_cc_loss_response): the opportunistic-
 * retransmission paper's QARR and BARR "do not employ ssthresh" (§II.D,
 * §II.E), "β=1 for QARR/BARR as it does not decrease ssthresh" (§V.C), and
 * their "CWnd/ssthreshs are unaffected by packet losses" (§VII.C).  Read
 * here as: at a fast recovery or CWR, ssthresh = cwnd (a multiplicative
 * decrease with β = 1) and congestion control's loss response is not
 * applied: cc->ssthresh() is not called (CUBIC keeps W_max, cwnd_prior and
 * its epoch, so t keeps running from the epoch before the loss, and takes
 * no undo snapshot; Reno, Veno, Vegas and Westwood's ssthresh() have no
 * side effects, only their value is replaced), and the reduction's end
 * sends no RX_CC_EV_COMPLETE_CWR (Westwood's cwnd = ssthresh at the end of
 * the reduction is that response).  set_state() is still called (state,
 * not a reduction: Vegas goes back to Reno mode for a round).  An RTO is
 * not a fast recovery: congestion control's ssthresh as always. */
static bool member_skips_cc(const struct rx_sender *s)
{
	return s->rec->skips_cc_loss_response && s->rec->skips_cc_loss_response(s);
}

/* remember the window for undo, then take congestion control's ssthresh
 * (or, with the member's switch, for a fast recovery or CWR: cwnd) */
static void reduce_ssthresh(struct rx_sender *s, bool exclude_lt, bool rto)
{
	s->cc.prior_cwnd_bytes = s->cc.cwnd_bytes;
	s->cc.prior_ssthresh_bytes = s->cc.ssthresh_bytes;
	if (!rto && member_skips_cc(s))
		s->cc.ssthresh_bytes = s->cc.cwnd_bytes; /* β = 1 */
	else
		s->cc.ssthresh_bytes = s->cc_ops->ssthresh(&s->cc, loss_basis(s, exclude_lt), s->sim->now_ns);
}

/* A retransmission outside the recovery's quota (RFC 6675 (4.3), "retransmit
 * it regardless of pipe"; a partial ACK's next hole; Hack 1): sent at once,
 * counted by the recovery member like any other (on_sent), with the
 * retransmission timer restarted. */
void rx_cs_retransmit_now(struct rx_sender *s, uint64_t idx, int cause)
{
	rx_snd_retransmit(s, idx, cause);
	if (s->rec->on_sent)
		s->rec->on_sent(s, idx, rx_seg_at(s, idx)->len, cause);
	rx_slot_rearm(s, RX_ARM_RETRANSMIT);
}

/* verdict: RX_LD_FAST or RX_LD_EARLY.  From CWR, recovery's enter()
 * replaces the CWR reduction. */
void rx_cs_enter_recovery(struct rx_sender *s, int verdict)
{
	struct rx_flow_metrics *m = rx_snd_metrics(s);
	m->recovery_episodes++;
	if (verdict == RX_LD_EARLY)
		m->er_count++;
	else
		m->fast_retransmits++;
	/* the first unacknowledged segment is presumed lost (RFC 6675 (4.3),
	 * RFC 5827 §3, RFC 5681 §3.2 step 2) */
	rx_sb_mark_lost(s, s->una_idx);
	reduce_ssthresh(s, true, false);
	s->recovery_point = s->snd_nxt; /* RFC 6675 (4.1) */
	s->high_rxt_idx = s->una_idx - 1;
	s->sp_watch = s->rtxlog_on = false; /* a new episode: an RTO's verdict no longer applies */
	rx_cs_set_state(s, RX_CA_RECOVERY);
	rx_rm_enter(s);
	s->rec->enter(s, RX_RED_RECOVERY, s->sim->now_ns);
	/* (4.3): retransmit it regardless of pipe */
	uint64_t idx = rx_sb_next_lost(s);
	if (idx)
		rx_cs_retransmit_now(s, idx, verdict == RX_LD_EARLY ? RX_TXC_EARLY : RX_TXC_FAST);
}

static void cc_event(struct rx_sender *s, int ev)
{
	if (s->cc_ops->cwnd_event)
		s->cc_ops->cwnd_event(&s->cc, ev);
}

static void exit_recovery(struct rx_sender *s)
{
	/* the duplicate-ACK credit a partial ACK kept (scoreboard.c) ends with
	 * recovery: RFC 6582 §3.2 step 3's full ACK deflates cwnd to ssthresh */
	s->reno_dupacks = 0;
	rx_rm_exit(s, false);
	s->rec->exit(s, RX_RED_RECOVERY, s->sim->now_ns);
	if (!member_skips_cc(s))
		cc_event(s, RX_CC_EV_COMPLETE_CWR);
	rx_cs_set_state(s, s->sacked_segs || s->dupacks ? RX_CA_DISORDER : RX_CA_OPEN);
}

/* A loss a probe repaired: reduce the window once, without retransmitting
 * (RFC 8985 §7.4.2; Linux's CWR state).  The recovery family sets the pace. */
void rx_cs_enter_cwr(struct rx_sender *s)
{
	s->sp_watch = s->rtxlog_on = false;
	reduce_ssthresh(s, false, false);
	s->rec->enter(s, RX_RED_CWR, s->sim->now_ns);
	s->recovery_point = s->snd_nxt;
	rx_cs_set_state(s, RX_CA_CWR);
}

/* NewReno without SACK, a partial ACK (one that advances snd.una but not to
 * the recovery point), RFC 6582 §3.2 step 3: "In this case, retransmit the
 * first unacknowledged segment."  The step retransmits at once, as the fast
 * retransmission itself (RFC 5681 §3.2 step 3, RFC 6675 (4.3)), not when the
 * window next allows: the recovery member's quota may be spent (without SACK
 * nothing after a partial ACK tells which later segments left the network)
 * and, if no duplicate ACK follows, only the RTO would send it.  Loss
 * detection decides which segment that is (it marks the first unacknowledged
 * one lost on a partial ACK, src/lossdet/); the recovery member counts the
 * retransmission through on_sent() like the fast retransmission. */
static void newreno_partial_ack(struct rx_sender *s)
{
	if (s->una_idx >= s->nxt_idx)
		return;
	struct rx_seg *g = rx_seg_at(s, s->una_idx);
	if (!g->lost || g->rtx_inflight)
		return;
	rx_cs_retransmit_now(s, s->una_idx, RX_TXC_LOST);
}

/* The state machine's part of the per-ACK pipeline, after the scoreboard,
 * RTT, congestion control and the timer policy took the ACK. */
void rx_cs_on_ack(struct rx_sender *s, const struct rx_ack_info *ai)
{
	switch (s->ca_state) {
	case RX_CA_RECOVERY:
		if (ai->rtt_ns >= 0)
			rx_rm_rtt(s, ai->rtt_ns);
		/* the recovery point reached ends recovery unless loss detection
		 * holds it (src/lossdet/: Linux's NewReno waits for an ACK above) */
		if (s->snd_una >= s->recovery_point && !(s->ld->holds_recovery && s->ld->holds_recovery(s, ai))) {
			exit_recovery(s);
			break;
		}
		s->ld->on_ack(s, ai); /* marks only (e.g. RFC 6582 partial ACK) */
		s->rec->on_ack(s, ai);
		if (!s->cfg->sack && ai->acked_bytes && s->snd_una < s->recovery_point)
			newreno_partial_ack(s);
		break;
	case RX_CA_LOSS:
		if (s->snd_una >= s->recovery_point) {
			rx_cs_set_state(s, s->sacked_segs ? RX_CA_DISORDER : RX_CA_OPEN);
		} else {
			s->ld->on_ack(s, ai);
		}
		break;
	case RX_CA_CWR:
		if (s->snd_una >= s->recovery_point) {
			s->rec->exit(s, RX_RED_CWR, s->sim->now_ns);
			if (!member_skips_cc(s))
				cc_event(s, RX_CC_EV_COMPLETE_CWR);
			rx_cs_set_state(s, RX_CA_OPEN);
		} else {
			s->rec->on_ack(s, ai);
		}
		/* loss detection runs in CWR as in Open */
		/* fall through */
	default:
		/* a time-based detector (RACK) judges every ACK, not only duplicate
		 * ACKs and SACKs: a segment is lost once a later-sent one was
		 * delivered and its reordering window passed (RFC 8985 §6.2) */
		if (s->out_bytes > 0 && (s->dupacks || s->sacked_segs || s->reno_dupacks || s->ld->time_based)) {
			int v = s->ld->on_ack(s, ai);
			if (v != RX_LD_NONE)
				rx_cs_enter_recovery(s, v);
			else if (s->ca_state != RX_CA_CWR)
				rx_cs_set_state(s, (s->sacked_segs || s->dupacks) ? RX_CA_DISORDER : RX_CA_OPEN);
		} else if (s->ca_state == RX_CA_DISORDER && s->sacked_segs == 0 && s->dupacks == 0) {
			rx_cs_set_state(s, RX_CA_OPEN);
		}
		break;
	}
}

/* Bytes the sender may send now: the recovery family's quota while a
 * reduction runs (Recovery, CWR); cwnd - pipe in Open and Loss; in Disorder
 * (duplicate ACKs or SACKs, no recovery yet) cwnd - FlightSize, plus limited
 * transmit:
 *   RFC 3042 §2: "a TCP sender [...] transmit[s] new data upon the arrival
 *   of the first two consecutive duplicate ACKs when [...] The amount of
 *   outstanding data would remain less than or equal to the congestion
 *   window plus 2 segments.  In other words, the sender can only send two
 *   segments beyond the congestion window (cwnd)."
 *   RFC 5681 §3.2 step 1: "On the first and second duplicate ACKs received
 *   at a sender, a TCP SHOULD send a segment of previously unsent data [...]
 *   provided that [...] the total FlightSize would remain less than or
 *   equal to cwnd plus 2*SMSS".
 * So the n-th duplicate ACK allows FlightSize up to cwnd + min(n, 2) SMSS:
 * one segment on each of the first two, none after, whatever DupThresh is.
 * s->dupacks counts RFC 5681 duplicate ACKs without SACK and, with SACK,
 * only those carrying new SACK information (RFC 6675 §2), as step 1
 * requires ("a sender using SACK [...] MUST NOT send new data unless the
 * incoming duplicate acknowledgment contains new SACK information"). */
/* rx_cs_send_quota() itself is inline in sim.h (the per-send path). */

/* The RTO fired with data outstanding (RFC 6298 (5.4)-(5.6), RFC 5681 §3.1). */
void rx_cs_on_rto(struct rx_sender *s)
{
	rx_snd_metrics(s)->rto_count++;
	s->rto_prior_state = s->ca_state;
	/* RFC 5681 §3.1 eq. (4); not again on a repeated timeout.  RFC 4015 §3
	 * (0): "Before the variables cwnd and ssthresh get updated when loss
	 * recovery is initiated, set a "pipe_prev" variable as follows:
	 * pipe_prev <- max (FlightSize, ssthresh)" */
	if (s->ca_state != RX_CA_LOSS || s->loss_undone) {
		s->rto_prior_state = s->ca_state == RX_CA_LOSS ? RX_CA_OPEN : s->ca_state; /* a new episode */
		s->sp_pipe_prev_bytes = rx_umax64(s->out_bytes, s->cc.ssthresh_bytes);
		/* and "SRTT_prev <- SRTT + (2 * G)", "RTTVAR_prev <- RTTVAR" (rtt.c) */
		s->sp_srtt_prev_ns = s->have_srtt ? s->srtt_ns + 2 * s->g_ns : 0;
		s->sp_rttvar_prev_ns = s->rttvar_ns;
		s->sp_snd_max_prev = s->snd_nxt;
		s->sp_rto_rebase = false;
		reduce_ssthresh(s, false, true);
	}
	if (s->ca_state == RX_CA_RECOVERY)
		rx_rm_exit(s, true);
	rx_rm_abandon(s); /* an RTO abandons an open period, also one that outlasted its episode (recmetrics.c) */
	if (s->ca_state == RX_CA_RECOVERY)
		s->rec->exit(s, RX_RED_RECOVERY, s->sim->now_ns);
	else if (s->ca_state == RX_CA_CWR)
		s->rec->exit(s, RX_RED_CWR, s->sim->now_ns);
	s->cc.cwnd_bytes = s->mss; /* loss window */
	cc_event(s, RX_CC_EV_LOSS);
	rx_sb_mark_all_lost(s);
	if (s->ld->on_rto)
		s->ld->on_rto(s);
	s->recovery_point = s->snd_nxt;
	if (s->tmr->on_rto)
		s->tmr->on_rto(s);
	s->loss_undone = false;
	rx_cs_set_state(s, RX_CA_LOSS);
	rx_rtt_backoff(s); /* (5.5) */
	/* a new episode's retransmission log (RFC 3708 §3), when a detector
	 * watches; a repeated timeout extends the episode */
	if (s->n_sp && s->rto_prior_state != RX_CA_LOSS) {
		s->rtxlog_n = 0;
		s->rtxlog_dsacked = 0;
		s->rtxlog_overflow = false;
	}
	s->rtxlog_on = s->n_sp > 0;
	/* (5.4) retransmit the earliest segment, (5.6) restart the timer */
	uint64_t idx = rx_sb_next_lost(s);
	if (idx)
		rx_snd_retransmit(s, idx, RX_TXC_RTO);
	rx_slot_arm(s, RX_TMR_RTO, RX_F_RTO, s->sim->now_ns + s->rto_ns, s->rto_ns);
	/* spurious-timeout detectors watch the ACKs that follow */
	s->sp_watch = s->n_sp > 0;
	s->sp_done = 0;
	s->sp_new_end = 0;
	for (int i = 0; i < s->n_sp; i++)
		s->sp[i]->on_rto(s, s->sp_priv[i]);
}

/* After an RTO, each detector in turn judges the ACK (RFC 5682 §2, RFC 3522
 * §2, RFC 3708 §3), in Loss and after it (D-SACKs come late), until a fast
 * recovery or a window reduction starts a new episode.  The first spurious verdict wins and is
 * answered at once; a genuine verdict retires only the detector that gave it
 * (a pair detects what either member detects: Eifel finding no evidence on
 * the first ACK does not stop F-RTO from finding it on the second), and the
 * watch ends once every detector has retired. */
void rx_cs_spurious_on_ack(struct rx_sender *s, const struct rx_ack_info *ai)
{
	if (!s->sp_watch || s->ca_state == RX_CA_RECOVERY || s->ca_state == RX_CA_CWR)
		return;
	unsigned all = (1u << s->n_sp) - 1;
	for (int i = 0; i < s->n_sp; i++) {
		if (s->sp_done & (1u << i))
			continue;
		int rule = 0;
		int v = s->sp[i]->on_ack(s, s->sp_priv[i], ai, &rule);
		if (v == RX_SP_GENUINE) {
			s->sp_done |= 1u << i;
			s->sp_watch = s->sp_done != all;
			s->rtxlog_on = s->rtxlog_on && s->sp_watch;
		} else if (v == RX_SP_SPURIOUS) {
			s->sp_watch = s->rtxlog_on = false;
			rx_snd_metrics(s)->spurious_rtos_detected++;
			rx_cs_undo(s, ai, i, rule);
			return;
		}
	}
}

/* F-RTO step 2b (RFC 5682 §2, §3): a detector waiting on new data holds
 * NextSeg() rule 1 back (sender.c) until it has its verdict. */
bool rx_cs_sp_send_new(struct rx_sender *s)
{
	if (s->ca_state != RX_CA_LOSS)
		return false;
	for (int i = 0; i < s->n_sp; i++)
		if (s->sp[i]->may_send_new && s->sp[i]->may_send_new(s, s->sp_priv[i])) {
			if (!s->sp_new_end) /* the hold begins: two segments from here */
				s->sp_new_end = s->snd_nxt + 2 * (uint64_t)s->mss;
			return true;
		}
	return false;
}

void rx_cs_rtxlog_dsack(struct rx_sender *s, uint64_t start, uint64_t end)
{
	for (int i = 0; i < s->rtxlog_n; i++)
		if (s->rtxlog_seq[i] >= start && s->rtxlog_seq[i] + s->rtxlog_len[i] <= end)
			s->rtxlog_dsacked |= UINT64_C(1) << i;
}

/* The one undo path: the reduction was not needed.  The response
 * (tcp.spurious_response) sets the window: revert -- ssthresh returns to its
 * value before the reduction (if that was larger), congestion control names
 * the window to restore (cc->undo_cwnd); rfc4015 -- RFC 4015 §3 step 4,
 * and its RTO adaptation on a later ACK (rtt.c); halve
 * -- the F-RTO paper's §3: cwnd = ssthresh, the reduction kept; none --
 * nothing (detect only).  On an undo
 * segments marked lost but never retransmitted are unmarked, loss detection
 * derives its marks again (its on_undo: a hole is found lost by its own rule,
 * RFC 6675 §4 IsLost() or RACK, as if the RTO had not marked it), and the
 * sender returns to Open (or Disorder while SACKed data remains).  Whatever
 * the response, the verdict goes into the trace as a spurious event: detector
 * i of the flow's list (its index in the spurious family), the rule it named,
 * the deciding ACK, the window before and after, and the response. */
void rx_cs_undo(struct rx_sender *s, const struct rx_ack_info *ai, int detector, int rule)
{
	uint64_t old_cwnd = s->cc.cwnd_bytes, old_ssthresh = s->cc.ssthresh_bytes;
	int response = (int)s->cfg->spurious_response;
	switch (response) {
	case RX_SPR_NONE: /* detect only */
		break;
	case RX_SPR_RFC4015:
		/* RFC 4015 §3 (4): "Set cwnd <- FlightSize + min (bytes_acked, IW)"
		 * and "ssthresh <- pipe_prev" (FlightSize after this ACK) */
		s->cc.cwnd_bytes =
			rx_umax64(s->out_bytes + rx_umin64(ai->acked_bytes, (uint64_t)s->cfg->iw * s->mss), s->mss);
		s->cc.ssthresh_bytes = s->sp_pipe_prev_bytes;
		/* and the RTO adaptation, on the first RTT sample of data sent
		 * after the timeout (rtt.c rx_rtt_eifel_rebase) */
		s->sp_rto_rebase = s->sp_srtt_prev_ns > 0 && s->cfg->rtt_profile != RX_RTT_LINUX;
		break;
	case RX_SPR_HALVE:
		/* F-RTO paper §3 step 2a: "the congestion window size is set to have
		 * the same value as ssthresh" (half the flight at the timeout), and
		 * the sender goes on in congestion avoidance: the reduction stays */
		s->cc.cwnd_bytes = rx_umax64(s->cc.ssthresh_bytes, s->mss);
		break;
	default: /* revert */
		s->cc.cwnd_bytes = rx_umax64(s->cc_ops->undo_cwnd(&s->cc), s->mss);
		s->cc.ssthresh_bytes = rx_umax64(s->cc.ssthresh_bytes, s->cc.prior_ssthresh_bytes);
		break;
	}
	if (response != RX_SPR_NONE) {
		rx_snd_metrics(s)->undo_count++;
		if (response != RX_SPR_HALVE) /* halve keeps congestion control's reduction */
			cc_event(s, RX_CC_EV_SPURIOUS_UNDO);
		for (uint64_t i = s->una_idx; i < s->nxt_idx; i++) {
			struct rx_seg *g = rx_seg_at(s, i);
			if (g->lost && !g->rtx_inflight) {
				g->lost = 0;
				s->lost_bytes -= g->len;
			}
		}
		/* the loss detector derives its marks again (RFC 6675 §4 IsLost()
		 * applies to the holes the RTO had marked) */
		if (s->ld->on_undo)
			s->ld->on_undo(s);
		/* a rule that stays in Loss (Linux's timestamp undo without SACK)
		 * keeps the state until the ACKs reach recover (rx_cs_on_ack) */
		const struct rx_spurious_ops *d = s->sp[detector];
		if (rule >= 0 && (size_t)rule < d->n_rules && d->rules[rule].stays_in_loss && s->ca_state == RX_CA_LOSS)
			s->loss_undone = true;
		else
			rx_cs_set_state(s, s->sacked_segs ? RX_CA_DISORDER : RX_CA_OPEN);
	}
	uint32_t words = rx_trace_add_spurious(s->sim, old_cwnd, old_ssthresh);
	rx_trace_add_cause(s->sim, RX_EV_SPURIOUS, s->flow, ai->ack, words, (uint8_t)((rule & 15) | (response << 4)),
			   (uint8_t)s->sp_member[detector]);
}
