/* sender.c — the TCP data sender: segmentation, transmission, the
 * application interface, and the per-ACK pipeline that hands every ACK to
 * the families in a fixed order (docs/architecture.md):
 *
 *   scoreboard (scoreboard.c) -> RTT (rtt.c) -> spurious detectors ->
 *   congestion control (src/cc/) -> timer policy (src/timers/) ->
 *   congestion-state machine (castate.c: loss detection, src/lossdet/, and
 *   recovery, src/recovery/) -> transmit (push) -> timer slot (tslot.c)
 *
 * Which segment goes next follows RFC 6675 NextSeg(): lost segments first
 * (rule 1), then new data (rule 2), then whatever the recovery family adds
 * during a reduction (rules 3 and 4), within the quota castate.c grants.
 */
#include <stdlib.h>
#include <string.h>
#include "rexsim/registry.h"
#include "sim.h"

#define S_NOW(s) ((s)->sim->now_ns)

/* ------------------------------------------------------------------ views */
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

/* Opportunistic retransmission (opportunistic-retransmission paper §IV,
 * tcp.opportunistic_rtx), asked only when the receive window stops new data:
 * "For every received DUPACK the TCP sender decodes the SACK blocks ... (i)
 * the number of gaps (i.e., lost packets) ..., n1; and (ii) the number of
 * out-of-order packets received, n2.  Then the TCP sender first retransmits
 * the lost packets.  The receiver will advance the AWnd by n1+n2 packets if
 * they are successfully received.  Therefore the TCP sender then transmits up
 * to n1+n2 new packets.  But the number of transmitted packets is also
 * subject to the congestion control constraint: pipe <= CWnd."
 * Interpretation: n1 + n2 segments are the segments from SND.UNA up to the
 * highest SACKed one (each is a gap or SACKed), but only as far as every gap
 * among them has been retransmitted: "first retransmits the lost packets.
 * The receiver will advance the AWnd by n1+n2 packets if they are
 * successfully received" — a gap that has not been retransmitted yet (a
 * hole RFC 6675's IsLost does not yet call lost, or one whose
 * retransmission was deemed lost again) cannot advance the window, and new
 * data sent past the window on its account reaches a receiver whose buffer
 * still ends at that hole, which drops it (receiver.c W6).  So the window is
 * extended by the bytes from SND.UNA to the end of the last segment s with
 * every segment in [SND.UNA, s] SACKed or with a retransmission in flight,
 * s at most the highest SACKed one; the retransmissions counted left before
 * the new data, so on a FIFO path they arrive first.  Only a retransmission
 * lost on the path (§VIII's bottleneck (b)) still gets new data dropped.
 * (Counting every gap up to the highest SACK, unretransmitted ones included,
 * had the receiver drop 8,000 opportunistic segments against 178 random
 * losses in 30 s of CUBIC+BARR at 100 Mb/s, U = 200 ms: the paper, §VIII,
 * sees those drops only when a retransmission is lost.)  "First retransmits
 * the lost packets" is NextSeg's rule 1 having nothing left (this is rule 2,
 * asked after it); pipe <= cwnd is the recovery's quota, checked by the
 * caller; only in fast recovery (the paper leaves the RTO case out, §II.A).
 * The covered prefix is cached in s->opp_cov_idx (it only grows, except when
 * a retransmission is deemed lost: scoreboard.c lowers it), so the scan is
 * amortised O(1) per call.
 * The bound, exactly (tests/python/test_receiver_window.py pins both parts
 * at the segment that goes and the one that does not):
 *  - "transmits up to n1+n2 new packets" bounds the new data past the
 *    advertised edge in total, not per DUPACK (each DUPACK's n1 + n2 counts
 *    the same holes again): snd_nxt may reach SND.UNA + SND.WND + (n1 + n2)
 *    segments, no more.  That is where the receiver's buffer will end once
 *    the holes are filled and read ("The receiver will advance the AWnd by
 *    n1+n2 packets"), so with a reader that reads at once the last segment
 *    it allows fills the buffer exactly and one more would be dropped
 *    (receiver.c W6).
 *  - "pipe<=CWnd" holds after each transmission (pipe + the segment <= the
 *    recovery's window), which is §II.A condition (a), "the amount of
 *    inflight data is less than the congestion window", checked before it,
 *    and RFC 6675's "cwnd - pipe >= 1 SMSS".  Checked before the send,
 *    pipe <= CWnd would put one segment more than the window in flight.
 *    The window is the recovery member's (send_quota): cwnd for rfc6675 and
 *    rate_halving, W for qarr and barr, PRR's sndcnt for prr. */
static bool opportunistic_allows(struct rx_sender *s, uint32_t len)
{
	if (!s->cfg->opportunistic_rtx || s->ca_state != RX_CA_RECOVERY || s->high_sacked_idx < s->una_idx ||
	    s->high_sacked_idx >= s->nxt_idx)
		return false;
	uint64_t i = s->opp_cov_idx > s->una_idx ? s->opp_cov_idx : s->una_idx;
	for (; i <= s->high_sacked_idx; i++) {
		const struct rx_seg *g = rx_seg_at(s, i);
		if (!g->sacked && !g->rtx_inflight)
			break; /* a gap not (or no longer) retransmitted */
	}
	s->opp_cov_idx = i;
	if (i == s->una_idx)
		return false;
	const struct rx_seg *h = rx_seg_at(s, i - 1);
	uint64_t ext = h->seq + h->len - s->snd_una; /* (n1 + n2) segments, retransmitted or SACKed */
	return s->snd_nxt + len <= s->snd_una + s->peer_rwnd + ext;
}

/* Would the receive window, or opportunistic retransmission's allowance past
 * it, let len more bytes of new data go now?  (The application-stall metric,
 * sndbuf.c interpretation 6: room "to send" counts the opportunistic
 * allowance as the transmit step does.)  Not const: the allowance advances
 * the sender's coverage cache (opp_cov_idx), as the transmit step's does. */
bool rx_snd_window_room(struct rx_sender *s, uint32_t len)
{
	return rwnd_allows(s, len) || opportunistic_allows(s, len);
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

/* ------------------------------------------------------------------ setup */
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
	s->peer_rwnd = (uint64_t)rx_rcvbuf_bytes(sim->sc, cfg); /* until the SYN-ACK's window */
	s->cc_ops = rx_member(RX_FAM_CC, (int)cfg->cc);
	s->tmr = rx_member(RX_FAM_TIMER, (int)cfg->timer);
	s->rec = rx_member(RX_FAM_RECOVERY, (int)cfg->recovery);
	s->ld = rx_member(RX_FAM_LOSSDET, (int)cfg->lossdet);
	s->cc.mss_bytes = s->mss;
	s->cc.cwnd_bytes = (uint64_t)cfg->iw * s->mss;
	s->cc.ssthresh_bytes = RX_SSTHRESH_INF;
	s->cc.slow_start = (int)cfg->slow_start;
	s->cc.ss_limit_bytes = (uint64_t)cfg->abc_limit_segs * s->mss;
	size_t n_cc_params;
	rx_member_params(RX_FAM_CC, (int)cfg->cc, &n_cc_params, NULL);
	s->cc.cfg = n_cc_params ? cfg->mech_cfg[RX_FAM_CC] : NULL; /* the member's own parameters */
	if (s->cc_ops->init)
		s->cc_ops->init(&s->cc);
	/* the chosen spurious-timeout detectors, in registry order */
	s->n_sp = 0;
	for (int i = 0; i < rx_member_count(RX_FAM_SPURIOUS) && s->n_sp < RX_MAX_SPURIOUS; i++)
		if ((uint64_t)cfg->spurious_mask & (UINT64_C(1) << i)) {
			s->sp_member[s->n_sp] = i;
			s->sp[s->n_sp++] = rx_member(RX_FAM_SPURIOUS, i);
		}
	static const int var_family[2] = { RX_FAM_CC, RX_FAM_RECOVERY };
	const int var_member[2] = { (int)cfg->cc, (int)cfg->recovery }; /* as chosen above */
	for (int v = 0; v < 2; v++) {
		int member = var_member[v];
		size_t n;
		rx_member_vars(var_family[v], member, &n);
		s->n_vars[v] = (int)n;
		if (!n)
			continue; /* most members declare none: no id to look up */
		s->var_base[v] = rx_var_id(var_family[v], member, 0);
		for (int k = 0; k < RX_MAX_VARS; k++)
			s->vars_last[v][k] = INT64_MIN;
	}
	if (s->rec->ack_history) { /* the recovery member's ACK history (rate.c) */
		uint32_t cap = s->rec->ack_history(s) + 1; /* the latest ACK and m before it */
		s->ack_hist_delivered = calloc(cap, sizeof(uint64_t));
		s->ack_hist_ns = calloc(cap, sizeof(int64_t));
		if (!s->ack_hist_delivered || !s->ack_hist_ns)
			return -1;
		s->ack_hist_cap = cap;
	}
	if (s->tmr->init)
		s->tmr->init(s);
	if (s->ld->init)
		s->ld->init(s);
	/* the kernel tick the timers run on (tslot.c) and the RTO is held in (rtt.c) */
	s->tick_ns = cfg->hz > 0 ? RX_NS_PER_S / cfg->hz : 0;
	rx_rtt_init(s);
	s->ca_state = RX_CA_OPEN;
	rx_sndbuf_init(s);
	return 0;
}

void rx_snd_free(struct rx_sender *s)
{
	free(s->ring);
	s->ring = NULL;
	free(s->ack_hist_delivered);
	free(s->ack_hist_ns);
	s->ack_hist_delivered = NULL;
	s->ack_hist_ns = NULL;
}

/* ------------------------------------------------------------------ transmit */
/* A packet from this sender: its flags, flow, timestamp (TSval in ms) and
 * wire size for `payload` bytes; NULL when the pool is exhausted. */
static struct rx_pkt *new_pkt(struct rx_sender *s, unsigned flags, uint32_t payload, bool syn)
{
	struct rx_pkt *p = rx_pkt_alloc(s->sim);
	if (!p)
		return NULL;
	p->flags = (uint8_t)flags;
	p->flow = (uint16_t)s->flow;
	p->tsval = rx_ts_clock(S_NOW(s));
	p->wire_bytes = rx_wire_bytes(payload, s->cfg->timestamps, 0, syn);
	return p;
}

/* cause: enum rx_tx_cause, recorded in the trace */
static void xmit(struct rx_sender *s, uint64_t idx, int kind, int cause)
{
	struct rx_sim *sim = s->sim;
	struct rx_seg *g = rx_seg_at(s, idx);
	g->tx_count++;
	if (g->tx_count > 1 && g->from_end >= 0 && g->from_end < RX_TAIL_SEGS)
		rx_snd_metrics(s)->tail_retransmissions++;
	g->last_tx_ns = S_NOW(s);
	rx_rtt_on_xmit(s, idx, g->tx_count);
	g->last_tx_order = ++s->tx_order;
	rx_rate_on_send(s, g);
	struct rx_pkt *p = new_pkt(s,
				   RX_PF_DATA | RX_PF_ACK | (kind == RX_EV_PROBE ? RX_PF_PROBE : 0) |
					   (cause == RX_TXC_OPPORTUNISTIC ? RX_PF_OPP : 0),
				   g->len, false);
	if (!p)
		return;
	p->seq = g->seq;
	p->len_bytes = g->len;
	p->seg_idx = (uint32_t)idx;
	p->tx_no = g->tx_count;
	p->from_end = g->from_end;
	rx_trace_add_cause(sim, kind, s->flow, g->seq, g->len, (uint8_t)(g->tx_count > 255 ? 255 : g->tx_count),
			   (uint8_t)cause);
	s->last_send_ns = S_NOW(s);
	/* the largest flight of the current window (a window ends once snd_una
	 * passes what was sent when it began) */
	if (s->snd_una >= s->max_flight_seq || s->out_bytes > s->max_flight_bytes) {
		s->max_flight_bytes = s->out_bytes;
		s->max_flight_seq = s->snd_nxt;
	}
	rx_link_send(&sim->link[0], p);
}

/* May congestion control grow the window on this ACK (tcp.cwnd_limited)? */
static int cwnd_limited(const struct rx_sender *s, uint64_t prior_pipe_bytes)
{
	if (s->cfg->cwnd_limited == 0)
		return prior_pipe_bytes * 2 >= s->cc.cwnd_bytes;
	if (s->cc.cwnd_bytes < s->cc.ssthresh_bytes)
		return s->cc.cwnd_bytes < 2 * s->max_flight_bytes;
	return s->max_flight_bytes + s->mss > s->cc.cwnd_bytes;
}

static bool send_new(struct rx_sender *s, int kind, int cause)
{
	int32_t from_end;
	uint32_t len = next_new_len(s, &from_end);
	if (len == 0 || rx_sb_reserve(s))
		return false;
	struct rx_seg *g = rx_seg_at(s, s->nxt_idx);
	memset(g, 0, sizeof(*g));
	g->seq = s->snd_nxt;
	g->len = len;
	g->from_end = from_end;
	g->first_tx_ns = S_NOW(s);
	if (s->out_bytes == 0) /* a new flight starts (rate.c) */
		rx_rate_new_flight(s);
	uint64_t idx = s->nxt_idx++;
	s->snd_nxt += len;
	s->out_bytes += len;
	rx_snd_metrics(s)->segments_sent++;
	xmit(s, idx, kind, cause);
	return true;
}

/* cause: enum rx_tx_cause */
void rx_snd_retransmit(struct rx_sender *s, uint64_t idx, int cause)
{
	struct rx_seg *g = rx_seg_at(s, idx);
	if (!g->rtx_inflight) {
		g->rtx_inflight = 1;
		s->rtx_bytes += g->len;
	}
	g->ever_rtx = 1;
	if (idx > s->high_rxt_idx)
		s->high_rxt_idx = idx;
	rx_snd_metrics(s)->retransmissions++;
	if (s->rtxlog_on) { /* the RTO episode's log (RFC 3708 §3) */
		if (s->rtxlog_n < RX_RTXLOG) {
			s->rtxlog_seq[s->rtxlog_n] = g->seq;
			s->rtxlog_len[s->rtxlog_n++] = g->len;
		} else {
			s->rtxlog_overflow = true;
		}
	}
	xmit(s, idx, RX_EV_RETRANSMIT, cause);
}

static bool reducing(const struct rx_sender *s)
{
	return s->ca_state == RX_CA_RECOVERY || s->ca_state == RX_CA_CWR;
}

static void note_sent(struct rx_sender *s, uint64_t idx, uint32_t len, int cause)
{
	if (reducing(s) && s->rec->on_sent)
		s->rec->on_sent(s, idx, len, cause);
}

/* Send what the quota allows, segment by segment, in NextSeg() order. */
void rx_snd_push(struct rx_sender *s)
{
	if (!s->established)
		return;
	if (s->sb.on) /* the application writes into the send buffer first (sndbuf.c) */
		rx_sndbuf_fill(s);
	bool sent_new = false, sent_rtx = false;
	for (int guard = 0; guard < 1 << 20; guard++) {
		uint64_t quota = rx_cs_send_quota(s);
		/* rule 1, unless a spurious-timeout detector waits on new data (then
		 * at most two new segments, RFC 5682 step 2b) */
		bool hold = s->sp_watch && rx_cs_sp_send_new(s);
		uint64_t idx = hold ? 0 : rx_sb_next_lost(s);
		if (idx) {
			uint32_t len = rx_seg_at(s, idx)->len;
			if (len > quota)
				break;
			int cause = s->ca_state == RX_CA_LOSS ? RX_TXC_LOSS : RX_TXC_LOST;
			rx_snd_retransmit(s, idx, cause);
			note_sent(s, idx, len, cause);
			sent_rtx = true;
			continue;
		}
		if (rx_snd_has_unsent(s)) { /* rule 2 */
			uint32_t len = next_new_len(s, NULL);
			int cause = RX_TXC_NEW;
			if (!rwnd_allows(s, len)) {
				if (!opportunistic_allows(s, len))
					break;
				cause = RX_TXC_OPPORTUNISTIC;
			}
			if (len > quota || (hold && s->snd_nxt + len > s->sp_new_end))
				break;
			/* RFC 5681 §4.1: restart window after an idle period > RTO */
			if (s->cfg->slow_start_after_idle && s->out_bytes == 0 && s->last_send_ns > 0 &&
			    S_NOW(s) - s->last_send_ns > s->rto_ns) {
				uint64_t rw = rx_umin64((uint64_t)s->cfg->iw * s->mss, s->cc.cwnd_bytes);
				s->cc.cwnd_bytes = rw;
				s->last_send_ns = S_NOW(s);
				continue;
			}
			uint64_t nidx = s->nxt_idx;
			send_new(s, RX_EV_SEND, cause);
			note_sent(s, nidx, len, cause);
			sent_new = true;
			continue;
		}
		if (s->ca_state == RX_CA_RECOVERY && s->rec->next_seg) { /* rules 3, 4 */
			int cause = RX_TXC_LOST;
			idx = s->rec->next_seg(s, &cause);
			if (idx) {
				uint32_t len = rx_seg_at(s, idx)->len;
				if (len > quota)
					break;
				rx_snd_retransmit(s, idx, cause);
				note_sent(s, idx, len, cause);
				sent_rtx = true;
				continue;
			}
		}
		break;
	}
	if (sent_new)
		rx_slot_rearm(s, RX_ARM_SENT_NEW);
	else if (sent_rtx)
		rx_slot_rearm(s, RX_ARM_RETRANSMIT);
	if (s->sb.on) /* application stall (sndbuf.c) */
		rx_sndbuf_after_push(s);
}

/* Trace the declared variables of congestion control and recovery that
 * changed since they were last traced. */
void rx_snd_trace_vars(struct rx_sender *s)
{
	for (int v = 0; v < 2; v++) {
		const int64_t *now = v == 0 ? s->cc.vars : s->rec_vars;
		for (int k = 0; k < s->n_vars[v]; k++)
			if (now[k] != s->vars_last[v][k]) {
				s->vars_last[v][k] = now[k];
				rx_trace_var(s->sim, s->flow, s->var_base[v] + k, now[k]);
			}
	}
}

void rx_snd_count_tlp_loss(struct rx_sender *s)
{
	rx_snd_metrics(s)->tlp_loss_episodes++;
}

/* ------------------------------------------------------------------ ground truth for the metrics
 * What the simulator knows and the sender does not: the fate of each copy.
 * Only the metrics read it. */

/* the outstanding segment a data packet carries, or NULL (already ACKed) */
static struct rx_seg *seg_of_pkt(const struct rx_sender *s, const struct rx_pkt *p)
{
	uint64_t idx = s->una_idx + (uint32_t)(p->seg_idx - (uint32_t)s->una_idx);
	if (idx >= s->nxt_idx)
		return NULL;
	struct rx_seg *g = rx_seg_at(s, idx);
	return g->seq == p->seq ? g : NULL;
}

void rx_snd_on_data_dropped(struct rx_sender *s, const struct rx_pkt *p)
{
	s->data_losses++; /* unnecessary_retransmissions (sim.c) */
	struct rx_seg *g = seg_of_pkt(s, p);
	if (g && p->tx_no >= 1 && p->tx_no <= 64)
		g->dropped_tx |= UINT64_C(1) << (p->tx_no - 1);
}

/* A loss probe that retransmitted a segment arrives with data the receiver
 * did not have: it repaired a loss if every earlier transmission of that
 * segment was dropped (not merely late: a late original would have made the
 * probe spurious instead). */
bool rx_snd_probe_repaired(const struct rx_sender *s, const struct rx_pkt *p)
{
	if (!(p->flags & RX_PF_PROBE) || p->tx_no < 2 || p->tx_no > 65 || p->is_dup_copy)
		return false;
	const struct rx_seg *g = seg_of_pkt(s, p);
	uint64_t earlier = p->tx_no == 65 ? UINT64_MAX : (UINT64_C(1) << (p->tx_no - 1)) - 1;
	return g && (g->dropped_tx & earlier) == earlier;
}

/* ------------------------------------------------------------------ ACK input */
static void on_synack(struct rx_sender *s, struct rx_pkt *p)
{
	if (s->established)
		return;
	s->established = true;
	s->peer_rwnd = p->rwnd_bytes;
	if (!s->syn_rtx) {
		rx_rtt_sample(s, S_NOW(s) - s->syn_sent_ns);
	} else {
		rx_rtt_syn_fallback(s); /* RFC 6298 §5.7 */
		/* RFC 5681 §3.1: "if the SYN or SYN/ACK is lost, the initial
		 * window used by a sender after a correctly transmitted SYN MUST
		 * be one segment consisting of at most SMSS bytes."  The sender
		 * cannot tell a lost SYN from a lost SYN-ACK (or one later than
		 * the RTO); a retransmitted SYN stands for both, as in (5.7). */
		s->cc.cwnd_bytes = s->mss;
	}
	rx_slot_cancel(s);
	rx_flow_app_begin(s->sim, s->flow);
}

/* The per-ACK pipeline. */
void rx_snd_on_ack(struct rx_sender *s, struct rx_pkt *p)
{
	if (p->flags & RX_PF_SYN) {
		rx_snd_trace(s, RX_EV_ACK_RECV, 0, 0, 1);
		on_synack(s, p);
		return;
	}
	if (!s->established)
		return;
	uint32_t sref = p->n_sack ? rx_trace_add_sack(s->sim, p) : 0;
	rx_snd_trace(s, RX_EV_ACK_RECV, p->ack, sref, p->dsack);

	/* 1. scoreboard */
	struct rx_ack_info ai = {
		.now_ns = S_NOW(s),
		.prior_una = s->snd_una,
		.prior_pipe_bytes = rx_snd_pipe(s),
		.tsecr = s->cfg->timestamps ? p->tsecr : 0,
		.rtt_ns = -1,
		.newest_tx_ns = -1,
	};
	int64_t rtt_tx;
	struct rx_rate_sample rs = { .has_data = false };
	rx_sb_take_ack(s, p, &ai, &rtt_tx, &rs); /* reads the window before this ACK (a window update is no dupack) */
	s->peer_rwnd = p->rwnd_bytes;
	if (s->ack_hist_cap)
		rx_ack_hist_push(s);
	if (ai.flags & RX_ACKF_DSACK) {
		s->dsack_seen = true;
		if (s->rtxlog_on)
			rx_cs_rtxlog_dsack(s, ai.dsack_start, ai.dsack_end);
	}

	/* 2. RTT: this ACK's Karn-valid sample (for congestion control and the
	 * detectors), which the estimator takes or not by its profile's rule */
	if (rtt_tx >= 0)
		ai.rtt_ns = S_NOW(s) - rtt_tx;
	rx_rtt_on_ack(s, &ai);

	/* 3. spurious-timeout detectors (after an RTO) */
	rx_cs_spurious_on_ack(s, &ai);

	/* 4. congestion control: window growth, not while reducing (Recovery, CWR) */
	struct rx_ack_sample as = {
		.now_ns = ai.now_ns,
		.acked_bytes = ai.acked_bytes + ai.newly_sacked_bytes,
		.newly_delivered_bytes = ai.newly_delivered_bytes,
		.rtt_ns = ai.rtt_ns,
		.in_flight_bytes = ai.prior_pipe_bytes,
		.is_cwnd_limited = cwnd_limited(s, ai.prior_pipe_bytes),
	};
	rx_rate_fill(s, &rs, &as);
	as.round_start = rx_round_on_ack(s, &ai);
	if ((ai.acked_bytes || ai.newly_sacked_bytes) && s->cc_ops->in_ack)
		s->cc_ops->in_ack(&s->cc, &as);
	if (ai.rtt_ns >= 0 && s->cc_ops->pkts_acked)
		s->cc_ops->pkts_acked(&s->cc, &as);
	if (ai.acked_bytes && !reducing(s)) {
		as.acked_bytes = ai.acked_bytes;
		s->cc_ops->cong_avoid(&s->cc, &as);
	}

	/* 5. timer policy (probe bookkeeping) */
	if (s->tmr->on_ack)
		s->tmr->on_ack(s, &ai);

	/* loss detection's own bookkeeping, on every ACK whatever the state
	 * (RACK's most recently delivered segment, RFC 8985 §6.2 steps 1-4) */
	if (s->ld->observe)
		s->ld->observe(s, &ai);

	/* a pending loss-detection timer is re-decided by loss detection below */
	if (ai.acked_bytes && s->rtx.armed && s->rtx.kind == RX_TMR_ER)
		rx_slot_cancel(s);

	/* 6. congestion-state machine: loss detection and recovery */
	rx_cs_on_ack(s, &ai);
	if (s->cfg->hack1_dupack_rtx) /* the paper's Hack 1 (hack1.c) */
		rx_hack1_on_ack(s, &ai);

	/* 7. transmit */
	rx_snd_push(s);

	/* 8. timer slot. Restart the timer when new data was ACKed (RFC 6298
	 * 5.3), after the segments this ACK released were sent, so that RTO
	 * Restart (RFC 7765 §4) and TLPR's T_last see them. */
	if (ai.acked_bytes && !(s->rtx.armed && s->rtx.kind == RX_TMR_ER))
		rx_slot_rearm(s, RX_ARM_ACK);
	/* a pending probe whose conditions no longer hold becomes the RTO it
	 * stood in for */
	if (s->rtx.armed && s->rtx.kind == RX_TMR_PROBE && s->ca_state != RX_CA_OPEN && s->ca_state != RX_CA_CWR) {
		int64_t cap = s->rtx.rto_cap_ns > 0 ? s->rtx.rto_cap_ns : S_NOW(s) + s->rto_ns;
		rx_slot_arm(s, RX_TMR_RTO, RX_F_RTO, cap, s->rto_ns);
	}
	if (s->out_bytes == 0) {
		if (!(s->rtx.armed && s->rtx.kind == RX_TMR_PERSIST))
			rx_slot_cancel(s);
		rx_slot_persist(s); /* nothing in flight: is data held by the window? */
	}
	if (s->n_vars[0] | s->n_vars[1])
		rx_snd_trace_vars(s);
}

/* ------------------------------------------------------------------ timer expiry */
/* A SYN (first or retransmitted), with the RTO armed behind it. */
static void send_syn(struct rx_sender *s)
{
	struct rx_pkt *p = new_pkt(s, RX_PF_SYN, 0, true);
	if (!p)
		return;
	p->tx_no = ++s->syn_tx;
	rx_snd_trace(s, RX_EV_SYN, 0, 0, 0);
	rx_link_send(&s->sim->link[0], p);
	rx_slot_arm(s, RX_TMR_RTO, RX_F_RTO, S_NOW(s) + s->rto_ns, s->rto_ns);
}

void rx_snd_on_timer(struct rx_sender *s)
{
	rx_slot_trace(s, RX_EV_TIMER_FIRED);
	switch (s->rtx.kind) {
	case RX_TMR_PERSIST: /* tslot.c P1-P2: still stalled by the window, probe it */
		if (s->out_bytes == 0 && rx_snd_has_unsent(s) && !rx_snd_can_send_new(s, true))
			rx_snd_send_window_probe(s);
		rx_slot_persist(s);
		break;
	case RX_TMR_PROBE:
		if (s->tmr->on_probe && s->out_bytes > 0)
			s->tmr->on_probe(s, S_NOW(s));
		break;
	case RX_TMR_ER:
		/* loss detection's timer: in Recovery and Loss it only marks
		 * (RACK's reorder timer, RFC 8985 §6.2 step 5); its verdict starts
		 * recovery from the Open, Disorder and CWR states */
		if (s->out_bytes > 0 && s->ld->on_timer) {
			int v = s->ld->on_timer(s);
			if (v != RX_LD_NONE && s->ca_state != RX_CA_RECOVERY && s->ca_state != RX_CA_LOSS)
				rx_cs_enter_recovery(s, v);
		}
		if (!s->rtx.armed && s->out_bytes > 0)
			rx_slot_arm(s, RX_TMR_RTO, RX_F_RTO, S_NOW(s) + s->rto_ns, s->rto_ns);
		rx_snd_push(s);
		break;
	default:
		if (!s->established) {
			/* SYN retransmission with backoff (RFC 6298 §5.5, §5.7) */
			rx_snd_metrics(s)->syn_retransmits++;
			s->syn_rtx = true;
			rx_rtt_backoff(s);
			send_syn(s);
			break;
		}
		rx_cs_on_rto(s);
		rx_snd_push(s);
		break;
	}
	if (s->n_vars[0] | s->n_vars[1])
		rx_snd_trace_vars(s);
}

/* Send one loss probe (paper §2.2; RFC 8985 §7.3): new data if the receive
 * window allows (cwnd is not checked), else the highest outstanding segment
 * not SACKed; then the timer policy re-arms the slot.  Returns true if the
 * probe was a retransmission; *seg_idx (if not NULL) is the probe's segment,
 * so the policy can tell a D-SACK of the probe from any other
 * (RFC 8985 §7.4.2). */
bool rx_snd_send_probe(struct rx_sender *s, uint64_t *seg_idx)
{
	struct rx_flow_metrics *m = rx_snd_metrics(s);
	bool is_rtx;
	uint64_t idx = s->nxt_idx;
	if (rx_snd_can_send_new(s, true)) {
		send_new(s, RX_EV_PROBE, RX_TXC_PROBE);
		is_rtx = false;
	} else {
		idx = s->nxt_idx - 1;
		while (idx > s->una_idx && rx_seg_at(s, idx)->sacked)
			idx--;
		struct rx_seg *g = rx_seg_at(s, idx);
		g->ever_rtx = 1;
		m->retransmissions++;
		xmit(s, idx, RX_EV_PROBE, RX_TXC_PROBE);
		is_rtx = true;
	}
	m->probe_count++;
	if (seg_idx)
		*seg_idx = idx;
	struct rx_timer_decision d = { .kind = -1 };
	s->tmr->arm(s, RX_ARM_AFTER_PROBE, S_NOW(s), &d);
	if (d.kind >= 0) {
		s->rtx.rto_cap_ns = 0;
		rx_slot_arm(s, d.kind, d.formula, d.expires_ns, d.timeout_ns);
	}
	return is_rtx;
}

/* A zero-window probe (RFC 9293 §3.8.6.1: "The sending TCP peer must
 * regularly transmit at least one octet of new data (if available), or
 * retransmit to the receiving TCP peer even if the send window is zero"):
 * the retransmission form, a segment without data one byte below SND.UNA,
 * as Linux probes; the receiver answers it with an ACK carrying its window
 * (receiver.c, W7).  Interpretation: no new octet is sent, so the window's
 * reopening is learnt from that ACK (or the receiver's window update) and the
 * segment boundaries stay whole segments. */
void rx_snd_send_window_probe(struct rx_sender *s)
{
	struct rx_pkt *p = new_pkt(s, RX_PF_ACK | RX_PF_ZWP, 0, false);
	if (!p)
		return;
	s->zwp_probes++;
	p->seq = s->snd_una ? s->snd_una - 1 : 0;
	p->tx_no = s->zwp_probes;
	rx_trace_add_cause(s->sim, RX_EV_WINDOW_PROBE, s->flow, p->seq, 0,
			   (uint8_t)(s->zwp_probes > 255 ? 255 : s->zwp_probes), RX_TXC_WINDOW_PROBE);
	rx_link_send(&s->sim->link[0], p);
}

/* ------------------------------------------------------------------ app */
void rx_snd_start(struct rx_sender *s)
{
	s->started = true;
	if (s->sb.on) /* the sndbuf_bytes series starts with the flow (sndbuf.c) */
		rx_sndbuf_start(s);
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
	if (s->sb.on) {
		rx_sndbuf_app_write(s, end);
		return;
	}
	if (s->app_done || end <= s->app_end)
		return;
	rx_snd_trace(s, RX_EV_APP, s->app_end, (uint32_t)rx_umin64(end - s->app_end, UINT32_MAX), 0);
	s->app_end = end;
	rx_snd_push(s);
	if (s->out_bytes == 0)
		rx_slot_persist(s); /* written into a closed window */
}

void rx_snd_app_stop(struct rx_sender *s)
{
	if (s->sb.on)
		rx_sndbuf_app_stop(s);
	s->app_done = true;
	if (!s->sb.on)
		s->app_end = s->snd_nxt;
	struct rx_receiver *r = &s->sim->flows[s->flow].rcv;
	rx_flow_delivered(s->sim, s->flow, r->rcv_nxt);
}
