/* sender.c — the TCP data sender: segmentation, the SACK scoreboard, loss
 * detection, the congestion state machine, and the retransmission timer slot.
 *
 * Loss detection (this file):
 *   - fast retransmit after DupThresh duplicate ACKs (RFC 5681 §3.2);
 *   - SACK loss marking, IsLost() (RFC 6675 §4): a segment is lost once
 *     DupThresh segments above it are SACKed;
 *   - FACK marking (Mathis & Mahdavi 1996) as an option: lost once the
 *     highest SACKed segment is DupThresh or more segments above it;
 *   - Early Retransmit (RFC 5827 §3.2), strict or Linux's variant, optionally
 *     delayed by max(SRTT/4, 2 ms) (RFC 5827 App. A.3 mitigation, as Linux);
 *   - NewReno partial ACKs without SACK (RFC 6582 §3.2 step 3);
 *   - the RTO (RFC 6298 §5, RFC 5681 §3.1).
 * Window management during recovery belongs to the recovery ops
 * (src/recovery/), window growth to the congestion-control ops (src/cc/),
 * and timer placement to the timer ops (src/timers/).
 *
 * Pipe (RFC 6675 §4 SetPipe) is kept incrementally as
 *   pipe = outstanding - SACKed - marked lost + retransmissions in flight,
 * which equals SetPipe() when IsLost() marks are applied eagerly.  Without
 * SACK each duplicate ACK counts one segment as having left the network
 * (the pipe form of RFC 6582's window inflation).
 */
#include <stdlib.h>
#include <string.h>
#include "sim.h"

#define S_NOW(s) ((s)->sim->now_ns)

static void set_state(struct rx_sender *s, int st);
static void push(struct rx_sender *s);
static void rearm(struct rx_sender *s, int reason);

/* ------------------------------------------------------------------ views */
uint64_t rx_snd_pipe(const struct rx_sender *s)
{
	uint64_t minus = s->sacked_bytes + s->lost_bytes + s->reno_dupacks * s->mss;
	uint64_t plus = s->out_bytes + s->rtx_bytes;
	return plus > minus ? plus - minus : 0;
}

uint64_t rx_snd_outstanding_segs(const struct rx_sender *s)
{
	return s->nxt_idx - s->una_idx;
}

bool rx_snd_has_unsent(const struct rx_sender *s)
{
	return s->snd_nxt < s->app_end;
}

static uint32_t next_new_len(const struct rx_sender *s, int32_t *from_end)
{
	int64_t obj;
	uint64_t obj_end = rx_flow_obj_end_at(s->sim, s->flow, s->snd_nxt, &obj);
	uint64_t limit = rx_umin64(s->app_end, obj_end);
	uint64_t len = rx_umin64(s->mss, limit - s->snd_nxt);
	if (from_end) {
		if (obj < 0) {
			*from_end = -1;
		} else {
			uint64_t rest = obj_end - (s->snd_nxt + len);
			*from_end = (int32_t)rx_umin64((rest + s->mss - 1) / s->mss, INT32_MAX);
		}
	}
	return (uint32_t)len;
}

static bool rwnd_allows(const struct rx_sender *s, uint32_t len)
{
	return s->snd_nxt + len <= s->snd_una + s->peer_rwnd;
}

bool rx_snd_can_send_new(const struct rx_sender *s, bool ignore_cwnd)
{
	if (!rx_snd_has_unsent(s))
		return false;
	uint32_t len = next_new_len(s, NULL);
	if (!rwnd_allows(s, len))
		return false;
	return ignore_cwnd || rx_snd_pipe(s) + len <= s->cc.cwnd_bytes;
}

int64_t rx_snd_head_tx_ns(const struct rx_sender *s)
{
	return rx_seg_at(s, s->una_idx)->last_tx_ns;
}

/* RFC 7765 T_earliest: the earliest transmission among outstanding,
 * un-SACKed segments */
int64_t rx_snd_earliest_tx_ns(const struct rx_sender *s)
{
	int64_t t = INT64_MAX;
	for (uint64_t i = s->una_idx; i < s->nxt_idx; i++) {
		const struct rx_seg *g = rx_seg_at(s, i);
		if (!g->sacked && g->last_tx_ns < t)
			t = g->last_tx_ns;
	}
	return t == INT64_MAX ? S_NOW(s) : t;
}

/* TLPR T_last: the most recent transmission among outstanding segments */
int64_t rx_snd_latest_tx_ns(const struct rx_sender *s)
{
	int64_t t = INT64_MIN;
	for (uint64_t i = s->nxt_idx; i > s->una_idx; i--) {
		const struct rx_seg *g = rx_seg_at(s, i - 1);
		if (g->last_tx_ns > t)
			t = g->last_tx_ns;
		if (!g->ever_rtx)
			break;   /* older never-retransmitted segments were sent earlier */
	}
	return t == INT64_MIN ? S_NOW(s) : t;
}

/* ------------------------------------------------------------------ setup */
static const struct rx_cc_ops *pick_cc(int64_t i) { return rx_cc_registry[i]; }

int rx_snd_init(struct rx_sender *s, struct rx_sim *sim, int flow, const struct rx_flow_cfg *cfg)
{
	memset(s, 0, sizeof(*s));
	s->sim = sim;
	s->flow = flow;
	s->cfg = cfg;
	s->mss = (uint32_t)cfg->mss;
	s->ring_mask = 63;
	s->ring = calloc(64, sizeof(*s->ring));
	if (!s->ring)
		return -1;
	s->una_idx = s->nxt_idx = 1;
	s->lost_upto_idx = 0;
	s->peer_rwnd = (uint64_t)cfg->rwnd_bytes;
	s->cc_ops = pick_cc(cfg->cc);
	s->tmr = rx_timer_registry[cfg->timer];
	s->rec = rx_recovery_registry[cfg->recovery];
	s->cc.mss_bytes = s->mss;
	s->cc.cwnd_bytes = (uint64_t)cfg->iw * s->mss;
	s->cc.ssthresh_bytes = RX_SSTHRESH_INF;
	if (s->cc_ops->init)
		s->cc_ops->init(&s->cc);
	rx_rtt_init(s);
	s->ca_state = RX_CA_OPEN;
	return 0;
}

void rx_snd_free(struct rx_sender *s)
{
	free(s->ring);
	s->ring = NULL;
}

static int ring_reserve(struct rx_sender *s)
{
	uint64_t used = s->nxt_idx - s->una_idx;
	if (used < s->ring_mask + 1)
		return 0;
	uint64_t cap = (s->ring_mask + 1) * 2;
	struct rx_seg *n = malloc(cap * sizeof(*n));
	if (!n) {
		s->sim->oom = true;
		return -1;
	}
	for (uint64_t i = s->una_idx; i < s->nxt_idx; i++)
		n[i & (cap - 1)] = *rx_seg_at(s, i);
	free(s->ring);
	s->ring = n;
	s->ring_mask = cap - 1;
	return 0;
}

/* ------------------------------------------------------------------ trace helper */
static inline void trace(struct rx_sender *s, int kind, uint64_t seq, uint32_t arg, uint8_t detail)
{
	rx_trace_add(s->sim, kind, s->flow, seq, arg, detail);
}

/* ------------------------------------------------------------------ transmit */
static void xmit(struct rx_sender *s, uint64_t idx, int kind)
{
	struct rx_sim *sim = s->sim;
	struct rx_seg *g = rx_seg_at(s, idx);
	g->tx_count++;
	g->last_tx_ns = S_NOW(s);
	struct rx_pkt *p = rx_pkt_alloc(sim);
	if (!p)
		return;
	p->flags = RX_PF_DATA | RX_PF_ACK | (kind == RX_EV_PROBE ? RX_PF_PROBE : 0);
	p->flow = (uint16_t)s->flow;
	p->seq = g->seq;
	p->len_bytes = g->len;
	p->seg_idx = (uint32_t)idx;
	p->tx_no = g->tx_count;
	p->from_end = g->from_end;
	p->tsval = (uint32_t)(S_NOW(s) / RX_NS_PER_MS);
	p->wire_bytes = rx_wire_bytes(g->len, s->cfg->timestamps, 0, false);
	trace(s, kind, g->seq, g->len, (uint8_t)(g->tx_count > 255 ? 255 : g->tx_count));
	s->last_send_ns = S_NOW(s);
	rx_link_send(&sim->link[0], p);
}

static bool send_new(struct rx_sender *s, int kind)
{
	int32_t from_end;
	uint32_t len = next_new_len(s, &from_end);
	if (len == 0 || ring_reserve(s))
		return false;
	struct rx_seg *g = rx_seg_at(s, s->nxt_idx);
	memset(g, 0, sizeof(*g));
	g->seq = s->snd_nxt;
	g->len = len;
	g->from_end = from_end;
	g->first_tx_ns = S_NOW(s);
	uint64_t idx = s->nxt_idx++;
	s->snd_nxt += len;
	s->out_bytes += len;
	s->sim->res->flows[s->flow].segments_sent++;
	xmit(s, idx, kind);
	return true;
}

static void retransmit(struct rx_sender *s, uint64_t idx, int kind)
{
	struct rx_seg *g = rx_seg_at(s, idx);
	if (!g->rtx_inflight) {
		g->rtx_inflight = 1;
		s->rtx_bytes += g->len;
	}
	g->ever_rtx = 1;
	if (idx > s->high_rxt_idx)
		s->high_rxt_idx = idx;
	s->sim->res->flows[s->flow].retransmissions++;
	xmit(s, idx, kind);
}

static void mark_lost(struct rx_sender *s, uint64_t idx)
{
	struct rx_seg *g = rx_seg_at(s, idx);
	if (g->sacked || g->lost)
		return;
	g->lost = 1;
	s->lost_bytes += g->len;
	if (idx < s->rtx_hint_idx)
		s->rtx_hint_idx = idx;
}

/* The lowest lost segment with no retransmission in flight (NextSeg rule 1). */
static uint64_t next_lost(struct rx_sender *s)
{
	if (s->lost_bytes == 0)
		return 0;
	uint64_t i = rx_umax64(s->rtx_hint_idx, s->una_idx);
	for (; i < s->nxt_idx; i++) {
		const struct rx_seg *g = rx_seg_at(s, i);
		if (g->lost && !g->rtx_inflight && !g->sacked) {
			s->rtx_hint_idx = i;
			return i;
		}
	}
	s->rtx_hint_idx = i;
	return 0;
}

/* NextSeg rule 3 (RFC 6675 §4): an un-SACKed segment above HighRxt and below
 * the highest SACKed segment, even if not yet deemed lost. */
static uint64_t next_rule3(struct rx_sender *s)
{
	if (!s->high_sacked_idx)
		return 0;
	for (uint64_t i = rx_umax64(s->high_rxt_idx + 1, s->una_idx); i < s->high_sacked_idx; i++) {
		const struct rx_seg *g = rx_seg_at(s, i);
		if (!g->sacked && !g->rtx_inflight)
			return i;
	}
	return 0;
}

/* NextSeg rule 4 (RFC 6675 §4): one rescue retransmission per recovery of the
 * highest un-SACKed outstanding segment, when HighACK > RescueRxt. */
static uint64_t next_rescue(struct rx_sender *s)
{
	/* (4.a) HighACK > RescueRxt, kept here as an exclusive byte offset */
	if (s->snd_una < s->rescue_end || rx_snd_has_unsent(s))
		return 0;
	for (uint64_t i = s->nxt_idx; i > s->una_idx; i--) {
		const struct rx_seg *g = rx_seg_at(s, i - 1);
		if (!g->sacked && !g->rtx_inflight)
			return i - 1;
	}
	return 0;
}

static uint64_t allowance(struct rx_sender *s)
{
	if (s->ca_state == RX_CA_RECOVERY)
		return s->rec->send_quota(s);
	uint64_t used = rx_snd_pipe(s);
	if (!s->cfg->limited_transmit && s->ca_state == RX_CA_DISORDER)
		used = s->out_bytes;       /* no RFC 3042: count SACKed data as in flight */
	return s->cc.cwnd_bytes > used ? s->cc.cwnd_bytes - used : 0;
}

static void push(struct rx_sender *s)
{
	if (!s->established)
		return;
	bool sent_new = false, sent_rtx = false;
	for (int guard = 0; guard < 1 << 20; guard++) {
		uint64_t quota = allowance(s);
		uint64_t idx = next_lost(s);
		if (idx) {
			if (rx_seg_at(s, idx)->len > quota)
				break;
			retransmit(s, idx, RX_EV_RETRANSMIT);
			if (s->ca_state == RX_CA_RECOVERY && s->rec->on_sent)
				s->rec->on_sent(s, rx_seg_at(s, idx)->len);
			sent_rtx = true;
			continue;
		}
		if (rx_snd_has_unsent(s)) {
			uint32_t len = next_new_len(s, NULL);
			if (!rwnd_allows(s, len) || len > quota)
				break;
			/* RFC 5681 §4.1: restart window after an idle period > RTO */
			if (s->cfg->slow_start_after_idle && s->out_bytes == 0 && s->last_send_ns > 0 &&
			    S_NOW(s) - s->last_send_ns > s->rto_ns) {
				uint64_t rw = rx_umin64((uint64_t)s->cfg->iw * s->mss, s->cc.cwnd_bytes);
				s->cc.cwnd_bytes = rw;
				s->last_send_ns = S_NOW(s);
				continue;
			}
			send_new(s, RX_EV_SEND);
			if (s->ca_state == RX_CA_RECOVERY && s->rec->on_sent)
				s->rec->on_sent(s, len);
			sent_new = true;
			continue;
		}
		if (s->ca_state == RX_CA_RECOVERY) {
			bool rescue = false;
			idx = next_rule3(s);
			if (!idx) {
				idx = next_rescue(s);
				rescue = idx != 0;
			}
			if (idx) {
				if (rx_seg_at(s, idx)->len > quota)
					break;
				if (rescue)
					s->rescue_end = s->recovery_point + 1; /* RescueRxt = RecoveryPoint */
				retransmit(s, idx, RX_EV_RETRANSMIT);
				if (s->rec->on_sent)
					s->rec->on_sent(s, rx_seg_at(s, idx)->len);
				sent_rtx = true;
				continue;
			}
		}
		break;
	}
	if (sent_new)
		rearm(s, RX_ARM_SENT_NEW);
	else if (sent_rtx)
		rearm(s, RX_ARM_RETRANSMIT);
}

/* ------------------------------------------------------------------ timer slot */
static void slot_trace(struct rx_sender *s, int ev)
{
	struct rx_tslot *t = &s->rtx;
	uint64_t to_us = (uint64_t)(t->timeout_ns > 0 ? t->timeout_ns : 0) / RX_NS_PER_US;
	trace(s, ev, (uint64_t)t->expires_ns, (uint32_t)rx_umin64(to_us, UINT32_MAX),
	      (uint8_t)(t->kind | (t->formula << 4)));
}

static void slot_arm(struct rx_sender *s, int kind, int formula, int64_t expires, int64_t timeout)
{
	struct rx_tslot *t = &s->rtx;
	if (expires < S_NOW(s))
		expires = S_NOW(s);
	t->kind = (uint8_t)kind;
	t->formula = (uint8_t)formula;
	t->timeout_ns = timeout;
	rx_tslot_arm(s->sim, t, expires, RX_HEV_RTX_TIMER, s);
	slot_trace(s, RX_EV_TIMER_ARMED);
}

static void slot_cancel(struct rx_sender *s)
{
	if (s->rtx.armed) {
		rx_tslot_cancel(&s->rtx);
		slot_trace(s, RX_EV_TIMER_CANCELLED);
	}
}

static void rearm(struct rx_sender *s, int reason)
{
	if (s->out_bytes == 0) {          /* RFC 6298 (5.2) */
		slot_cancel(s);
		return;
	}
	struct rx_timer_decision d = { .kind = -1 };
	s->tmr->arm(s, reason, S_NOW(s), &d);
	if (d.kind < 0)
		return;                       /* keep what is pending */
	if (s->rtx.armed && s->rtx.kind == d.kind && s->rtx.expires_ns == d.expires_ns &&
	    s->rtx.formula == d.formula)
		return;
	s->rtx.rto_cap_ns = d.kind == RX_TMR_PROBE ? d.rto_cap_ns : 0;
	slot_arm(s, d.kind, d.formula, d.expires_ns, d.timeout_ns);
}

/* ------------------------------------------------------------------ states */
static void set_state(struct rx_sender *s, int st)
{
	if (st == s->ca_state)
		return;
	if (s->cc_ops->set_state)
		s->cc_ops->set_state(&s->cc, st, S_NOW(s));
	struct rx_flow_metrics *m = &s->sim->res->flows[s->flow];
	if (s->ca_state == RX_CA_RECOVERY)
		m->time_in_recovery_ms += (double)(S_NOW(s) - s->recovery_start_ns) / 1e6;
	if (st == RX_CA_RECOVERY)
		s->recovery_start_ns = S_NOW(s);
	int prev = s->ca_state;
	s->ca_state = st;
	/* the state column holds the state entered; arg the one left */
	trace(s, RX_EV_STATE, s->snd_una, (uint32_t)prev, (uint8_t)st);
}

static uint64_t loss_basis(const struct rx_sender *s)
{
	/* RFC 5681 eq. (4) uses FlightSize; Linux uses cwnd */
	return s->cfg->ssthresh_from_cwnd ? s->cc.cwnd_bytes : s->out_bytes;
}

static void reduce_ssthresh(struct rx_sender *s)
{
	s->cc.prior_cwnd_bytes = s->cc.cwnd_bytes;
	s->cc.prior_ssthresh_bytes = s->cc.ssthresh_bytes;
	s->cc.ssthresh_bytes = s->cc_ops->ssthresh(&s->cc, loss_basis(s), S_NOW(s));
}

enum { ENTER_FAST = 0, ENTER_ER };

static void enter_recovery(struct rx_sender *s, int why)
{
	struct rx_flow_metrics *m = &s->sim->res->flows[s->flow];
	m->recovery_episodes++;
	if (why == ENTER_ER)
		m->er_count++;
	else
		m->fast_retransmits++;
	/* the first unacknowledged segment is presumed lost (RFC 6675 (4.3),
	 * RFC 5827 §3, RFC 5681 §3.2 step 2) */
	mark_lost(s, s->una_idx);
	reduce_ssthresh(s);
	s->recovery_point = s->snd_nxt;         /* RFC 6675 (4.1) */
	s->high_rxt_idx = s->una_idx - 1;
	set_state(s, RX_CA_RECOVERY);
	s->rec->enter(s, S_NOW(s));
	/* (4.3): retransmit it regardless of pipe */
	uint64_t idx = next_lost(s);
	if (idx) {
		retransmit(s, idx, RX_EV_RETRANSMIT);
		if (s->rec->on_sent)
			s->rec->on_sent(s, rx_seg_at(s, idx)->len);
		/* (4.3) HighRxt and RescueRxt take the retransmitted segment's end */
		s->rescue_end = rx_seg_at(s, idx)->seq + rx_seg_at(s, idx)->len + 1;
		rearm(s, RX_ARM_RETRANSMIT);
	}
}

static void exit_recovery(struct rx_sender *s)
{
	s->rec->exit(s, S_NOW(s));
	set_state(s, s->sacked_segs || s->dupacks ? RX_CA_DISORDER : RX_CA_OPEN);
}

void rx_snd_enter_cwr(struct rx_sender *s)
{
	/* A loss repaired by a probe: reduce once, as Linux's CWR does
	 * (RFC 8985 §7.4.2); the reduction is applied at once. */
	reduce_ssthresh(s);
	s->cc.cwnd_bytes = rx_umax64(rx_umin64(s->cc.cwnd_bytes, s->cc.ssthresh_bytes), s->mss);
	s->recovery_point = s->snd_nxt;
	set_state(s, RX_CA_CWR);
}

void rx_snd_count_tlp_loss(struct rx_sender *s)
{
	s->sim->res->flows[s->flow].tlp_loss_episodes++;
}

/* Apply IsLost() (RFC 6675) and FACK marks, which are monotone in the
 * segment index, up to the current boundary. */
static void update_lost_marks(struct rx_sender *s)
{
	uint64_t dt = (uint64_t)s->cfg->dupthresh;
	uint64_t boundary = 0;   /* segments with idx <= boundary are lost (if not SACKed) */
	if (s->cfg->sack) {
		if (dt <= RX_TOP_SACKED && s->top_sacked[dt - 1] > 0)
			boundary = s->top_sacked[dt - 1] - 1;
		if (s->cfg->fack && s->high_sacked_idx > dt)
			boundary = rx_umax64(boundary, s->high_sacked_idx - dt);
	}
	if (boundary >= s->nxt_idx)
		boundary = s->nxt_idx - 1;
	uint64_t from = rx_umax64(s->lost_upto_idx + 1, s->una_idx);
	for (uint64_t i = from; i <= boundary; i++)
		mark_lost(s, i);
	if (boundary > s->lost_upto_idx)
		s->lost_upto_idx = boundary;
}

static bool er_condition(struct rx_sender *s)
{
	if (!s->cfg->early_retransmit)
		return false;
	uint64_t old_segs = rx_snd_outstanding_segs(s);
	/* (3.a) fewer than four outstanding; (3.b) no new segment may be sent */
	if (old_segs >= 4 || old_segs < 2)
		return false;
	if (rx_snd_has_unsent(s) && rwnd_allows(s, next_new_len(s, NULL)))
		return false;
	if (s->cfg->sack) {
		if (s->cfg->er_variant == RX_ER_LINUX)
			/* Linux: any SACKed segment, no retransmission in flight */
			return s->sacked_segs >= 1 && s->rtx_bytes == 0;
		return s->sacked_segs >= old_segs - 1;   /* oldSegs - 1 SACKed */
	}
	return s->dupacks >= old_segs - 1;            /* ER_thresh = oldSegs - 1 */
}

static void detect_loss(struct rx_sender *s)
{
	update_lost_marks(s);
	uint64_t dups = s->cfg->sack ? s->dupacks : s->reno_dupacks;
	if (dups >= (uint64_t)s->cfg->dupthresh || rx_seg_at(s, s->una_idx)->lost) {
		enter_recovery(s, ENTER_FAST);
		return;
	}
	if (er_condition(s)) {
		if (!s->cfg->er_delayed) {
			enter_recovery(s, ENTER_ER);
			return;
		}
		if (!(s->rtx.armed && s->rtx.kind == RX_TMR_ER)) {
			/* Linux's delayed ER: wait a quarter of an RTT (at least 2 ms) */
			int64_t d = rx_max64(s->srtt_ns / 4, 2 * RX_NS_PER_MS);
			s->rtx.rto_cap_ns = 0;
			slot_arm(s, RX_TMR_ER, RX_F_ER_DELAY, S_NOW(s) + d, d);
		}
	}
	if (s->ca_state != RX_CA_CWR)
		set_state(s, (s->sacked_segs || s->dupacks) ? RX_CA_DISORDER : RX_CA_OPEN);
}

/* ------------------------------------------------------------------ SACK tagging */
/* keep the RX_TOP_SACKED highest SACKed indices, descending */
static void note_top_sacked(struct rx_sender *s, uint64_t idx)
{
	uint64_t *t = s->top_sacked;
	int k = RX_TOP_SACKED - 1;
	if (idx <= t[k])
		return;
	while (k > 0 && t[k - 1] < idx) {
		t[k] = t[k - 1];
		k--;
	}
	t[k] = idx;
}

/* Find the segment index whose first byte is seq (binary search on the ring). */
static uint64_t idx_of_seq(const struct rx_sender *s, uint64_t seq)
{
	uint64_t lo = s->una_idx, hi = s->nxt_idx;
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;
		if (rx_seg_at(s, mid)->seq < seq)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void sack_block(struct rx_sender *s, uint64_t start, uint64_t end,
		       uint64_t *newly, int64_t *rtt_tx_ns)
{
	if (end <= s->snd_una || start >= s->snd_nxt || end <= start)
		return;
	uint64_t i = idx_of_seq(s, start);
	for (; i < s->nxt_idx; i++) {
		struct rx_seg *g = rx_seg_at(s, i);
		if (g->seq + g->len > end)
			break;
		if (g->seq < start || g->sacked)
			continue;
		g->sacked = 1;
		s->sacked_bytes += g->len;
		s->sacked_segs++;
		if (g->lost) {
			g->lost = 0;
			s->lost_bytes -= g->len;
		}
		if (g->rtx_inflight) {
			g->rtx_inflight = 0;
			s->rtx_bytes -= g->len;
		}
		*newly += g->len;
		if (!g->ever_rtx && (*rtt_tx_ns < 0 || g->last_tx_ns < *rtt_tx_ns))
			*rtt_tx_ns = g->last_tx_ns;
		if (i > s->high_sacked_idx)
			s->high_sacked_idx = i;
		note_top_sacked(s, i);
	}
}

/* ------------------------------------------------------------------ ACK input */
static void on_synack(struct rx_sender *s, struct rx_pkt *p)
{
	if (s->established)
		return;
	s->established = true;
	s->peer_rwnd = p->rwnd_bytes;
	if (!s->syn_rtx)
		rx_rtt_sample(s, S_NOW(s) - s->syn_sent_ns);
	else
		rx_rtt_syn_fallback(s);       /* RFC 6298 §5.7 */
	slot_cancel(s);
	rx_flow_app_begin(s->sim, s->flow);
}

void rx_snd_on_ack(struct rx_sender *s, struct rx_pkt *p)
{
	struct rx_sim *sim = s->sim;
	if (p->flags & RX_PF_SYN) {
		trace(s, RX_EV_ACK_RECV, 0, 0, 1);
		on_synack(s, p);
		return;
	}
	if (!s->established)
		return;
	uint32_t sref = p->n_sack ? rx_trace_add_sack(sim, p) : 0;
	trace(s, RX_EV_ACK_RECV, p->ack, sref, p->dsack);
	s->peer_rwnd = p->rwnd_bytes;
	uint64_t prior_una = s->snd_una;
	uint64_t prior_pipe = rx_snd_pipe(s);

	/* SACK scoreboard; a DSACK block (RFC 2883) is only noted */
	uint64_t newly_sacked = 0;
	int64_t sack_tx = -1;
	bool dsack_probe = false;
	if (s->cfg->sack && p->n_sack) {
		int first = 0;
		if (p->dsack) {
			first = 1;
			s->last_dsack_ns = S_NOW(s);
			dsack_probe = true;
		}
		for (int b = first; b < p->n_sack; b++)
			sack_block(s, p->sack[b][0], p->sack[b][1], &newly_sacked, &sack_tx);
	}

	/* cumulative ACK */
	uint64_t ack = p->ack > s->snd_nxt ? s->snd_nxt : p->ack;
	uint64_t acked = 0;
	int64_t seq_tx = -1;
	bool rtx_acked = false;
	if (ack > s->snd_una) {
		while (s->una_idx < s->nxt_idx) {
			struct rx_seg *g = rx_seg_at(s, s->una_idx);
			if (g->seq + g->len > ack)
				break;
			s->out_bytes -= g->len;
			if (g->sacked) {
				s->sacked_bytes -= g->len;
				s->sacked_segs--;
			} else if (g->ever_rtx) {
				rtx_acked = true;
			} else if (seq_tx < 0) {
				seq_tx = g->last_tx_ns;   /* the oldest newly ACKed segment */
			}
			if (g->lost)
				s->lost_bytes -= g->len;
			if (g->rtx_inflight)
				s->rtx_bytes -= g->len;
			s->una_idx++;
		}
		acked = ack - s->snd_una;
		s->snd_una = ack;
		s->dupacks = 0;               /* RFC 6675 §5 (C) */
		s->reno_dupacks = 0;
		for (int k = 0; k < RX_TOP_SACKED; k++)
			if (s->top_sacked[k] < s->una_idx)
				s->top_sacked[k] = 0;
		if (s->high_sacked_idx < s->una_idx)
			s->high_sacked_idx = 0;
	} else if (ack == s->snd_una && s->out_bytes > 0) {
		/* a duplicate ACK: RFC 5681 §2 without SACK; RFC 6675 §2 with SACK
		 * (it must SACK new data) */
		if (s->cfg->sack ? newly_sacked > 0 : true) {
			s->dupacks++;
			if (!s->cfg->sack && s->reno_dupacks + 1 < rx_snd_outstanding_segs(s))
				s->reno_dupacks++;
		}
	}

	/* RTT sample (Karn): cumulative first, then SACK */
	int64_t rtt = -1;
	if (seq_tx >= 0 && !rtx_acked)
		rtt = S_NOW(s) - seq_tx;
	else if (acked == 0 && sack_tx >= 0)
		rtt = S_NOW(s) - sack_tx;
	if (rtt >= 0)
		rx_rtt_sample(s, rtt);

	struct rx_ack_sample as = {
		.now_ns = S_NOW(s), .acked_bytes = acked + newly_sacked, .rtt_ns = rtt,
		.in_flight_bytes = prior_pipe,
		.is_cwnd_limited = prior_pipe * 2 >= s->cc.cwnd_bytes,
	};
	if (rtt >= 0 && s->cc_ops->pkts_acked)
		s->cc_ops->pkts_acked(&s->cc, &as);
	/* window growth: not while reducing (Recovery, CWR) */
	if (acked && (s->ca_state == RX_CA_OPEN || s->ca_state == RX_CA_DISORDER || s->ca_state == RX_CA_LOSS)) {
		as.acked_bytes = acked;
		s->cc_ops->cong_avoid(&s->cc, &as);
	}

	if (s->tmr->on_ack)
		s->tmr->on_ack(s, ack, (dsack_probe ? RX_ACKF_DSACK : 0) | (acked ? RX_ACKF_ADVANCED : 0) |
				       (newly_sacked ? RX_ACKF_SACKED : 0), S_NOW(s));

	/* a pending delayed ER is re-decided by the state machine below */
	if (acked && s->rtx.armed && s->rtx.kind == RX_TMR_ER)
		slot_cancel(s);

	/* congestion state machine */
	switch (s->ca_state) {
	case RX_CA_RECOVERY:
		if (s->snd_una >= s->recovery_point) {
			exit_recovery(s);
			break;
		}
		if (!s->cfg->sack && acked)
			mark_lost(s, s->una_idx);    /* RFC 6582 §3.2 (3): partial ACK */
		update_lost_marks(s);
		s->rec->on_ack(s, acked + newly_sacked, S_NOW(s));
		break;
	case RX_CA_LOSS:
		if (s->snd_una >= s->recovery_point)
			set_state(s, s->sacked_segs ? RX_CA_DISORDER : RX_CA_OPEN);
		else
			update_lost_marks(s);
		break;
	case RX_CA_CWR:
		if (s->snd_una >= s->recovery_point)
			set_state(s, RX_CA_OPEN);
		/* loss detection runs in CWR as in Open */
		/* fall through */
	default:
		if (s->out_bytes > 0 && (s->dupacks || s->sacked_segs || s->reno_dupacks))
			detect_loss(s);
		else if (s->ca_state == RX_CA_DISORDER && s->sacked_segs == 0 && s->dupacks == 0)
			set_state(s, RX_CA_OPEN);
		break;
	}

	push(s);

	/* Restart the timer when new data was ACKed (RFC 6298 5.3), after the
	 * segments this ACK released were sent, so that RTO Restart's
	 * T_earliest and TLPR's T_last see them (RFC 7765 §3). */
	if (acked && !(s->rtx.armed && s->rtx.kind == RX_TMR_ER))
		rearm(s, RX_ARM_ACK);
	/* a pending probe whose conditions no longer hold becomes the RTO it
	 * stood in for */
	if (s->rtx.armed && s->rtx.kind == RX_TMR_PROBE && s->ca_state != RX_CA_OPEN &&
	    s->ca_state != RX_CA_CWR) {
		int64_t cap = s->rtx.rto_cap_ns > 0 ? s->rtx.rto_cap_ns : S_NOW(s) + s->rto_ns;
		slot_arm(s, RX_TMR_RTO, RX_F_RTO, cap, s->rto_ns);
	}
	if (s->out_bytes == 0)
		slot_cancel(s);
	(void)prior_una;
}

/* ------------------------------------------------------------------ timer expiry */
/* A SYN (first or retransmitted), with the RTO armed behind it. */
static void send_syn(struct rx_sender *s)
{
	struct rx_pkt *p = rx_pkt_alloc(s->sim);
	if (!p)
		return;
	p->flags = RX_PF_SYN;
	p->flow = (uint16_t)s->flow;
	p->tx_no = ++s->syn_tx;
	p->tsval = (uint32_t)(S_NOW(s) / RX_NS_PER_MS);
	p->wire_bytes = rx_wire_bytes(0, s->cfg->timestamps, 0, true);
	trace(s, RX_EV_SYN, 0, 0, 0);
	rx_link_send(&s->sim->link[0], p);
	slot_arm(s, RX_TMR_RTO, RX_F_RTO, S_NOW(s) + s->rto_ns, s->rto_ns);
}

static void on_rto(struct rx_sender *s)
{
	struct rx_flow_metrics *m = &s->sim->res->flows[s->flow];
	if (!s->established) {
		/* SYN retransmission with backoff (RFC 6298 §5.5, §5.7) */
		m->syn_retransmits++;
		s->syn_rtx = true;
		rx_rtt_backoff(s);
		send_syn(s);
		return;
	}
	m->rto_count++;
	/* RFC 5681 §3.1 eq. (4); not again on a repeated timeout */
	if (s->ca_state != RX_CA_LOSS)
		reduce_ssthresh(s);
	if (s->ca_state == RX_CA_RECOVERY && s->rec->exit)
		s->rec->exit(s, S_NOW(s));
	s->cc.cwnd_bytes = s->mss;             /* loss window */
	/* every outstanding un-SACKed segment is presumed lost, and so are
	 * the retransmissions in flight */
	for (uint64_t i = s->una_idx; i < s->nxt_idx; i++) {
		struct rx_seg *g = rx_seg_at(s, i);
		if (g->rtx_inflight) {
			g->rtx_inflight = 0;
			s->rtx_bytes -= g->len;
		}
		mark_lost(s, i);
	}
	s->rtx_hint_idx = s->una_idx;
	s->lost_upto_idx = s->nxt_idx - 1;
	s->high_rxt_idx = s->una_idx - 1;
	s->recovery_point = s->snd_nxt;
	s->dupacks = 0;
	s->reno_dupacks = 0;
	s->tlp_high_seq = 0;
	set_state(s, RX_CA_LOSS);
	rx_rtt_backoff(s);                      /* (5.5) */
	/* (5.4) retransmit the earliest segment, (5.6) restart the timer */
	uint64_t idx = next_lost(s);
	if (idx)
		retransmit(s, idx, RX_EV_RETRANSMIT);
	slot_arm(s, RX_TMR_RTO, RX_F_RTO, S_NOW(s) + s->rto_ns, s->rto_ns);
	push(s);
}

void rx_snd_on_timer(struct rx_sender *s)
{
	slot_trace(s, RX_EV_TIMER_FIRED);
	switch (s->rtx.kind) {
	case RX_TMR_PROBE:
		if (s->tmr->on_probe && s->out_bytes > 0)
			s->tmr->on_probe(s, S_NOW(s));
		break;
	case RX_TMR_ER:
		if (s->out_bytes > 0 && s->ca_state != RX_CA_RECOVERY && s->ca_state != RX_CA_LOSS)
			enter_recovery(s, ENTER_ER);
		if (!s->rtx.armed && s->out_bytes > 0)
			slot_arm(s, RX_TMR_RTO, RX_F_RTO, S_NOW(s) + s->rto_ns, s->rto_ns);
		push(s);
		break;
	default:
		on_rto(s);
		break;
	}
}

/* Send one loss probe (paper §2.2; RFC 8985 §7.3): new data if the receive
 * window allows (cwnd is not checked), else the highest outstanding segment. */
void rx_snd_send_probe(struct rx_sender *s)
{
	struct rx_flow_metrics *m = &s->sim->res->flows[s->flow];
	bool is_rtx;
	if (rx_snd_can_send_new(s, true)) {
		send_new(s, RX_EV_PROBE);
		is_rtx = false;
	} else {
		uint64_t idx = s->nxt_idx - 1;
		while (idx > s->una_idx && rx_seg_at(s, idx)->sacked)
			idx--;
		struct rx_seg *g = rx_seg_at(s, idx);
		g->ever_rtx = 1;
		m->retransmissions++;
		xmit(s, idx, RX_EV_PROBE);
		is_rtx = true;
	}
	m->probe_count++;
	s->tlp_high_seq = s->snd_nxt;
	s->tlp_is_rtx = is_rtx;
	s->tlp_dsacked = false;
	struct rx_timer_decision d = { .kind = -1 };
	s->tmr->arm(s, RX_ARM_AFTER_PROBE, S_NOW(s), &d);
	if (d.kind >= 0) {
		s->rtx.rto_cap_ns = 0;
		slot_arm(s, d.kind, d.formula, d.expires_ns, d.timeout_ns);
	}
}

/* ------------------------------------------------------------------ app */
void rx_snd_start(struct rx_sender *s)
{
	s->started = true;
	if (!s->cfg->handshake) {
		s->established = true;
		rx_flow_app_begin(s->sim, s->flow);
		return;
	}
	s->syn_sent_ns = S_NOW(s);
	send_syn(s);
}

void rx_snd_app_write(struct rx_sender *s, uint64_t end)
{
	if (s->app_done || end <= s->app_end)
		return;
	trace(s, RX_EV_APP, s->app_end, (uint32_t)rx_umin64(end - s->app_end, UINT32_MAX), 0);
	s->app_end = end;
	push(s);
}

void rx_snd_app_stop(struct rx_sender *s)
{
	s->app_done = true;
	s->app_end = s->snd_nxt;
	struct rx_receiver *r = &s->sim->flows[s->flow].rcv;
	rx_flow_delivered(s->sim, s->flow, r->rcv_nxt);
}
