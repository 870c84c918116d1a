/* scoreboard.c — the sender's record of its outstanding segments: the segment
 * ring, SACK tagging (RFC 2018, RFC 6675 §4 Update()), cumulative ACKs and
 * duplicate-ACK counting, the lost marks, and NextSeg() rule 1.
 *
 * Pipe (RFC 6675 §4 SetPipe) is kept incrementally as
 *   pipe = outstanding - SACKed - marked lost + retransmissions in flight,
 * which equals SetPipe() when IsLost() marks are applied eagerly (loss
 * detection does, src/lossdet/).  Without SACK each duplicate ACK counts one
 * segment as having left the network (the pipe form of RFC 5681 §3.2's
 * window inflation), and a partial ACK in fast recovery deflates that credit
 * as RFC 6582 §3.2 step 3 deflates cwnd (reno_credit_after()).
 */
#include <stdlib.h>
#include "sim.h"

/* ------------------------------------------------------------------ views */
/* rx_snd_pipe() is inline in sim.h */
uint64_t rx_snd_outstanding_segs(const struct rx_sender *s)
{
	return s->nxt_idx - s->una_idx;
}

/* segments of data the application has written and the sender not yet sent
 * (RFC 7765's "previously unsent segments"), counted in full-sized segments */
uint64_t rx_snd_unsent_segs(const struct rx_sender *s)
{
	uint64_t bytes = s->app_end > s->snd_nxt ? s->app_end - s->snd_nxt : 0;
	return bytes / s->mss + (bytes % s->mss != 0);
}

/* the latest transmission of the earliest outstanding segment (snd_una's):
 * RFC 7765 T_earliest counts from it */
int64_t rx_snd_head_tx_ns(const struct rx_sender *s)
{
	return rx_seg_at(s, s->una_idx)->last_tx_ns;
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
			break; /* older never-retransmitted segments were sent earlier */
	}
	return t == INT64_MIN ? s->sim->now_ns : t;
}

/* ------------------------------------------------------------------ the ring */
/* the ring is full: double it (rx_sb_reserve() in sim.h) */
int rx_sb_grow(struct rx_sender *s)
{
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

/* ------------------------------------------------------------------ lost marks */
void rx_sb_mark_lost(struct rx_sender *s, uint64_t idx)
{
	struct rx_seg *g = rx_seg_at(s, idx);
	if (g->sacked || g->lost)
		return;
	g->lost = 1;
	s->lost_bytes += g->len;
	if (idx < s->rtx_hint_idx)
		s->rtx_hint_idx = idx;
}

/* A retransmission of a segment marked lost is itself lost: RACK marks it
 * as any other segment whose transmission is older than the most recently
 * delivered one's (RFC 8985 §6.2 step 5: "Segment.lost = TRUE").  It leaves
 * the pipe, and NextSeg() rule 1 may send the segment again. */
void rx_sb_mark_rtx_lost(struct rx_sender *s, uint64_t idx)
{
	struct rx_seg *g = rx_seg_at(s, idx);
	if (g->sacked || !g->lost || !g->rtx_inflight)
		return;
	g->rtx_inflight = 0;
	s->rtx_bytes -= g->len;
	if (idx < s->rtx_hint_idx)
		s->rtx_hint_idx = idx;
	if (idx < s->opp_cov_idx) /* no longer retransmitted (sender.c, opportunistic_allows) */
		s->opp_cov_idx = idx;
}

/* After an RTO: every outstanding un-SACKed segment is presumed lost, and so
 * are the retransmissions in flight (RFC 6298 (5.4), RFC 6675 §5.1). */
void rx_sb_mark_all_lost(struct rx_sender *s)
{
	for (uint64_t i = s->una_idx; i < s->nxt_idx; i++) {
		struct rx_seg *g = rx_seg_at(s, i);
		if (g->rtx_inflight) {
			g->rtx_inflight = 0;
			s->rtx_bytes -= g->len;
		}
		rx_sb_mark_lost(s, i);
	}
	s->rtx_hint_idx = s->una_idx;
	s->high_rxt_idx = s->una_idx - 1;
	s->opp_cov_idx = s->una_idx;
	s->dupacks = 0;
	s->reno_dupacks = 0;
}

/* NextSeg() rule 1 (RFC 6675 §4): the lowest lost segment with no
 * retransmission in flight; 0 if none. */
uint64_t rx_sb_next_lost_scan(struct rx_sender *s)
{
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

/* A segment this ACK newly delivered: the per-ACK record's most recently
 * sent unambiguous delivery and lowest original delivery (struct
 * rx_ack_info; RFC 8985 §6.2 steps 2 and 3). */
static void note_delivered(const struct rx_sender *s, const struct rx_seg *g, struct rx_ack_info *ai)
{
	uint64_t end = g->seq + g->len;
	if (!g->ever_rtx) {
		if (ai->orig_low_end_seq == 0 || end < ai->orig_low_end_seq)
			ai->orig_low_end_seq = end;
	} else {
		/* step 2: 1. the TSecr echoes an earlier transmission (the tsval
		 * of the last one is its send time in ms ticks, as xmit() stamps
		 * it).  An ACK that an out-of-order segment triggers echoes the
		 * TSval of the segment at the left window edge (RFC 7323 §4.3),
		 * so a SACK of a retransmission above a hole (a loss probe's)
		 * fails this test whenever timestamps are on.  2. last
		 * retransmitted less than min_RTT ago */
		if (ai->tsecr && ai->tsecr < rx_ts_clock(g->last_tx_ns))
			return;
		if (s->cc.min_rtt_ns > 0 && s->sim->now_ns - g->last_tx_ns < s->cc.min_rtt_ns)
			return;
	}
	if (ai->newest_tx_ns < 0 || g->last_tx_order > ai->newest_tx_order) {
		ai->newest_tx_ns = g->last_tx_ns;
		ai->newest_tx_order = g->last_tx_order;
	}
}

/* The first outstanding segment index whose first byte is at or above seq
 * (nxt_idx if none).  A SACK block starts on a segment's first byte, and
 * with full-sized segments from snd_una on that segment is the one
 * (seq - its first byte) / MSS places after snd_una's: tried first, it is
 * the answer when its first byte is seq (first bytes increase with the
 * index).  Otherwise (a shorter segment below it) a binary search on the
 * ring finds it. */
static uint64_t idx_of_seq(const struct rx_sender *s, uint64_t seq)
{
	uint64_t lo = s->una_idx, hi = s->nxt_idx;
	if (lo < hi && seq >= rx_seg_at(s, lo)->seq) {
		uint64_t guess = lo + (seq - rx_seg_at(s, lo)->seq) / s->mss;
		if (guess < hi && rx_seg_at(s, guess)->seq == seq)
			return guess;
	}
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;
		if (rx_seg_at(s, mid)->seq < seq)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The first segment at or after index i that is not SACKed (or nxt_idx).
 * A SACK block of a long recovery covers up to a window of segments, nearly
 * all SACKed by earlier ACKs, and each ACK repeats it (RFC 2018 §4), so
 * walking it segment by segment cost O(window) per ACK: half the engine's
 * instructions in a 200 s run at 100 Mb/s.  Each SACKed segment keeps
 * sacked_skip_idx, an index past it below which every segment is SACKed
 * (SACKed segments are never unmarked, so this stays true), and the walk
 * jumps along those, compressing the path it took (the "next free slot"
 * union-find).  The segments marked, and their order, are what the plain
 * walk gives. */
static uint64_t next_unsacked(struct rx_sender *s, uint64_t i)
{
	uint64_t r = i;
	while (r < s->nxt_idx && rx_seg_at(s, r)->sacked)
		r = rx_seg_at(s, r)->sacked_skip_idx;
	while (i < r && i < s->nxt_idx) { /* path compression: every one of them points at r */
		struct rx_seg *g = rx_seg_at(s, i);
		i = g->sacked_skip_idx;
		g->sacked_skip_idx = r;
	}
	return r;
}

static void sack_block(struct rx_sender *s, uint64_t start, uint64_t end, uint64_t *newly, int64_t *rtt_tx_ns,
		       struct rx_rate_sample *rs, struct rx_ack_info *ai)
{
	if (end <= s->snd_una || start >= s->snd_nxt || end <= start)
		return;
	/* idx_of_seq gives the first segment with seq >= start; SACKed ones are skipped */
	for (uint64_t i = next_unsacked(s, idx_of_seq(s, start)); i < s->nxt_idx; i = next_unsacked(s, i + 1)) {
		struct rx_seg *g = rx_seg_at(s, i);
		if (g->seq + g->len > end)
			break;
		g->sacked = 1;
		g->sacked_skip_idx = i + 1;
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
		rx_rate_on_delivered(s, g, rs);
		note_delivered(s, g, ai);
		if (!g->ever_rtx && (*rtt_tx_ns < 0 || g->last_tx_ns < *rtt_tx_ns))
			*rtt_tx_ns = g->last_tx_ns;
		if (i > s->high_sacked_idx)
			s->high_sacked_idx = i;
		note_top_sacked(s, i);
	}
}

/* ------------------------------------------------------------------ ACK input */
/* Without SACK, the duplicate-ACK credit (segments counted out of the pipe)
 * after an ACK that cumulatively acknowledged `acked` bytes.  Outside fast
 * recovery the run of duplicate ACKs ends: none.  In fast recovery, the pipe
 * form of RFC 6582 §3.2 step 3's partial window deflation: "Deflate the
 * congestion window by the amount of new data acknowledged by the Cumulative
 * Acknowledgment field.  If the partial ACK acknowledges at least one SMSS of
 * new data, then add back SMSS bytes to the congestion window."  With cwnd
 * inflated by one SMSS per duplicate ACK (RFC 5681 §3.2 steps 3-4) and the
 * same data leaving FlightSize, cwnd - FlightSize only grows by the SMSS
 * added back; in pipe form (cwnd = ssthresh, pipe = FlightSize - credit) the
 * credit becomes credit - acked + SMSS: the duplicate ACKs of segments above
 * the new hole still count.  In whole segments, rounded down (never more
 * room than the RFC's window), at least 0 and below the segments still
 * outstanding (the new hole has not left; RFC 5681 §3.2 allows limiting
 * the inflation to the outstanding segments).  Recovery's end resets it
 * (castate.c). */
static uint64_t reno_credit_after(const struct rx_sender *s, uint64_t acked)
{
	if (s->cfg->sack || s->ca_state != RX_CA_RECOVERY)
		return 0;
	uint64_t credit = s->reno_dupacks * s->mss + (acked >= s->mss ? s->mss : 0);
	credit = credit > acked ? (credit - acked) / s->mss : 0;
	uint64_t out = rx_snd_outstanding_segs(s); /* after the cumulative ACK */
	return out ? rx_umin64(credit, out - 1) : 0;
}

/* Take an ACK into the scoreboard: SACK blocks (a D-SACK block, RFC 2883, is
 * only noted), the cumulative ACK and duplicate-ACK counting.  Fills ai's
 * scoreboard fields and returns through rtt_tx_ns the transmission time that
 * gives this ACK's RTT sample under Karn's rule (-1: none), and through rs
 * the delivery-rate sample in the making (rate.c). */
void rx_sb_take_ack(struct rx_sender *s, const struct rx_pkt *p, struct rx_ack_info *ai, int64_t *rtt_tx_ns,
		    struct rx_rate_sample *rs)
{
	uint64_t newly_sacked = 0;
	int64_t sack_tx = -1;
	const uint64_t prior_delivered = s->rate.delivered_bytes;
	if (s->cfg->sack && p->n_sack) {
		int first = 0;
		if (p->dsack) {
			first = 1;
			ai->flags |= RX_ACKF_DSACK;
			ai->dsack_start = p->sack[0][0];
			ai->dsack_end = p->sack[0][1];
		}
		for (int b = first; b < p->n_sack; b++)
			sack_block(s, p->sack[b][0], p->sack[b][1], &newly_sacked, &sack_tx, rs, ai);
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
			if (!g->sacked) {
				rx_rate_on_delivered(s, g, rs);
				note_delivered(s, g, ai);
			}
			if (g->sacked) {
				s->sacked_bytes -= g->len;
				s->sacked_segs--;
			} else if (g->ever_rtx) {
				rtx_acked = true;
			} else if (seq_tx < 0) {
				seq_tx = g->last_tx_ns; /* the oldest newly ACKed segment */
			}
			if (g->lost)
				s->lost_bytes -= g->len;
			if (g->rtx_inflight)
				s->rtx_bytes -= g->len;
			s->una_idx++;
		}
		acked = ack - s->snd_una;
		s->snd_una = ack;
		s->dupacks = 0; /* RFC 6675 §5 (C) */
		s->reno_dupacks = reno_credit_after(s, acked);
		for (int k = 0; k < RX_TOP_SACKED; k++)
			if (s->top_sacked[k] < s->una_idx)
				s->top_sacked[k] = 0;
		if (s->high_sacked_idx < s->una_idx)
			s->high_sacked_idx = 0;
	} else if (ack == s->snd_una && s->out_bytes > 0) {
		/* a duplicate ACK: RFC 5681 §2 without SACK (its condition (e): the
		 * same advertised window as the last ACK, so a window update is
		 * not one); RFC 6675 §2 with SACK (it must SACK new data) */
		if (s->cfg->sack ? newly_sacked > 0 : p->rwnd_bytes == s->peer_rwnd) {
			if (s->dupacks == 0) /* a run begins: cwnd alone allows up to here */
				s->lt_base_seq = rx_umax64(s->snd_nxt, s->snd_una + s->cc.cwnd_bytes);
			s->dupacks++;
			ai->flags |= RX_ACKF_DUP;
			if (!s->cfg->sack && s->reno_dupacks + 1 < rx_snd_outstanding_segs(s))
				s->reno_dupacks++;
		}
	}
	ai->ack = ack;
	ai->acked_bytes = acked;
	ai->newly_sacked_bytes = newly_sacked;
	ai->newly_delivered_bytes = s->rate.delivered_bytes - prior_delivered; /* each byte counted once */
	if (acked)
		ai->flags |= RX_ACKF_ADVANCED;
	if (newly_sacked)
		ai->flags |= RX_ACKF_SACKED;

	/* Karn: cumulative first, then SACK */
	*rtt_tx_ns = -1;
	if (seq_tx >= 0 && !rtx_acked)
		*rtt_tx_ns = seq_tx;
	else if (acked == 0 && sack_tx >= 0)
		*rtt_tx_ns = sack_tx;
}
