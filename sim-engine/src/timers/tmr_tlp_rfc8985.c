/* tmr_tlp_rfc8985.c — the TLP of RACK-TLP (RFC 8985 §7) as current Linux runs
 * it (facts from its documented behaviour):
 *   - scheduled in the Open or CWR state with SACK and no probe outstanding;
 *   - PTO = 2 SRTT, plus WCDelAckT with one segment outstanding, plus 2 ms
 *     otherwise (Linux's floor); 1 s before any RTT sample (§7.2);
 *   - never later than the RTO counted from the transmission of the first
 *     outstanding segment, and after a probe the RTO is re-armed relative to
 *     that transmission too (Linux's rto_delta).
 * RACK's time-based loss detection itself is not part of this timer; loss
 * detection stays the core's (dupthresh, Early Retransmit, FACK). */
#include "tmr.h"

static bool may_schedule(const struct rx_sender *s)
{
	if (!s->cfg->sack || s->out_bytes == 0 || rx_tlp_episode(s)->high_seq)
		return false;
	return s->ca_state == RX_CA_OPEN || s->ca_state == RX_CA_CWR;
}

static void arm(struct rx_sender *s, int reason, int64_t now, struct rx_timer_decision *out)
{
	int64_t head_rto = rx_max64(now, rx_snd_head_tx_ns(s) + s->rto_ns);
	if (reason == RX_ARM_AFTER_PROBE) {
		out->kind = RX_TMR_RTO;
		out->formula = RX_F_RTOR;
		out->timeout_ns = s->rto_ns;
		out->expires_ns = head_rto;
		return;
	}
	if ((reason == RX_ARM_SENT_NEW || reason == RX_ARM_ACK) && may_schedule(s)) {
		int64_t pto;
		int f = RX_F_PTO_RFC8985;
		if (!s->have_srtt) {
			pto = RX_NS_PER_S;
			f = RX_F_PTO_NO_SRTT;
		} else if (rx_snd_outstanding_segs(s) == 1) {
			pto = 2 * s->srtt_ns + rx_ms_to_ns(s->cfg->wc_delack_ms);
		} else {
			pto = 2 * s->srtt_ns + 2 * RX_NS_PER_MS;
		}
		out->kind = RX_TMR_PROBE;
		out->formula = f;
		out->timeout_ns = pto;
		out->rto_cap_ns = head_rto;
		out->expires_ns = now + pto;
		if (out->expires_ns > head_rto) {
			out->expires_ns = head_rto;
			out->formula = RX_F_PTO_CAPPED;
		}
		return;
	}
	rx_tmr_standard_rto(s, reason, now, out);
	if (out->kind < 0 && s->rtx.armed && s->rtx.kind == RX_TMR_PROBE)
		out->kind = RX_TMR_RTO;
}

const struct rx_timer_ops rx_tmr_tlp_rfc8985 = {
	.name = "tlp_rfc8985",
	.label = "TLP (RFC 8985)",
	.doc = "The Tail Loss Probe of RACK-TLP (RFC 8985 §7) as current Linux runs it: PTO = 2 SRTT (+ WCDelAckT with "
	       "one segment outstanding, + 2 ms otherwise; 1 s without an RTT sample), in the Open or CWR state, "
	       "capped by the RTO counted from the first outstanding segment's transmission; after the probe the RTO "
	       "is re-armed relative to that transmission. RACK's time-based loss detection is not modelled by this "
	       "timer.",
	.arm = arm,
	.on_probe = rx_tlp_on_probe,
	.on_ack = rx_tlp_on_ack,
	.on_rto = rx_tlp_on_rto,
};
