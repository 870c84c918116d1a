/* tslot.c — the sender's retransmission timer slot (as Linux keeps one
 * pending timer per socket, icsk_pending).  It holds an RTO, a loss probe
 * (PTO), a loss-detection timer (delayed Early Retransmit, RACK's reorder
 * timer) or the persist timer (rx_slot_persist, at the end).  This file only arms, cancels and traces the slot; whether and when
 * it fires is decided by the timer policy (src/timers/, through
 * rx_slot_rearm()) or, for its own timer, by loss detection (src/lossdet/).
 *
 * The kernel tick (tcp.hz).  With hz = 0, the default, time is continuous: a
 * timer fires at the very deadline its policy asked for.  With a tick T =
 * 1/hz (4 ms at HZ 250, 1 ms at HZ 1000) the slot's timers run as Linux runs
 * its TCP timers (facts from the kernel's documented behaviour and from the
 * figures measured in shared/linux-reference at HZ 250; no kernel code):
 *
 *   Rule 1, whole ticks.  A timer's length x (deadline - now) is held as
 *   n = ceil(x / T) ticks: the kernel converts its microsecond lengths to
 *   jiffies rounding up (usecs_to_jiffies()) and arms the timer for
 *   jiffies + n.  Every timer of the slot: the RTO (whose length the linux
 *   profile already keeps in whole ticks, rtt.c), the probe, the
 *   loss-detection timer, and a deadline counted from an earlier event (RTO
 *   Restart's, a probe's capped at the RTO it stands in for), which the
 *   kernel too re-arms as jiffies + n from now.
 *
 *   Rule 2, on a tick boundary, never early.  The tick count at `now` is
 *   floor(now / T), ticks counted from t = 0; a timer armed for that count
 *   + n fires on the boundary (floor(now / T) + n + 1) T.  The kernel's timer
 *   wheel files a timer one tick later than its count, because part of the
 *   current tick is already gone and a timer must not fire before n whole
 *   ticks have passed (the guarantee its source documents: a timer never
 *   fires early).  So an n-tick timer fires
 *   more than n T and at most (n + 1) T after it was armed; armed on a
 *   boundary (a probe or an RTO sent by a timer), exactly (n + 1) T.
 *
 * The figures these rules reproduce (HZ 250):
 *   - the PTO with two or more segments in flight, +207-208 ms after the ACK
 *     at RTT 100, +107 at 50, +47 at 20, +27-28 at 10 ("2 SRTT + 2
 *     jiffies"): the PTO is 2 SRTT + 2 ms (tmr_tlp_rfc8985.c), rule 1 makes
 *     it 51, 26, 11 and 6 ticks, rule 2 fires it one tick later: 52, 27, 12
 *     and 7 ticks = 208, 108, 48 and 28 ms, less the part of the tick gone
 *     when the ACK came (the 1 ms of 107 and 47).  Rule 1 alone gives 204,
 *     104, 44, 24 ms; a 2-tick term on top of rule 2 would give 212, 112, 52,
 *     32 ms: neither fits;
 *   - the RTO restarted by a probe, which a timer sends on a tick boundary:
 *     +228 ms after the probe at RTT 20 (RTO 224 ms = 56 ticks, + 1; the
 *     kernel's SRTT a little over 20 ms, see rtt.c), and +256 ms at RTT 50
 *     (tlp-tail2-lost: 252 ms = 63 ticks, + 1); rule 1 alone gives 224 and
 *     252;
 *   - the RTO at RTT 10 re-armed from the head's send time, +219.8 ms after
 *     that send for an RTO of 212 ms (53 ticks): re-armed as a count of ticks
 *     from a later moment it fires within (212, 220] ms of the send by both
 *     rules, within (208, 216] by rule 1 alone;
 *   - the first RTO of one segment at RTT 100 (tcpi_rto 304 ms) and its
 *     backoff (608, 1216 ms): rtt.c.
 * What they leave out: the timer wheel's coarser levels.  At HZ 250 a timer
 * of 63 ticks or more (252 ms) is filed at a granularity of 8 ticks (32 ms),
 * one of 504 or more (about 2 s) at 64 ticks (256 ms), so the kernel fires
 * it up to 7 (63) ticks later than rule 2: the measured RTOs +335, +640,
 * +1248, +2688 ms for nominal 304, 608, 1216, 2432 ms, and the one-segment
 * probe's +255...+279 ms at RTT 50.  That lateness depends on where a timer
 * falls in the wheel, not on TCP; it is not modelled, and the reference
 * comparison allows it (python/rexsim/linux_reference.py).  Nor is the
 * tick's phase: the kernel's ticks bear no relation to a connection's
 * events, the engine's are counted from t = 0.  Timers outside this slot
 * follow the same rules where the kernel's do: the receiver's delayed-ACK
 * timer (receiver.c, with rx_tick_expiry()); the path's stay continuous.
 * RACK's reorder timer is a loss-detection timer of this slot, so it is on
 * the tick like the others.
 *
 * The sender keeps both: rtx_due_ns, the deadline the policy asked for (what
 * policies compare and cap against), and rtx.expires_ns, when the slot fires
 * (the same in continuous time).  rx_tick_ceil() (rule 1) is in sim.h. */
#include "sim.h"

void rx_slot_trace(struct rx_sender *s, int ev)
{
	struct rx_tslot *t = &s->rtx;
	uint64_t to_us = (uint64_t)(t->timeout_ns > 0 ? t->timeout_ns : 0) / RX_NS_PER_US;
	rx_snd_trace(s, ev, (uint64_t)t->expires_ns, (uint32_t)rx_umin64(to_us, UINT32_MAX),
		     (uint8_t)(t->kind | (t->formula << 4)));
}

static void arm(struct rx_sender *s, int kind, int formula, int64_t fire_ns, int64_t timeout_ns)
{
	struct rx_tslot *t = &s->rtx;
	t->kind = (uint8_t)kind;
	t->formula = (uint8_t)formula;
	t->timeout_ns = timeout_ns;
	rx_tslot_arm(s->sim, t, fire_ns, RX_HEV_RTX_TIMER, s);
	rx_slot_trace(s, RX_EV_TIMER_ARMED);
}

/* The tick's path, out of line, so that continuous time pays one test for it
 * and keeps the registers its divisions would take. */
static __attribute__((noinline)) void arm_on_tick(struct rx_sender *s, int kind, int formula, int64_t due_ns,
						  int64_t timeout_ns)
{
	arm(s, kind, formula, rx_tick_expiry(s->tick_ns, s->sim->now_ns, due_ns), timeout_ns);
}

/* Arm the slot for `expires_ns` (not before now): it fires then in continuous
 * time, on the tick by rules 1 and 2 otherwise. */
void rx_slot_arm(struct rx_sender *s, int kind, int formula, int64_t expires_ns, int64_t timeout_ns)
{
	if (expires_ns < s->sim->now_ns)
		expires_ns = s->sim->now_ns;
	s->rtx_due_ns = expires_ns;
	if (s->tick_ns)
		arm_on_tick(s, kind, formula, expires_ns, timeout_ns);
	else
		arm(s, kind, formula, expires_ns, timeout_ns);
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
	if (s->rtx.armed && s->rtx.kind == d.kind && s->rtx_due_ns == d.expires_ns && s->rtx.formula == d.formula)
		return;
	s->rtx.rto_cap_ns = d.kind == RX_TMR_PROBE ? d.rto_cap_ns : 0;
	rx_slot_arm(s, d.kind, d.formula, d.expires_ns, d.timeout_ns);
}

/* The persist timer, a core timer kind of this slot (RFC 9293 §3.8.6.1,
 * "Zero-Window Probing"; RFC 1122 4.2.2.17).  It is pending while the
 * sender is stalled by the window: nothing in flight (so no RTO is pending
 * and no ACK will come on its own), unsent data, and a receive window too
 * small for the next segment (the sender sends whole segments: its SWS
 * avoidance, §3.8.6.2.1).  Rules:
 *  P1. The first zero-window probe one RTO after the stall began, the
 *      current RTO (RFC 9293's requirement summary: the first probe after the
 *      RTO, SHLD-29; exponential backoff of successive probes, SHLD-30).
 *  P2. Each probe sent doubles the next interval: RTO x 2^probes, at most the
 *      maximum RTO (tcp.max_rto_ms; Linux caps its persist timer at its RTO
 *      maximum, 120 s).  An ACK that leaves the window closed keeps the
 *      pending timer (probes stay on their backoff times); one that opens it
 *      lets data out, which stops the timer and resets the count.
 *  P3. The connection is never closed by probing: RFC 9293 says the sender
 *      MUST NOT close while the receiver keeps answering (MUST-37).
 * The text of RFC 1122 4.2.2.17 could not be retrieved from the reference
 * corpus; the rules above rest on RFC 9293's summary of it. */
void rx_slot_persist(struct rx_sender *s)
{
	bool stalled = s->established && s->out_bytes == 0 && rx_snd_has_unsent(s) && !rx_snd_can_send_new(s, true);
	bool pending = s->rtx.armed && s->rtx.kind == RX_TMR_PERSIST;
	if (!stalled) {
		if (pending)
			rx_slot_cancel(s);
		s->zwp_probes = 0;
		return;
	}
	if (pending)
		return;
	int shift = s->zwp_probes < 30 ? (int)s->zwp_probes : 30; /* P2 */
	int64_t wait = s->rto_ns;
	for (int k = 0; k < shift && wait < s->max_rto_ns; k++)
		wait *= 2;
	if (s->max_rto_ns > 0 && wait > s->max_rto_ns)
		wait = s->max_rto_ns;
	rx_slot_arm(s, RX_TMR_PERSIST, RX_F_PERSIST, s->sim->now_ns + wait, wait);
}
