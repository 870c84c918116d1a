/* tmr_tlp.c — Tail Loss Probe as evaluated in the paper (§2.2; Dukkipati et
 * al., draft-dukkipati-tcpm-tcp-loss-probe-01, as Linux 3.x ran it):
 *   - scheduled after new data is sent or an ACK restarts the timer, only in
 *     the Open state, with SACK, once an RTT sample exists, and not while
 *     unsent data could be sent now;
 *   - PTO = max(2 SRTT, 10 ms) with more than one segment outstanding (eq. 1),
 *     max(2 SRTT, 1.5 SRTT + WCDelAckT) with one (eq. 2), never later than the
 *     RTO it replaces (paper §2.2: "the PTO is set to the minimum of the
 *     calculated PTO and the RTO");
 *   - which RTO that is, as Linux 3.17 re-arms it (the paper's hosts, §3.1):
 *     an ACK of new data, or new data sent, while the probe timer is pending
 *     re-arms the RTO through tcp_rearm_rto(), which then "offset[s] the time
 *     elapsed after installing regular RTO": the RTO expires RTO after the
 *     transmission of the write queue's head (the earliest outstanding
 *     segment), or a full RTO from now if that moment has passed
 *     (net/ipv4/tcp_input.c, tcp_rearm_rto(): ICSK_TIME_LOSS_PROBE pending,
 *     the head's send time + RTO, used only while it is still ahead;
 *     tcp_clean_rtx_queue() calls it on every ACK of new data,
 *     tcp_event_new_data_sent() when new data leaves with the probe pending;
 *     tcp_schedule_loss_probe() then caps the PTO at icsk_timeout, that RTO).
 *     With an RTO pending instead (no probe), an ACK restarts it to now + RTO
 *     (RFC 6298 (5.3)) and new data leaves it alone ((5.1)).  Read in a
 *     stored 3.18-era copy of the kernel (the code came with TLP in 3.10;
 *     3.18 only renamed the head's time stamp accessor).  So with one
 *     segment left, Eq. 2's PTO never fires later than RTO after that
 *     segment was sent: the same moment as RTO Restart's timer; and a
 *     retransmission of the head by loss recovery restarts the RTO, now +
 *     RTO (tcp_xmit_retransmit_queue(), below);
 *   - on expiry: one probe, new data if the receive window allows, else the
 *     last segment again; then the RTO is armed;
 *   - one probe per episode; an ACK beyond the probe's end without a
 *     D-SACK for the probe means the probe repaired a loss, and cwnd is
 *     reduced once (RFC 8985 §7.4.2).
 */
#include "tmr.h"

_Static_assert(sizeof(struct rx_tlp_episode) <= RX_TMR_PRIV_SIZE, "TLP state exceeds RX_TMR_PRIV_SIZE");

struct rx_tlp_episode *rx_tlp_episode(const struct rx_sender *s)
{
	return (struct rx_tlp_episode *)s->tmr_priv;
}

bool rx_tlp_may_schedule(const struct rx_sender *s)
{
	if (!s->cfg->sack || s->out_bytes == 0 || !s->have_srtt || rx_tlp_episode(s)->high_seq)
		return false;
	if (s->ca_state != RX_CA_OPEN)
		return false;
	/* not while cwnd has room and unsent data is waiting */
	return !rx_snd_can_send_new(s, false);
}

int64_t rx_tlp_pto_ns(const struct rx_sender *s, int *formula)
{
	int64_t two = 2 * s->srtt_ns;
	if (rx_snd_outstanding_segs(s) > 1) {
		*formula = RX_F_PTO_MULTI; /* eq. (1) */
		return rx_max64(two, 10 * RX_NS_PER_MS);
	}
	*formula = RX_F_PTO_SINGLE; /* eq. (2) */
	return rx_max64(two, s->srtt_ns + s->srtt_ns / 2 + rx_ms_to_ns(s->cfg->wc_delack_ms));
}

/* Linux 3.17's tcp_rearm_rto() with the probe timer pending (header): the
 * head's last transmission + RTO if still ahead, else now + RTO */
int64_t rx_tlp_rearm_rto_ns(const struct rx_sender *s, int64_t now)
{
	int64_t due = rx_snd_head_tx_ns(s) + s->rto_ns;
	return due > now ? due : now + s->rto_ns;
}

/* the RTO a probe placed now stands in for, as Linux 3.17 arms it (header):
 * the pending RTO when new data goes out behind it (RFC 6298 (5.1)), the
 * re-armed one of tcp_rearm_rto() while the probe timer is pending, else a
 * fresh one (5.3) */
int64_t rx_tlp_linux317_cap_ns(const struct rx_sender *s, int reason, int64_t now)
{
	if (reason == RX_ARM_SENT_NEW && s->rtx.armed && s->rtx.kind == RX_TMR_RTO)
		return s->rtx_due_ns;
	if (s->rtx.armed && s->rtx.kind == RX_TMR_PROBE)
		return rx_tlp_rearm_rto_ns(s, now);
	return now + s->rto_ns;
}

void rx_tlp_place_capped(int64_t now, int64_t pto, int formula, int64_t expires, int64_t cap,
			 struct rx_timer_decision *out)
{
	out->kind = RX_TMR_PROBE;
	out->formula = formula;
	out->timeout_ns = pto;
	out->rto_cap_ns = cap;
	out->expires_ns = rx_max64(now, expires);
	if (out->expires_ns > cap) {
		out->expires_ns = cap;
		out->formula = RX_F_PTO_CAPPED;
	}
}

void rx_tlp_place(struct rx_sender *s, int reason, int64_t now, int64_t pto, int formula, int64_t expires,
		  struct rx_timer_decision *out)
{
	/* the RTO that the probe stands in for: the pending one when new data
	 * goes out behind it, else a fresh one (RFC 6298 5.3); the pending
	 * one's deadline as asked for, before a kernel tick rounds it (the slot
	 * rounds the probe's own deadline in turn, tslot.c) */
	int64_t cap = now + s->rto_ns;
	if (reason == RX_ARM_SENT_NEW && s->rtx.armed && s->rtx.kind == RX_TMR_RTO)
		cap = s->rtx_due_ns;
	else if (s->rtx.armed && s->rtx.kind == RX_TMR_PROBE && s->rtx.rto_cap_ns > 0 && reason == RX_ARM_SENT_NEW)
		cap = s->rtx.rto_cap_ns;
	rx_tlp_place_capped(now, pto, formula, expires, cap, out);
}

static void tlp_arm(struct rx_sender *s, int reason, int64_t now, struct rx_timer_decision *out)
{
	if (reason == RX_ARM_AFTER_PROBE) {
		out->kind = RX_TMR_RTO;
		out->formula = RX_F_RTO;
		out->timeout_ns = s->rto_ns;
		out->expires_ns = now + s->rto_ns;
		return;
	}
	if ((reason == RX_ARM_SENT_NEW || reason == RX_ARM_ACK) && rx_tlp_may_schedule(s)) {
		int f;
		int64_t pto = rx_tlp_pto_ns(s, &f);
		rx_tlp_place_capped(now, pto, f, now + pto, rx_tlp_linux317_cap_ns(s, reason, now), out);
		return;
	}
	bool probe_pending = s->rtx.armed && s->rtx.kind == RX_TMR_PROBE;
	rx_tmr_standard_rto(s, reason, now, out);
	if (out->kind < 0 && probe_pending)
		out->kind = RX_TMR_RTO;
	/* no probe now (e.g. not Open): the RTO replacing a pending probe is
	 * re-armed as Linux 3.17 does it (header) */
	if (probe_pending && (reason == RX_ARM_ACK || reason == RX_ARM_SENT_NEW)) {
		out->kind = RX_TMR_RTO;
		out->formula = RX_F_RTO;
		out->timeout_ns = s->rto_ns;
		out->expires_ns = rx_tlp_rearm_rto_ns(s, now);
	}
	/* Linux 3.17 restarts the RTO when loss recovery retransmits the head
	 * of the write queue (net/ipv4/tcp_output.c, tcp_xmit_retransmit_queue():
	 * when the segment it retransmits is the head, it resets the
	 * retransmission timer to a full RTO from now), so an RTO re-armed
	 * from the head's first transmission while a probe was pending does not
	 * fire before its fast retransmission can be ACKed: the head's latest
	 * transmission is now */
	if (reason == RX_ARM_RETRANSMIT && rx_snd_head_tx_ns(s) == now) {
		out->kind = RX_TMR_RTO;
		out->formula = RX_F_RTO;
		out->timeout_ns = s->rto_ns;
		out->expires_ns = now + s->rto_ns;
	}
}

void rx_tlp_on_probe(struct rx_sender *s, int64_t now)
{
	(void)now;
	uint64_t idx;
	bool is_rtx = rx_snd_send_probe(s, &idx);
	const struct rx_seg *g = rx_seg_at(s, idx);
	struct rx_tlp_episode *e = rx_tlp_episode(s);
	e->high_seq = s->snd_nxt;
	e->probe_seq = g->seq;
	e->probe_end = g->seq + g->len;
	e->is_rtx = is_rtx;
	e->dsacked = false;
}

void rx_tlp_on_rto(struct rx_sender *s)
{
	rx_tlp_episode(s)->high_seq = 0;
}

/* The end of a TLP episode, RFC 8985 §7.4.2 (TLP.end_seq is high_seq here;
 * the pseudocode's comments in brackets):
 *
 *   TLP_process_ack(ACK):
 *   If TLP.end_seq is not None AND ACK's ack. number >= TLP.end_seq:
 *   If not TLP.is_retrans:
 *   TLP.end_seq = None    [TLP of new data delivered]
 *   Else if ACK has a DSACK option matching TLP.end_seq:
 *   TLP.end_seq = None    [Case 1, above]
 *   Else If ACK's ack. number > TLP.end_seq:
 *   TLP.end_seq = None    [Repaired the single loss]
 *   (Invoke congestion control to react to
 *   the loss event the probe has repaired)
 *   Else If ACK is a DupAck without any SACK option:
 *   TLP.end_seq = None     [Case 2, above]
 *
 * and "If the TLP sender does not receive such an indication, then it MUST
 * assume that the original data segment, the TLP retransmission, or a
 * corresponding ACK was lost for congestion control purposes."
 *
 * Only a D-SACK for the probe's own bytes (original and probe both arrived)
 * ends the episode without a response; a D-SACK for any other segment says
 * nothing about the probe.  A matching D-SACK that comes before the ACK
 * reaches TLP.end_seq (a hole below it) is remembered for that ACK.  An ACK
 * carrying a D-SACK block has a SACK option, so it is never Case 2. */
void rx_tlp_on_ack(struct rx_sender *s, const struct rx_ack_info *ai)
{
	struct rx_tlp_episode *e = rx_tlp_episode(s);
	if (!e->high_seq)
		return;
	if ((ai->flags & RX_ACKF_DSACK) && ai->dsack_start >= e->probe_seq && ai->dsack_end <= e->probe_end &&
	    ai->dsack_end > ai->dsack_start)
		e->dsacked = true; /* a D-SACK of the probe's bytes */
	if (ai->ack < e->high_seq)
		return;
	if (!e->is_rtx || e->dsacked) {
		e->high_seq = 0;
	} else if (ai->ack > e->high_seq) {
		rx_snd_count_tlp_loss(s);
		if (s->ca_state == RX_CA_OPEN || s->ca_state == RX_CA_DISORDER)
			rx_cs_enter_cwr(s);
		e->high_seq = 0;
	} else if (!(ai->flags & (RX_ACKF_ADVANCED | RX_ACKF_SACKED | RX_ACKF_DSACK))) {
		e->high_seq = 0;
	}
}

const struct rx_timer_ops rx_tmr_tlp = {
	.name = "tlp",
	.label = "TLP",
	.doc = "Tail Loss Probe (Dukkipati et al.; paper §2.2, as Linux 3.x ran it): in the Open state with SACK, a "
	       "probe timer PTO = max(2 SRTT, 10 ms) with several segments outstanding, or max(2 SRTT, 1.5 SRTT + "
	       "WCDelAckT) with one, replaces the RTO (never later than it). On expiry one probe goes out (new data if "
	       "allowed, else the last segment), whose ACK or SACK lets Early Retransmit or FACK start fast recovery. "
	       "The timer restarts on every ACK.",
	.arm = tlp_arm,
	.on_probe = rx_tlp_on_probe,
	.on_ack = rx_tlp_on_ack,
	.on_rto = rx_tlp_on_rto,
};
