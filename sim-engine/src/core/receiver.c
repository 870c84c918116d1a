/* receiver.c — the data receiver: cumulative ACK, SACK (RFC 2018), DSACK
 * (RFC 2883), timestamps echo (RFC 7323 §4.3), the receive window (RFC 9293
 * §3.8.6: never shrunk by out-of-order data), and the ACK
 * policies 'quick' (every segment), 'delayed' (RFC 5681 §4.2, RFC 1122
 * 4.2.3.2: every second full-sized segment, or with receiver.ack_trigger
 * Linux's more than one segment's bytes (D0, D1 below), or after delack_ms,
 * immediately for out-of-order, duplicate and gap-filling segments) and
 * 'linux' (delayed's rules with D1 after a quick-ACK phase, with Linux's
 * adaptive timeout; below).
 * The application reads in-order data at once, unless a reader model is
 * configured (src/app/app_reader.c); then the advertised window follows the
 * buffer's occupancy (below, "The advertised window").
 *
 * The 'linux' policy reproduces what a Linux 6.18 receiver did in
 * shared/linux-reference (README "Delayed ACK", delack-receiver*.pkt); each
 * rule and what it rests on:
 *  1. Quick-ACK mode at the start: every data segment is ACKed at once until
 *     `quickacks` ACKs have been sent, at most rwnd_bytes / (2 MSS) of them
 *     (measured: the first 16 isolated segments ACKed at once, the kernel's
 *     window being above 32 segments; the bound by half the receive window in
 *     segments is Linux's, not measured).  Every ACK sent counts, an
 *     immediate one for out-of-order data too.  The mode is entered once.
 *  2. After it, delayed's rules (RFC 5681 §4.2, RFC 9293 §3.8.6.3) with the
 *     trigger D1 below in place of "every second full-sized segment": at once
 *     when more than one full-sized segment's worth of bytes is
 *     unacknowledged and the window would not shrink; at once for
 *     out-of-order, duplicate and gap-filling segments (measured: an
 *     immediate dupack with SACK, then an immediate ACK for the hole fill);
 *     else when the delayed-ACK timer fires, counted from the first
 *     unacknowledged segment.  delack-receiver-read.pkt: the pair read at once
 *     is ACKed at once; delack-receiver.pkt: the unread pair waits for the
 *     timer (with a reader model that has not read it, D1's second clause).
 *  3. The timer's value, the ATO: ato_min_ms (40 ms, TCP_ATO_MIN) at first,
 *     doubled each time the timer fires, and never above the ceiling
 *     max(ato_min_ms, min(RTT estimate, ato_max_ms)) (measured at RTT 100 ms:
 *     +41, +84, then ~+108 ms, "capped near SRTT"; the kernel's figures are
 *     whole 4 ms ticks, which the engine does not model).
 *  4. The receiver's RTT estimate is its SYN-ACK's round trip: from the
 *     SYN-ACK's departure to the first segment of the sender that reaches
 *     it, taken only when one SYN-ACK was sent (Karn's algorithm, RFC 6298
 *     §3: a sample after a retransmission is ambiguous).  A receiver that
 *     sends no data has no other sample.  Without it (no handshake) the
 *     ceiling is ato_max_ms.
 *  5. Interactive (ping-pong) mode, where the kernel's ceiling is 200 ms, is
 *     entered by a receiver that sends data; this receiver never does, so it
 *     is not modelled.
 *
 * The trigger of an immediate ACK for in-order data (delayed and linux; not
 * while quick-ACK mode or the quick policy ACK every segment anyway):
 *  D0. two_full_segments (delayed's default): RFC 1122 4.2.3.2, "in a stream
 *      of full-sized segments there SHOULD be an ACK for at least every
 *      second segment", RFC 5681 §4.2 "An ACK SHOULD be generated for at
 *      least every second full-sized segment": the ACK leaves with the second
 *      full-sized (tcp.mss) segment unacknowledged; a runt does not count, so
 *      a full segment and a runt wait for the timer.
 *  D1. more_than_one_segment (linux always; delayed with
 *      receiver.ack_trigger): Linux's receiver ACKs at once when RCV.NXT less
 *      the RCV.NXT of its last ACK exceeds one full-sized segment (the
 *      kernel's estimate of the sender's MSS; here tcp.mss) and the window it
 *      would advertise is not smaller than the one it last advertised (the
 *      application has read the data).  A full segment and a runt are ACKed
 *      with the runt.  It sends at least every second full-sized segment's
 *      ACK, so it meets RFC 5681 §4.2 too.  Defined from the reference:
 *      delack-receiver-read.pkt's pair, read at once, is ACKed at once (0 ms);
 *      delack-receiver.pkt's pair, unread, is not ACKed on its second segment
 *      ("window would not grow, data unread") but by the timer.
 *      Interpretations: (a) without a reader model the application reads at
 *      once, so the window is the whole buffer and never shrinks: the byte
 *      count alone decides.  (b) With a reader model (or window scaling,
 *      rx_reader_on) "would not shrink" is: rcv_window() now >= the window of
 *      the last ACK (right_edge - last_ack_sent), both as W1-W4 compute them.
 *      (c) The kernel also sends this ACK when the application later reads
 *      the data (the read in delack-receiver-read.pkt); a fluid reader has no
 *      read moments, so that ACK is not modelled: a segment that found the
 *      window shrinking is ACKed by the timer, the next trigger, or W5's
 *      window update.
 *
 * The advertised window (with a reader model or window scaling, rx_reader_on;
 * otherwise the whole buffer, as before).  Each rule and what it rests on:
 *  W1. Occupancy: RCV.BUFF = receiver.rwnd_bytes (or receiver.rwnd_bdp's
 *      window, W0 below); the buffer holds what the
 *      application has not read (RFC 9293 §3.8.6.2.2, RCV.USER) and the
 *      out-of-order data; the free space is RCV.BUFF less both.
 *  W2. Never shrunk: "A TCP receiver SHOULD NOT shrink the window, i.e., move
 *      the right window edge to the left (SHLD-14)" (§3.8.6).  The right edge
 *      RCV.NXT + RCV.WND last advertised is kept whenever the free space is
 *      less (out-of-order data lies inside the window already offered).
 *  W3. Receiver SWS avoidance (§3.8.6.2.2): "keep RCV.NXT+RCV.WND fixed until
 *      the reduction satisfies RCV.BUFF - RCV.USER - RCV.WND >= min(Fr *
 *      RCV.BUFF, Eff.snd.MSS)", Fr = 1/2: the window becomes the free space
 *      only when that exceeds the window still open by at least
 *      min(RCV.BUFF / 2, MSS).  Interpretation: when the buffer is empty
 *      (everything read, nothing out of order) the whole buffer is offered at
 *      once, a window that is never silly; without it a short last segment
 *      would hold the edge of a reader that keeps up.
 *  W4. Scaling (RFC 7323 §2, as its model implementation: SEG.WND = RCV.WND
 *      >> Rcv.Wind.Shift): a new window (the free space) is rounded down to
 *      a multiple of 2^shift, so the field never offers space the buffer
 *      lacks; a kept edge (W2) is rounded up, so that the edge still does not
 *      move left (the buffer then takes up to 2^shift - 1 bytes more than it
 *      offered, as rule W6 accepts).  The SYN-ACK's window is not scaled.
 *  W5. Window update (§3.8.6.2.2, RFC 1122 4.2.3.3): when the window still
 *      open is below the SWS threshold (the sender cannot send a full segment)
 *      and the application's reading has freed enough for W3 to move the edge,
 *      the receiver sends an ACK at once, with the new window; the read timer
 *      (RX_HEV_READ) fires at the moment the reader will have freed that much
 *      (rx_reader_time_for).  Interpretation: no update is sent while the
 *      window open is at least the threshold, as the ACKs of arriving data
 *      carry it.
 *  W6. Acceptance (§3.10.7.4: an unacceptable segment is answered with an
 *      ACK and dropped): a data segment must end within the buffer, at most
 *      max(read + RCV.BUFF, the right edge advertised); else it is dropped
 *      (drop reason rcv_buffer) and ACKed.  Only a segment sent past the window
 *      (opportunistic retransmission, paper §VIII) meets this.
 *  W7. A zero-window probe (RX_PF_ZWP, no data, below RCV.NXT) is answered
 *      with an ACK carrying the current window (§3.8.6.1).
 * The window is traced as the core variable rwnd_bytes when the window is
 * modelled (rx_reader_on): the receive buffer (receiver.rwnd_bytes, or
 * receiver.rwnd_bdp's, W0) when the flow starts (rx_rcv_start), then each
 * ACK's window that differs from the last one traced; the default
 * receiver's window never moves and its trace has no such rows.
 *
 * W0. The buffer as a multiple of the path's bandwidth-delay product
 *     (receiver.rwnd_bdp = k > 0; rx_rcvbuf_bytes): the opportunistic-
 *     retransmission paper's testbed sets the receiver's window to
 *     "AW = C×U" (Table 3), C the bottleneck's bandwidth and U the
 *     propagation delay, which §III's proof uses as the round trip ("the
 *     duration from T2 to T5 is equal to one round-trip propagation delay,
 *     i.e., U seconds").  Resolved once at setup, in integers:
 *       RCV.BUFF = floor(C x U x k / 8) bytes,
 *     C = path.forward.rate_bps rounded to whole bit/s (as the link
 *     serialises), U = the round trip's propagation delay in ns, each delay
 *     rounded to ns as the links hold it: path.forward.delay_ms +
 *     path.reverse.delay_ms + 2 x the flow's access_delay_ms (it lies on both
 *     directions); k in millionths.  Interpretation: C x U counts the wire's
 *     bytes, headers included, while the window counts payload, so the window
 *     holds C x U / MSS segments, slightly more than the C x U / wire-size
 *     packets the link carries in U (171 against 165 at 20 Mb/s, 100 ms and
 *     1515-byte packets of 1463 bytes' payload); the paper says AW = C×U
 *     without saying in which unit.  Delays a path stage adds (schedule, delay
 *     spikes) are not propagation and do not count. */
#include <stdlib.h>
#include <string.h>
#include "rexsim/registry.h"
#include "sim.h"

/* W0: floor(C x U x k / 8) bytes, or receiver.rwnd_bytes when k = 0 */
int64_t rx_rcvbuf_bytes(const struct rx_scenario *sc, const struct rx_flow_cfg *cfg)
{
	if (!(cfg->rwnd_bdp > 0))
		return cfg->rwnd_bytes; /* 0 = off (NaN and negatives are refused by validation) */
	__extension__ typedef unsigned __int128 u128;
	/* out-of-range fields (reported by validation) must not overflow below */
	double d[3] = { sc->fwd.delay_ms, sc->rev.delay_ms, cfg->access_delay_ms };
	for (int i = 0; i < 3; i++)
		if (!(d[i] >= 0 && d[i] <= 1e7))
			return -1;
	if (!(sc->fwd.rate_bps >= 0 && sc->fwd.rate_bps <= 1e12) || !(cfg->rwnd_bdp <= 1e6))
		return -1;
	uint64_t rate_bps = (uint64_t)(sc->fwd.rate_bps + 0.5); /* as path.c's link */
	uint64_t u_ns = (uint64_t)(rx_ms_to_ns(d[0]) + rx_ms_to_ns(d[1]) + 2 * rx_ms_to_ns(d[2]));
	uint64_t k_millionths = (uint64_t)(cfg->rwnd_bdp * 1e6 + 0.5);
	u128 bytes = (u128)rate_bps * u_ns * k_millionths / ((u128)8 * RX_NS_PER_S * 1000000);
	return bytes > (u128)INT64_MAX ? INT64_MAX : (int64_t)bytes;
}

void rx_rcv_init(struct rx_receiver *r, struct rx_sim *sim, int flow, const struct rx_flow_cfg *cfg)
{
	r->sim = sim;
	r->flow = flow;
	r->cfg = cfg;
	r->rtt_ns = -1;
	r->reader_on = rx_reader_on(cfg);
	r->buf_bytes = (uint64_t)rx_rcvbuf_bytes(sim->sc, cfg); /* validated: at least one MSS */
	r->right_edge = r->buf_bytes;
	r->adv_traced = (int64_t)r->buf_bytes;
	r->rwnd_var = rx_core_var_id(RX_CORE_VAR_RWND);
	if (cfg->ack_policy == RX_ACK_LINUX) {
		/* rule 1: quick-ACK mode, bounded by half the receive window */
		int64_t half_wnd = (int64_t)r->buf_bytes / (2 * cfg->mss);
		r->quickacks = cfg->quickacks < half_wnd ? cfg->quickacks : half_wnd;
		r->ato_ns = rx_ms_to_ns(cfg->ato_min_ms);
	}
}

/* The flow starts: with a modelled window (a reader model or scaling) the
 * rwnd_bytes variable starts here, at receiver.rwnd_bytes, the window the
 * sender starts with (its SYN-ACK's, or the configured one without a
 * handshake), so that its series covers the flow from its start as cwnd's
 * does; later values are traced when an ACK carries another window. */
void rx_rcv_start(struct rx_receiver *r)
{
	if (r->reader_on)
		rx_trace_var(r->sim, r->flow, r->rwnd_var, r->adv_traced);
}

/* rule 3: the ATO's ceiling, max(ato_min, min(RTT estimate, ato_max)) */
static int64_t ato_ceiling(const struct rx_receiver *r)
{
	int64_t lo = rx_ms_to_ns(r->cfg->ato_min_ms), hi = rx_ms_to_ns(r->cfg->ato_max_ms);
	if (r->rtt_ns >= 0 && r->rtt_ns < hi)
		hi = r->rtt_ns;
	return hi > lo ? hi : lo;
}

void rx_rcv_free(struct rx_receiver *r)
{
	free(r->ooo);
	r->ooo = NULL;
}

static uint32_t ts_now(const struct rx_sim *sim)
{
	return rx_ts_clock(sim->now_ns);
}

/* ---- out-of-order store: sorted disjoint intervals with recency stamps */
static bool ooo_contains(const struct rx_receiver *r, uint64_t start, uint64_t end, int *which)
{
	for (int i = 0; i < r->n_ooo; i++) {
		if (r->ooo[i].start <= start && end <= r->ooo[i].end) {
			*which = i;
			return true;
		}
		if (r->ooo[i].start > start)
			break;
	}
	return false;
}

/* Insert [start,end) and merge; returns the index of the block holding it. */
static int ooo_insert(struct rx_receiver *r, uint64_t start, uint64_t end)
{
	int i = 0;
	while (i < r->n_ooo && r->ooo[i].end < start)
		i++;
	/* blocks i..j-1 overlap or touch [start,end) */
	int j = i;
	uint64_t s = start, e = end;
	while (j < r->n_ooo && r->ooo[j].start <= end) {
		if (r->ooo[j].start < s)
			s = r->ooo[j].start;
		if (r->ooo[j].end > e)
			e = r->ooo[j].end;
		j++;
	}
	if (j == i) {
		if (r->n_ooo == r->cap_ooo) {
			int cap = r->cap_ooo ? r->cap_ooo * 2 : 8;
			struct rx_ival *n = realloc(r->ooo, (size_t)cap * sizeof(*n));
			if (!n) {
				r->sim->oom = true;
				return -1;
			}
			r->ooo = n;
			r->cap_ooo = cap;
		}
		memmove(&r->ooo[i + 1], &r->ooo[i], (size_t)(r->n_ooo - i) * sizeof(*r->ooo));
		r->n_ooo++;
	} else if (j > i + 1) {
		memmove(&r->ooo[i + 1], &r->ooo[j], (size_t)(r->n_ooo - j) * sizeof(*r->ooo));
		r->n_ooo -= j - i - 1;
	}
	r->ooo[i].start = s;
	r->ooo[i].end = e;
	r->ooo[i].stamp = ++r->stamp;
	return i;
}

/* rcv_nxt advanced: absorb blocks that it reached */
static void ooo_advance(struct rx_receiver *r)
{
	int k = 0;
	while (k < r->n_ooo && r->ooo[k].start <= r->rcv_nxt) {
		if (r->ooo[k].end > r->rcv_nxt)
			r->rcv_nxt = r->ooo[k].end;
		k++;
	}
	if (k) {
		memmove(&r->ooo[0], &r->ooo[k], (size_t)(r->n_ooo - k) * sizeof(*r->ooo));
		r->n_ooo -= k;
	}
}

/* ---- the advertised window (rules W1-W4 in the header) */
static uint64_t sws_threshold(const struct rx_receiver *r)
{
	uint64_t half = r->buf_bytes / 2, mss = (uint64_t)r->cfg->mss;
	return half < mss ? half : mss;
}

static uint64_t free_space(const struct rx_receiver *r, uint64_t *held_out)
{
	uint64_t held = r->rcv_nxt - r->read_nxt; /* W1: RCV.USER */
	for (int i = 0; i < r->n_ooo; i++)
		held += r->ooo[i].end - r->ooo[i].start; /* W1: out of order */
	*held_out = held;
	uint64_t buf = r->buf_bytes;
	return held < buf ? buf - held : 0;
}

static uint64_t open_window(const struct rx_receiver *r)
{
	return r->right_edge > r->rcv_nxt ? r->right_edge - r->rcv_nxt : 0;
}

/* W3: may the edge move to the free space now? */
static bool may_update(const struct rx_receiver *r, uint64_t free, uint64_t held)
{
	return held == 0 || free >= open_window(r) + sws_threshold(r);
}

static uint64_t rcv_window(const struct rx_receiver *r)
{
	if (!r->reader_on)
		return r->buf_bytes;
	uint64_t held, free = free_space(r, &held), shift = (uint64_t)r->cfg->wscale;
	if (may_update(r, free, held))
		return free >> shift << shift; /* W4: rounded down */
	uint64_t keep = open_window(r); /* W2 */
	return (keep + (UINT64_C(1) << shift) - 1) >> shift << shift; /* W4: rounded up */
}

/* W5: arm the read timer for when the reader will have freed enough for a
 * window update, or stop it */
static void schedule_read(struct rx_receiver *r)
{
	struct rx_sim *sim = r->sim;
	uint64_t held, free = free_space(r, &held), open = open_window(r), thr = sws_threshold(r);
	int64_t t = INT64_MAX;
	if (open < thr && r->read_nxt < r->rcv_nxt) {
		uint64_t unread = r->rcv_nxt - r->read_nxt, want = open + thr;
		uint64_t need = want > free ? want - free : 0;
		if (held - unread == 0 && unread < need)
			need = unread; /* W3's empty buffer: reading everything is enough */
		if (need <= unread)
			t = rx_reader_time_for(r, need, sim->now_ns);
	}
	if (t == INT64_MAX) {
		if (r->read_timer.armed)
			rx_tslot_cancel(&r->read_timer);
		return;
	}
	if (!r->read_timer.armed || r->read_timer.expires_ns != t)
		rx_tslot_arm(sim, &r->read_timer, t, RX_HEV_READ, r);
}

/* ---- ACK generation */
static void send_ack(struct rx_receiver *r, int trigger_block)
{
	struct rx_sim *sim = r->sim;
	struct rx_pkt *p = rx_pkt_alloc(sim);
	if (!p)
		return;
	p->flags = RX_PF_ACK;
	p->flow = (uint16_t)r->flow;
	p->ack = r->rcv_nxt;
	p->seg_idx = ++r->acks_sent;
	p->tx_no = 1;
	p->tsval = ts_now(sim);
	p->tsecr = r->ts_recent;
	/* RFC 9293 §3.8.6.2.2: of the receive buffer RCV.BUFF, "RCV.USER octets
	 * of this total may be tied up with data that has been received and
	 * acknowledged but that the user process has not yet consumed", and
	 * RCV.WND is set to RCV.BUFF - RCV.USER.  The application reads
	 * in-order data at once, so RCV.USER = 0.  Out-of-order data is not
	 * RCV.USER: it lies inside the window already offered, [RCV.NXT,
	 * RCV.NXT + RCV.WND), where the sender was allowed to put it; taking it
	 * off the window would move the right edge to the left, which §3.8.6
	 * forbids: "A TCP receiver SHOULD NOT shrink the window, i.e., move the
	 * right window edge to the left (SHLD-14)."  So the right edge RCV.NXT +
	 * RCV.WND never moves left, and the data held, in order or not, never
	 * exceeds RCV.BUFF (the sender stays below SND.UNA + SND.WND). */
	uint64_t wnd = rcv_window(r); /* W1-W4 (the whole buffer without a reader model) */
	r->right_edge = r->rcv_nxt + wnd;
	p->rwnd_bytes = (uint32_t)wnd;
	if ((int64_t)wnd != r->adv_traced) {
		r->adv_traced = (int64_t)wnd;
		rx_trace_var(sim, r->flow, r->rwnd_var, (int64_t)wnd);
	}
	if (r->cfg->sack) {
		/* RFC 2018 §3: with timestamps the option space holds 3 blocks, else 4 */
		int max_blocks = r->cfg->timestamps ? 3 : 4;
		int n = 0;
		if (r->dsack_end > r->dsack_start) {
			/* RFC 2883 §4: the D-SACK block comes first */
			p->sack[n][0] = r->dsack_start;
			p->sack[n][1] = r->dsack_end;
			p->dsack = 1;
			n++;
		}
		/* RFC 2018 §4: first the block holding the segment that triggered
		 * this ACK, then the most recently changed other blocks. */
		bool used[64] = { false };
		int limit = r->n_ooo < 64 ? r->n_ooo : 64;
		if (trigger_block >= 0 && trigger_block < limit && n < max_blocks) {
			p->sack[n][0] = r->ooo[trigger_block].start;
			p->sack[n][1] = r->ooo[trigger_block].end;
			used[trigger_block] = true;
			n++;
		}
		while (n < max_blocks) {
			int best = -1;
			for (int i = 0; i < limit; i++)
				if (!used[i] && (best < 0 || r->ooo[i].stamp > r->ooo[best].stamp))
					best = i;
			if (best < 0)
				break;
			used[best] = true;
			p->sack[n][0] = r->ooo[best].start;
			p->sack[n][1] = r->ooo[best].end;
			n++;
		}
		p->n_sack = (uint8_t)n;
	}
	p->wire_bytes = rx_wire_bytes(0, r->cfg->timestamps, p->n_sack, false);
	uint32_t sref = p->n_sack ? rx_trace_add_sack(sim, p) : 0;
	rx_trace_add(sim, RX_EV_ACK_SENT, r->flow, p->ack, sref, p->dsack);
	r->dsack_start = r->dsack_end = 0;
	r->unacked_full = 0;
	r->ack_pending = false;
	r->last_ack_sent = r->rcv_nxt;
	if (r->quickacks > 0)
		r->quickacks--; /* linux, rule 1: every ACK uses one */
	if (r->delack.armed) {
		rx_tslot_cancel(&r->delack);
	}
	rx_link_send(&sim->link[1], p);
	if (r->reader_on)
		schedule_read(r);
}

/* D1: more than one full-sized segment unacknowledged, and (with a reader
 * model) the window would not shrink */
static bool more_than_one_segment(const struct rx_receiver *r)
{
	if (r->rcv_nxt - r->last_ack_sent <= (uint64_t)r->cfg->mss)
		return false;
	if (!r->reader_on)
		return true; /* (a): read at once, the whole buffer is offered */
	return rcv_window(r) >= r->right_edge - r->last_ack_sent; /* (b) */
}

/* W5: the read timer: the reader has freed enough for a window update */
void rx_rcv_on_read(struct rx_receiver *r)
{
	rx_reader_advance(r, r->sim->now_ns);
	uint64_t held, free = free_space(r, &held);
	if (open_window(r) < sws_threshold(r) && may_update(r, free, held))
		send_ack(r, -1);
	else
		schedule_read(r);
}

void rx_rcv_on_delack(struct rx_receiver *r)
{
	if (r->ack_pending) {
		rx_trace_add(r->sim, RX_EV_TIMER_FIRED, r->flow, (uint64_t)r->sim->now_ns, 0,
			     (uint8_t)(RX_TMR_DELACK | (r->delack.formula << 4)));
		send_ack(r, -1);
		if (r->cfg->ack_policy == RX_ACK_LINUX) {
			/* rule 3: the timer fired, so the next wait is twice as long */
			int64_t ceil = ato_ceiling(r), twice = 2 * r->ato_ns;
			r->ato_ns = twice < ceil ? twice : ceil;
		}
	}
}

static void on_syn(struct rx_receiver *r, struct rx_pkt *syn)
{
	struct rx_sim *sim = r->sim;
	struct rx_pkt *p = rx_pkt_alloc(sim);
	if (!p)
		return;
	r->ts_recent = syn->tsval;
	p->flags = RX_PF_SYN | RX_PF_ACK;
	p->flow = (uint16_t)r->flow;
	p->seg_idx = 0;
	p->tx_no = ++r->synacks_sent;
	p->tsval = ts_now(sim);
	p->tsecr = syn->tsval;
	p->rwnd_bytes = (uint32_t)r->buf_bytes;
	p->wire_bytes = rx_wire_bytes(0, r->cfg->timestamps, 0, true);
	rx_trace_add(sim, RX_EV_SYN, r->flow, 0, 0, 1);
	r->synack_ns = sim->now_ns;
	r->rtt_open = true;
	rx_link_send(&sim->link[1], p);
}

void rx_rcv_on_pkt(struct rx_receiver *r, struct rx_pkt *p)
{
	struct rx_sim *sim = r->sim;
	if (p->flags & RX_PF_SYN) {
		on_syn(r, p);
		return;
	}
	if (r->rtt_open) {
		/* rule 4: the first segment after the SYN-ACK answers it; the
		 * sample counts only if one SYN-ACK was sent (Karn) */
		r->rtt_open = false;
		if (r->synacks_sent == 1)
			r->rtt_ns = sim->now_ns - r->synack_ns;
	}
	if (r->reader_on)
		rx_reader_advance(r, sim->now_ns);
	if (p->flags & RX_PF_ZWP) { /* W7 */
		send_ack(r, -1);
		return;
	}
	if (!(p->flags & RX_PF_DATA) || p->len_bytes == 0)
		return;
	uint64_t start = p->seq, end = p->seq + p->len_bytes;
	/* W6: data past the buffer is dropped and answered (RFC 9293 §3.10.7.4) */
	uint64_t room = (r->reader_on ? r->read_nxt : r->rcv_nxt) + r->buf_bytes;
	if (end > room && end > r->right_edge) {
		rx_trace_add(sim, RX_EV_DROP, r->flow, start, p->len_bytes, (uint8_t)RX_DROP_RCVBUF);
		sim->res->flows[r->flow].drops++; /* every drop event counts (metric drops) */
		if (!p->is_dup_copy) /* a lost transmission (metrics' ground truth) */
			rx_snd_on_data_dropped(&sim->flows[r->flow].snd, p);
		send_ack(r, -1);
		return;
	}
	rx_trace_add(sim, RX_EV_DELIVER, r->flow, start, p->len_bytes, (uint8_t)(p->tx_no > 255 ? 255 : p->tx_no));

	/* RFC 7323 §4.3: TS.Recent follows the segment at the left window edge */
	if (r->cfg->timestamps && start <= r->last_ack_sent)
		r->ts_recent = p->tsval;

	int which = -1;
	bool duplicate = end <= r->rcv_nxt || ooo_contains(r, start, end, &which);
	if (duplicate) {
		/* The same data a second time: one of its transmissions was not
		 * needed.  It is this copy when it is a retransmission, or the
		 * retransmission that overtook it when it is the original (held
		 * back on the path past the RTO); counted either way.  A copy the
		 * path made ('duplicate' action) is no transmission. */
		if (!p->is_dup_copy)
			sim->res->flows[r->flow].spurious_retransmissions++;
		/* RFC 2883: report the duplicate range; if it lies above rcv_nxt,
		 * its containing SACK block follows it */
		r->dsack_start = start;
		r->dsack_end = end;
		if (which >= 0)
			r->ooo[which].stamp = ++r->stamp;
		send_ack(r, which);
		return;
	}

	/* new data: a probe retransmission bringing it repaired a loss if every
	 * earlier transmission was dropped (the probe_repairs metric) */
	if (rx_snd_probe_repaired(&sim->flows[r->flow].snd, p))
		sim->res->flows[r->flow].probe_repairs++;

	bool had_gap = r->n_ooo > 0;
	int trigger = -1;
	if (start <= r->rcv_nxt) {
		if (start < r->rcv_nxt) {
			/* partial duplicate at the left edge */
			r->dsack_start = start;
			r->dsack_end = r->rcv_nxt;
		}
		r->rcv_nxt = end;
		ooo_advance(r);
		if (r->reader_on)
			rx_reader_advance(r, sim->now_ns); /* the reader at once takes it now */
		rx_flow_delivered(sim, r->flow, r->rcv_nxt);
	} else {
		trigger = ooo_insert(r, start, end);
		if (trigger < 0)
			return;
	}

	bool linux = r->cfg->ack_policy == RX_ACK_LINUX;
	if (r->cfg->ack_policy == RX_ACK_QUICK || (linux && r->quickacks > 0) || trigger >= 0 || had_gap ||
	    r->dsack_end > r->dsack_start) {
		send_ack(r, trigger);
		return;
	}
	/* delayed ACK: at once on D0's or D1's trigger, else after delack_ms
	 * (linux: the ATO, rule 3) counted from the first unacknowledged segment */
	r->ack_pending = true;
	bool now;
	if (linux || r->cfg->ack_trigger == RX_ACK_TRIGGER_MORE_THAN_ONE) {
		now = more_than_one_segment(r); /* D1 */
	} else {
		if (p->len_bytes >= (uint32_t)r->cfg->mss)
			r->unacked_full++;
		now = r->unacked_full >= 2; /* D0 */
	}
	if (now) {
		send_ack(r, -1);
		return;
	}
	if (!r->delack.armed) {
		int64_t wait = rx_ms_to_ns(r->cfg->delack_ms);
		uint8_t formula = RX_F_DELACK;
		if (linux) {
			int64_t ceil = ato_ceiling(r);
			wait = r->ato_ns < ceil ? r->ato_ns : ceil;
			formula = RX_F_ATO;
		}
		int64_t t = sim->now_ns + wait;
		if (r->cfg->hz > 0) /* the kernel's delayed-ACK timer runs on its tick too (tslot.c) */
			t = rx_tick_expiry(RX_NS_PER_S / r->cfg->hz, sim->now_ns, t);
		r->delack.kind = RX_TMR_DELACK;
		r->delack.formula = formula;
		rx_tslot_arm(sim, &r->delack, t, RX_HEV_DELACK, r);
		rx_trace_add(sim, RX_EV_TIMER_ARMED, r->flow, (uint64_t)t, (uint32_t)(wait / RX_NS_PER_US),
			     (uint8_t)(RX_TMR_DELACK | (formula << 4)));
	}
}
