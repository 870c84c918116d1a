/* tmr_tlp_rfc8985.c — the TLP of RACK-TLP (RFC 8985 §7) as current Linux runs
 * it (facts from its documented behaviour):
 *   - scheduled in the Open or CWR state with SACK and no probe outstanding;
 *   - PTO = 2 SRTT, plus WCDelAckT with one segment outstanding, plus 2 ms
 *     otherwise (Linux's floor); 1 s before any RTT sample (§7.2);
 *   - never later than the RTO it stands in for, TCP_RTO_expiration() of
 *     §7.2: after an ACK of new data that is now + RTO (RFC 6298 (5.3)
 *     restarts the RTO on that ACK), after new data the pending RTO's
 *     expiry ((5.1) does not restart a running timer);
 *   - after the probe the RTO restarts: one full RTO from the probe (§7.3).
 * With a kernel tick (tcp.hz) nothing here changes: the slot holds the PTO in
 * whole ticks, rounded up, and fires it one tick after that count (tslot.c,
 * rules 1 and 2), so 2 SRTT + 2 ms becomes "2 SRTT + 2 jiffies" at HZ 250
 * (with 2 SRTT a whole number of 4 ms ticks: the 2 ms round up to one tick,
 * the wheel adds the other), the +208, +108, +48 and +28 ms Linux 6.18 showed
 * at RTT 100, 50, 20 and 10 ms (measured +207-208, +107, +47, +27-28; the
 * kernel's ACK came part of a tick after a boundary).  Adding 2 ticks here
 * instead of 2 ms would put them one tick later than measured.  The cap is
 * the RTO in whole ticks (rtt.c, linux profile).
 * RACK's time-based loss detection itself is not part of this timer: it is
 * the loss-detection member 'rack' (src/lossdet/ld_rack.c), whose detection
 * the probe's ACK runs (§7.4.1); with 'dupack' the probe's ACK reaches
 * DupThresh, FACK or Early Retransmit. */
#include "tmr.h"

static bool may_schedule(const struct rx_sender *s)
{
	if (!s->cfg->sack || s->out_bytes == 0 || rx_tlp_episode(s)->high_seq)
		return false;
	return s->ca_state == RX_CA_OPEN || s->ca_state == RX_CA_CWR;
}

static void arm(struct rx_sender *s, int reason, int64_t now, struct rx_timer_decision *out)
{
	if (reason == RX_ARM_AFTER_PROBE) {
		/* RFC 8985 §7.3: "After attempting to send a loss probe,
		 * regardless of whether a loss probe was sent, the sender MUST
		 * re-arm the RTO timer, not the PTO timer, if FlightSize is not
		 * zero."  Its pseudocode: "If FlightSize is not zero: Rearm RTO
		 * timer to fire at timeout = now + RTO".  (The slot is only
		 * re-armed with data outstanding.) */
		out->kind = RX_TMR_RTO;
		out->formula = RX_F_RTO;
		out->timeout_ns = s->rto_ns;
		out->expires_ns = now + s->rto_ns;
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
		/* RFC 8985 §7.2, TLP_calc_PTO(): "If Now() + PTO >
		 * TCP_RTO_expiration(): PTO = TCP_RTO_expiration() - Now()".
		 * rx_tlp_place() takes TCP_RTO_expiration() as RFC 6298 keeps
		 * it: now + RTO on an ACK (5.3), the pending RTO when new data
		 * goes out behind it (5.1). */
		rx_tlp_place(s, reason, now, pto, f, now + pto, out);
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
	       "never later than the RTO it stands in for (now + RTO after an ACK of new data, §7.2); after the "
	       "probe the RTO restarts one full RTO from the probe (§7.3). With a kernel tick (tcp.hz) the PTO is held "
	       "in whole ticks and fires one tick after them: 2 SRTT + 2 jiffies at HZ 250, as Linux 6.18 measured "
	       "(+208 ms after the ACK at RTT 100). RACK's time-based loss detection is the loss-detection member "
	       "'rack' (tcp.lossdet), which uses the probe's SACK (§7.4.1).",
	.arm = arm,
	.on_probe = rx_tlp_on_probe,
	.on_ack = rx_tlp_on_ack,
	.on_rto = rx_tlp_on_rto,
};
