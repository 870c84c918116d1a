/* sndbuf.c — the send buffer between the application and the sender, its
 * growth with cwnd, and the application-stall metric.
 *
 * Source: "opportunistic retransmission and send-buffer growth" paper
 * (shared/papers/opportunistic-retransmission-sndbuf.txt, OCR'd), §V
 * "Application stall" and §VI "Implementation":
 *
 *  - §V.A (Linux sndbuf memory management): "all sent data must be stored in
 *    the sndbuf before being sequentially acknowledged"; tcp_sendmsg() sleeps
 *    (SOCK_NOSPACE) when the buffer has no room, and tcp_write_space() wakes
 *    the writer on an ACK that frees space, but only past a third of the
 *    buffer.
 *  - §V.B (current growth): the size starts at snd_wmem_default ("e.g.,
 *    16KB"), "increases multiplicatively according to the CWnd size and the
 *    increasing factor is 2, which makes sndbuf=2CW", up to snd_wmem_max;
 *    rule (c): "Once free_space>sndbuf/3, sndbuf will move forward for
 *    free_space to fetch new data segments from application to fill it up."
 *  - §V.C (refined growth): the factor becomes 3 (Theorem 11: bsnd >=
 *    3(1+β)CW/2, and β = 1 for QARR/BARR gives bsnd >= 3CW, eqs. 18-22);
 *    §VI exposes it as snd_buffer_grow_factor, 3 by default.
 *  - Definition 1 (application stall): "the TCP sender cannot timely move the
 *    application data from the application layer to the transport layer,
 *    resulting in the transport layer not having sufficient data to
 *    transmit"; the paper measures it during the loss-recovery phase (§IV.B:
 *    "application stall occurs during over 61.1% of the loss recovery phase").
 *
 * Interpretations (the OCR and the paper leave these open):
 *  1. The wake threshold.  §V.A's sentence reads "awakened up only if the
 *     free space of the sndbuf is less or equal to the 1/3 of the total
 *     space", which contradicts §V.B rule (c) ("free_space>sndbuf/3"),
 *     Theorem 10 (stall for bfree <= 2CW/3 = bsnd/3, none for bfree > bsnd/3,
 *     eq. 17) and Theorem 11 (max(bfree) = bsnd/3).  We follow rule (c) and
 *     the theorems: the sleeping writer wakes when free > size/3, strictly,
 *     computed exactly in integers (3 free > size).
 *  2. The buffer counts payload bytes, not the kernel's per-skb truesize;
 *     its occupancy is app_end - snd_una: written and not cumulatively ACKed
 *     ("freed if they are acknowledged sequentially", §V.B), so SACKed data
 *     still occupies it.
 *  3. When the writer wakes it fills the buffer "up" (rule (c)) in whole
 *     segments: it writes what it wants if that fits, else as many full MSS
 *     as fit, and sleeps again.  A writer that never slept writes the same
 *     way.  So a bulk writer never hands the sender a runt segment.
 *  4. Growth: the size becomes max(size, growth × cwnd), capped at
 *     tcp.sndbuf_limit_bytes (snd_wmem_max), looked at before every
 *     transmission opportunity (an ACK, a timer, a write).  "increases ...
 *     until CWnd stops increasing": it never shrinks, so after a reduction it
 *     stays at growth × the largest cwnd (Theorem 10's steady state, bsnd =
 *     2CW with CW the window before the loss).  The kernel's other conditions
 *     on expanding (memory pressure, its per-skb overhead) are not modelled.
 *  5. Zero scheduling delay: the woken writer writes at the instant of the
 *     ACK that woke it (the paper's model "assumes zero processing delay",
 *     §V.D), before the sender transmits on that ACK.
 *  6. The stall metric makes Definition 1 measurable: the sender is stalled
 *     while its writer sleeps on the full buffer, no unsent data is left in
 *     the buffer, and both cwnd (the congestion-state machine's send quota)
 *     and the receive window have room for a full segment, so only the
 *     missing data stops a transmission.  With opportunistic retransmission
 *     (tcp.opportunistic_rtx, §IV) "room in the receive window" includes
 *     the allowance past it that the transmit step would use (sender.c,
 *     opportunistic_allows: up to the n1 + n2 segments from SND.UNA to the
 *     highest SACK, in fast recovery): a sender that may send a segment
 *     opportunistically but has no data is stalled by Definition 1 ("the
 *     transport layer not having sufficient data to transmit") as much as
 *     one held only by cwnd.  Without it the allowance is never granted and
 *     the metric is as before.  A source-limited application
 *     (cause (a) of §V, which the paper sets aside) is never a stall: its
 *     writer is not asleep.  "Per recovery episode" counts the stall time
 *     while the sender is in the Recovery state, from entering it to leaving
 *     it.
 *     The size is the trace variable sndbuf_bytes (registry.c's core
 *     variables), traced when the flow starts (tcp.sndbuf_bytes) and each
 *     time it grows, never when the buffer is not modelled, so traces
 *     without tcp.sndbuf_bytes have no such rows.
 *  7. When a bulk application stops writing (app.duration_s), what it has
 *     already written into the buffer is still sent (the kernel sends a
 *     socket's queued data); without a modelled buffer nothing is queued.
 *
 * The paper's "Hack 1" (§VIII, tcp.hack1_dupack_rtx) is a loss-recovery
 * rule, not a send-buffer one: src/core/hack1.c.
 */
#include <string.h>
#include "rexsim/registry.h"
#include "sim.h"

#define S_NOW(s) ((s)->sim->now_ns)

static inline uint32_t sat32(uint64_t v)
{
	return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

uint64_t rx_sndbuf_grown(uint64_t size_bytes, uint64_t cwnd_bytes, int64_t growth, int64_t limit_bytes)
{
	if (growth <= 0)
		return size_bytes; /* a fixed buffer */
	/* §V.B: sndbuf = 2CW (Linux); §V.C: 3CW (the refinement); interpretation 4 */
	uint64_t target = (uint64_t)growth * cwnd_bytes;
	if (limit_bytes > 0 && target > (uint64_t)limit_bytes)
		target = (uint64_t)limit_bytes; /* snd_wmem_max */
	return target > size_bytes ? target : size_bytes;
}

uint64_t rx_sndbuf_write_end(uint64_t size_bytes, uint64_t una, uint64_t app_end, uint64_t want_end, uint32_t mss,
			     bool *blocked)
{
	if (want_end <= app_end)
		return app_end; /* nothing to write: awake or not, nothing changes */
	uint64_t used = app_end - una; /* interpretation 2 */
	uint64_t free_bytes = size_bytes > used ? size_bytes - used : 0;
	/* §V.B rule (c), interpretation 1: asleep until free_space > sndbuf/3 */
	if (*blocked && 3 * free_bytes <= size_bytes)
		return app_end;
	*blocked = false;
	uint64_t n = want_end - app_end;
	if (n > free_bytes) { /* fill it up in whole segments, then sleep (interpretation 3) */
		n = free_bytes / mss * mss;
		*blocked = true;
	}
	return app_end + n;
}

void rx_sndbuf_init(struct rx_sender *s)
{
	struct rx_sndbuf *b = &s->sb;
	memset(b, 0, sizeof(*b));
	b->on = s->cfg->sndbuf_bytes > 0;
	b->size_bytes = (uint64_t)s->cfg->sndbuf_bytes;
	b->size_var = rx_core_var_id(RX_CORE_VAR_SNDBUF);
}

/* The flow starts: the sndbuf_bytes variable starts here, at
 * tcp.sndbuf_bytes, so that its series covers the flow from its start as
 * cwnd's does (interpretation 6's last paragraph). */
void rx_sndbuf_start(struct rx_sender *s)
{
	rx_trace_var(s->sim, s->flow, s->sb.size_var, (int64_t)s->sb.size_bytes);
}

static void note_size(struct rx_sender *s)
{
	struct rx_flow_metrics *m = rx_snd_metrics(s);
	if ((int64_t)s->sb.size_bytes > m->sndbuf_peak_bytes)
		m->sndbuf_peak_bytes = (int64_t)s->sb.size_bytes;
}

void rx_sndbuf_fill(struct rx_sender *s)
{
	struct rx_sndbuf *b = &s->sb;
	const struct rx_flow_cfg *cfg = s->cfg;
	uint64_t size = rx_sndbuf_grown(b->size_bytes, s->cc.cwnd_bytes, cfg->sndbuf_growth, cfg->sndbuf_limit_bytes);
	if (size != b->size_bytes) {
		/* the sndbuf_bytes variable: traced at the flow's start
		 * (rx_sndbuf_start) and when it grows, only behind sb.on */
		b->size_bytes = size;
		note_size(s);
		rx_trace_var(s->sim, s->flow, b->size_var, (int64_t)size);
	}
	s->app_end = rx_sndbuf_write_end(b->size_bytes, s->snd_una, s->app_end, b->want_end, s->mss, &b->blocked);
}

/* Add the time since the last look to the stall counters, then take the new
 * state (interpretation 6); a change is traced as an app_stall event. */
static void account(struct rx_sender *s, bool stalled)
{
	struct rx_sndbuf *b = &s->sb;
	int64_t now = S_NOW(s);
	if (b->stalled) {
		int64_t dt = now - b->last_ns;
		b->stall_ns += dt;
		if (b->in_recovery) {
			b->stall_rec_ns += dt;
			b->episode_ns += dt;
			if (b->episode_ns > b->episode_max_ns)
				b->episode_max_ns = b->episode_ns;
		}
	}
	b->last_ns = now;
	bool rec = s->ca_state == RX_CA_RECOVERY;
	if (rec && !b->in_recovery)
		b->episode_ns = 0; /* a recovery episode begins */
	b->in_recovery = rec;
	if (stalled != b->stalled) {
		b->stalled = stalled;
		if (stalled)
			rx_snd_metrics(s)->app_stalls++;
		rx_snd_trace(s, RX_EV_APP_STALL, s->snd_nxt, sat32(b->size_bytes), stalled ? 1 : 0);
	}
}

void rx_sndbuf_after_push(struct rx_sender *s)
{
	bool stalled = s->sb.blocked && !rx_snd_has_unsent(s) && rx_cs_send_quota(s) >= s->mss &&
		rx_snd_window_room(s, s->mss);
	if (stalled || s->sb.stalled || s->sb.in_recovery != (s->ca_state == RX_CA_RECOVERY))
		account(s, stalled);
}

void rx_sndbuf_app_write(struct rx_sender *s, uint64_t end)
{
	struct rx_sndbuf *b = &s->sb;
	if (s->app_done || end <= b->want_end)
		return;
	rx_snd_trace(s, RX_EV_APP, b->want_end, sat32(end - b->want_end), 0);
	b->want_end = end;
	rx_snd_push(s); /* which lets the writer write first (rx_sndbuf_fill) */
}

void rx_sndbuf_app_stop(struct rx_sender *s)
{
	s->app_done = true;
	s->sb.want_end = s->app_end; /* interpretation 7: what it wrote stays */
	s->sb.blocked = false;
	account(s, false);
}

void rx_sndbuf_finish(struct rx_sender *s)
{
	struct rx_sndbuf *b = &s->sb;
	if (!b->on)
		return;
	if (b->stalled)
		account(s, b->stalled); /* count an open stall up to the end */
	struct rx_flow_metrics *m = rx_snd_metrics(s);
	m->app_stall_ms = (double)b->stall_ns / 1e6;
	m->app_stall_recovery_ms = (double)b->stall_rec_ns / 1e6;
	m->app_stall_episode_max_ms = (double)b->episode_max_ns / 1e6;
	note_size(s);
}
