/* tslot.c — the sender's retransmission timer slot (as Linux keeps one
 * pending timer per socket, icsk_pending).  It holds an RTO, a loss probe
 * (PTO) or a loss-detection timer (delayed Early Retransmit, RACK's reorder
 * timer).  This file only arms, cancels and traces the slot; whether and when
 * it fires is decided by the timer policy (src/timers/, through
 * rx_slot_rearm()) or, for its own timer, by loss detection (src/lossdet/). */
#include "sim.h"

void rx_slot_trace(struct rx_sender *s, int ev)
{
	struct rx_tslot *t = &s->rtx;
	uint64_t to_us = (uint64_t)(t->timeout_ns > 0 ? t->timeout_ns : 0) / RX_NS_PER_US;
	rx_snd_trace(s, ev, (uint64_t)t->expires_ns, (uint32_t)rx_umin64(to_us, UINT32_MAX),
		     (uint8_t)(t->kind | (t->formula << 4)));
}

void rx_slot_arm(struct rx_sender *s, int kind, int formula, int64_t expires_ns, int64_t timeout_ns)
{
	struct rx_tslot *t = &s->rtx;
	if (expires_ns < s->sim->now_ns)
		expires_ns = s->sim->now_ns;
	t->kind = (uint8_t)kind;
	t->formula = (uint8_t)formula;
	t->timeout_ns = timeout_ns;
	rx_tslot_arm(s->sim, t, expires_ns, RX_HEV_RTX_TIMER, s);
	rx_slot_trace(s, RX_EV_TIMER_ARMED);
}

void rx_slot_cancel(struct rx_sender *s)
{
	if (s->rtx.armed) {
		rx_tslot_cancel(&s->rtx);
		rx_slot_trace(s, RX_EV_TIMER_CANCELLED);
	}
}

/* Ask the timer policy what the slot should hold after an event (enum
 * rx_arm_reason) and arm it; RFC 6298 (5.2): nothing outstanding, no timer. */
void rx_slot_rearm(struct rx_sender *s, int reason)
{
	if (s->out_bytes == 0) {
		rx_slot_cancel(s);
		return;
	}
	/* a time-based detector's timer (RACK's reorder timer) stays until it
	 * fires or loss detection replaces it: RFC 8985 §8, "When arming a RACK
	 * reordering timer or TLP PTO timer, the sender SHOULD cancel any other
	 * pending timers.  An implementation is expected to have one timer with
	 * an additional state variable indicating the type of the timer."  The
	 * transmissions that follow do not displace it (an ACK of new data
	 * cancels it before loss detection decides again, sender.c) */
	if (s->ld->time_based && s->rtx.armed && s->rtx.kind == RX_TMR_ER)
		return;
	struct rx_timer_decision d = { .kind = -1 };
	s->tmr->arm(s, reason, s->sim->now_ns, &d);
	if (d.kind < 0)
		return; /* keep what is pending */
	if (s->rtx.armed && s->rtx.kind == d.kind && s->rtx.expires_ns == d.expires_ns && s->rtx.formula == d.formula)
		return;
	s->rtx.rto_cap_ns = d.kind == RX_TMR_PROBE ? d.rto_cap_ns : 0;
	rx_slot_arm(s, d.kind, d.formula, d.expires_ns, d.timeout_ns);
}
