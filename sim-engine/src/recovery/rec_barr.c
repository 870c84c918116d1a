/* rec_barr.c — Bandwidth Adaptive Rate Reduction (BARR), the bandwidth-
 * adaptive loss recovery of the opportunistic-retransmission paper
 * (/work/shared/papers/opportunistic-retransmission-sndbuf.txt, OCR'd),
 * §II.E; its parameter M ("slide_wnd_size: the sliding window size for
 * bandwidth estimations in BARR, 200 by default (i.e., M=200)") from §VI.
 *
 * The paper (§II.E), as far as the OCR keeps it:
 *
 *   "BARR does not employ ssthresh, thus CWnd will not converge to ssthresh
 *    but is only affected by the estimated bandwidth."
 *   "BARR continuously performs an estimate of the available bandwidth by
 *    measuring the average rate of returning ACKs. Specifically, let ti be
 *    the arrival time of ACK i with acknowledged sequence number acki. Then
 *    for a positive integer M, Bi is computed from
 *        Bi = (acki+M - acki) / (ti+M - ti)                        (3)
 *    where the numerator is the amount of data received by the receiver
 *    during the time interval (ti, ti+M]. The parameter M controls the
 *    duration of the estimation interval (in number of ACKs) [...]"
 *   "BARR sets Wi at the ith received ACK according to Bi in (3). Thus, Wi
 *    is computed from
 *        Wi = Bi x RTTi                                            (4)"
 *   §V.C: "β=1 for QARR/BARR as it does not decrease ssthresh".
 *
 * (Eq. 3 is reconstructed: the OCR kept it as "i M i / i / i M i / ack
 * ack / B" and eq. 4 as "i i iW B RTT"; the text's interval is
 * "(ti, ti+M]", so the printed subscripts are most likely i+M and i, the
 * window that starts at ACK i.  A sender has that value first at ACK
 * i+M, and eq. 4 uses the estimate "at the ith received ACK", so the engine
 * takes at each ACK the window of M ACKs that ends there (below); it is the
 * same quotient, indexed by its last ACK instead of its first.  Eq. 4's
 * three subscripts are all i.)
 *
 * What the estimate is, word by word: "the average rate of returning ACKs"
 * over the last M of them, one difference quotient (data ACKed over the
 * time between the ACKs), not a filter of per-ACK rate samples: the paper
 * gives no per-ACK sample, and its kernel (v3.10, §VII.A) predates Linux's
 * per-ACK delivery-rate samples (tcp_rate, "tcp: track data delivery rate
 * for a TCP connection", Yuchung Cheng, September 2016; the algorithm of
 * draft-cheng-iccrg-delivery-rate-estimation).  Issue #11 measured a max
 * and a mean of those samples over the last M ACKs in place of (3) (not
 * kept): at 100 Mb/s they follow the sending rate when the link is not
 * full, so W = B x RTT has no way up, and Table 14's Optimal BARR fell to
 * 10-31 % of C and Table 12's CUBIC row to 47 % (39 % with the mean).
 *
 * As implemented here (bytes, ns; MSS = s->mss; M = window_acks):
 *
 *   the core records every ACK of the flow, in every state, with the
 *     connection's delivered count after it (struct rx_ack_sample's
 *     delivered_bytes: bytes cumulatively ACKed or SACKed, each once) and its
 *     arrival time (ops .ack_history = M: src/core/rate.c);
 *   enter:   W0 = cwnd (β = 1: the window is not cut on entering);
 *   each ACK i during the reduction with a valid RTT sample RTTi:
 *     Bi = (delivered_i - delivered_i-M) / (ti - ti-M)           (3)
 *     Wi = max(Bi x RTTi, MSS), rounded down                     (4)
 *   an ACK without a valid RTT sample, or with no span yet: Wi = Wi-1;
 *   send quota: Wi - pipe;
 *   exit: cwnd = W (kept: no ssthresh to converge to).
 *
 * Interpretations:
 *
 *  1. acki in (3) is read as the receiver's delivered count, not the
 *     cumulative ACK: the paper says the numerator is "the amount of data
 *     received by the receiver during the time interval", and during
 *     recovery the cumulative ACK stands still at the first hole while SACKed
 *     data keeps arriving, so the literal acki would give Bi = 0 for most of
 *     the recovery.  The count is the core's delivery-rate counter (the
 *     draft-cheng-iccrg-delivery-rate-estimation C.delivered of rate.c),
 *     the delivered_bytes congestion control sees in struct rx_ack_sample.
 *  2. Every ACK counts as one of the M, duplicate ACKs that deliver nothing
 *     included ("the average rate of returning ACKs"; "ACK/DUPACK"), in every
 *     state: at the first ACKs of recovery the window spans ACKs from before
 *     the loss.  With fewer than M earlier ACKs the span starts at the
 *     flow's first ACK (the handshake's SYN-ACK is not one).
 *  3. RTTi is the latest RTT, not the minimum: eq. (4) writes RTTi, the
 *     symbol §II.D defines as "the RTT measured after receiving the ith
 *     ACK/DUPACK using the TCP timestamp option appended in the received
 *     ACK/DUPACK's TCP header", while §II.E writes RTTmin where it means
 *     Westwood's minimum.  By default (rtt_source "sample") it is this ACK's
 *     Karn-valid RTT sample (struct rx_ack_info.rtt_ns: the send time of
 *     the oldest segment it newly ACKs or SACKs), and an ACK without a
 *     sample leaves W unchanged (as rec_qarr.c); "tsecr" reads the
 *     definition's timestamp option literally (interpretation 9).
 *  4. The ACK that triggered recovery is not an ACK received in recovery:
 *     enter() keeps W0 = cwnd and the first Bi is taken on the next ACK.
 *  5. Exit: the paper gives no rule (its end_cwnd_reduction for BARR is not
 *     described); cwnd stays W, ssthresh is congestion control's.
 *  6. The advertised window still limits new data (the core's rwnd check):
 *     §II.E, BARR "also suffer[s] from the AWnd bottleneck", as rec_qarr.c
 *     interpretation 6.
 *  7. CWR: the same rule.  No NextSeg rules 3 and 4 (next_seg NULL).
 *  8. skip_cc_loss_response (issue #11, off by default): interpretation
 *     5's ssthresh is congestion control's; with the switch on it is not.
 *     "BARR does not employ ssthresh" (§II.E), "β=1 for QARR/BARR as it does
 *     not decrease ssthresh" (§V.C) and "their CWnd/ssthreshs are unaffected
 *     by packet losses" (§VII.C) are then read as: at the loss ssthresh =
 *     cwnd (a multiplicative decrease with β = 1) and congestion control's
 *     loss response is not applied (no cc->ssthresh() call: CUBIC keeps
 *     W_max and its epoch; no end-of-reduction event: Westwood does not set
 *     cwnd = ssthresh on exit).  The core does it (castate.c,
 *     member_skips_cc()); on exit cwnd = W as before, so a W below the
 *     window at the loss grows back to it in slow start (§VII.C: QARR "fills
 *     that queue up by increasing its CWnd").
 *  9. rtt_source (issue #11).  "sample" (the default): interpretation 3's
 *     Karn-valid sample.  "tsecr": RTTi = now - the ACK's TSecr, in the 1 ms
 *     ticks of the timestamp clock (TSval is the send time in ms ticks), the
 *     RTT "measured ... using the TCP timestamp option appended in the
 *     received ACK/DUPACK's TCP header" (§II.D) read literally.  A DUPACK
 *     does not echo the segment it SACKs: the receiver echoes TS.Recent,
 *     which only a segment at the left window edge updates (RFC 7323 §4.3;
 *     receiver.c; Linux's tcp_replace_ts_recent() likewise stores the TSval
 *     only of a segment not after rcv_wup), so while a hole is open every
 *     ACK echoes the last in-order segment (or the retransmission that last
 *     filled a hole) and RTTi grows from the path's RTT by the time the hole
 *     has been open.  Every ACK with a TSecr gives one; an ACK without one
 *     (timestamps off, or an echo of 0, which the engine cannot tell from
 *     none, as scoreboard.c), or with a difference of 0 ticks, leaves W
 *     unchanged.  So every DUPACK moves W, also one that delivers nothing:
 *     when a lost retransmission stops delivery (the receiver discards what
 *     was sent past its window, §VIII's bottleneck (b)), Bi and W fall to
 *     a few segments before the RTO comes, and the RTO's ssthresh is taken
 *     from that window (skip_cc_loss_response off).  (Issue #11: 4G,
 *     optimised, CUBIC, U = 200 ms, seed 1: W 2616 segments 0.3 s before
 *     the RTO at 8.8 s, 25.3 at it, ssthresh 0.7 x 25.3 = 17.7 after it;
 *     51 s in Loss against 13 s with "sample", 13 RTOs against 7, 65.8
 *     against 85.7 Mb/s.)  With "sample" such an ACK has no sample and W
 *     stays.
 *     Not the default (yet): the §II.D definition is QARR's,
 *     which rec_qarr.c reads as the sample too, and a change of default
 *     moves every BARR table; issue #11's measurements are in the presets'
 *     texts (orsb-table4-burst-size-optimised, orsb-throughput-heavy-loss).
 */
#include <stddef.h>
#include "../core/sim.h"
#include "rexsim/params.h"
#include "rexsim/registry.h"
#include "rec_adaptive.h"

/* rtt_source: which RTTi eq. (4) multiplies (interpretations 3, 9) */
enum { RTT_SAMPLE, RTT_TSECR };

struct barr_cfg {
	int64_t window_acks; /* M */
	bool skip_cc_loss_response; /* ssthresh = cwnd, no cc loss response (castate.c) */
	int64_t rtt_source; /* RTT_SAMPLE, RTT_TSECR */
};

static const struct barr_cfg barr_defaults = { .window_acks = 200, .rtt_source = RTT_SAMPLE };

struct barr {
	uint64_t w_bytes; /* Wi */
};
_Static_assert(sizeof(struct barr) <= RX_REC_PRIV_SIZE, "barr state exceeds RX_REC_PRIV_SIZE");

static struct barr *priv(struct rx_sender *s)
{
	return rx_rec_priv(s);
}

static const struct barr_cfg *cfg_of(const struct rx_sender *s)
{
	return s->cfg ? (const struct barr_cfg *)rx_member_cfg(s, RX_FAM_RECOVERY) : &barr_defaults;
}
_Static_assert(sizeof(struct barr_cfg) <= RX_MECH_CFG_SIZE, "barr_cfg exceeds RX_MECH_CFG_SIZE");

static const char *rtt_choice(int i)
{
	static const char *const names[] = { "sample", "tsecr" };
	return i >= 0 && i < (int)(sizeof(names) / sizeof(names[0])) ? names[i] : NULL;
}

static const struct rx_param barr_params[] = {
	{ .section = 0,
	  .key = "window_acks",
	  .label = "Estimation window M",
	  .type = RX_PT_INT,
	  .offset = offsetof(struct barr_cfg, window_acks),
	  .min = 1,
	  .max = 10000,
	  .def = 200,
	  .unit = "ACKs",
	  .doc = "How many ACKs BARR's bandwidth estimate spans: Bi = (data delivered by ACK i - by ACK i-M) / (ti - "
		 "ti-M) (paper eq. 3, §II.E; slide_wnd_size, 200 by default, §VI). Larger is steadier, smaller "
		 "follows changes sooner." },
	RX_REC_SKIP_CC_PARAM(struct barr_cfg, "BARR", 0, "Off by default (interpretation 8)."),
	{ .section = 0,
	  .key = "rtt_source",
	  .label = "RTTi in W = Bi x RTTi",
	  .type = RX_PT_ENUM,
	  .offset = offsetof(struct barr_cfg, rtt_source),
	  .min = 0,
	  .max = 1,
	  .def = RTT_SAMPLE,
	  .unit = "",
	  .choice = rtt_choice,
	  .doc = "'sample' (the default): the ACK's RTT sample, from the send time of the oldest segment it newly "
		 "ACKs or SACKs (not retransmitted); an ACK without one leaves W unchanged. 'tsecr': now minus the "
		 "ACK's timestamp echo, in 1 ms ticks, the paper's 'RTT measured after receiving the ith ACK/DUPACK "
		 "using the TCP timestamp option' (§II.D) read literally: a duplicate ACK echoes the last in-order "
		 "segment (RFC 7323 §4.3), so while a hole is open RTTi grows by the time it has been open. Needs "
		 "tcp.timestamps; an ACK without an echo leaves W unchanged." },
};

static const struct rx_var_desc barr_vars[] = {
	{ .name = "barr_bw_bytes_per_s",
	  .label = "BARR bandwidth estimate",
	  .unit = "bytes/s",
	  .doc = "Bi: the data delivered over the last M ACKs over the time they span (paper eq. 3), on the latest "
		 "ACK during recovery with an RTT sample." },
};

static uint32_t ack_history(const struct rx_sender *s)
{
	return (uint32_t)cfg_of(s)->window_acks;
}

static bool skips_cc_loss_response(const struct rx_sender *s)
{
	return cfg_of(s)->skip_cc_loss_response;
}

static void enter(struct rx_sender *s, int reduction, int64_t now)
{
	(void)reduction;
	(void)now;
	/* β = 1 (§V.C): the window is not reduced (interpretation 4) */
	priv(s)->w_bytes = rx_umax64(s->cc.cwnd_bytes, s->mss);
	s->cc.cwnd_bytes = priv(s)->w_bytes;
}

/* RTTi (interpretations 3, 9), ns; -1 when this ACK gives none */
static int64_t rtt_i(const struct rx_sender *s, const struct rx_ack_info *ai)
{
	if (cfg_of(s)->rtt_source != RTT_TSECR)
		return ai->rtt_ns;
	if (!ai->tsecr)
		return -1;
	/* the timestamp clock's ticks since the echoed TSval, modulo 2^32 as TSval is */
	uint32_t ticks = rx_ts_clock(ai->now_ns) - ai->tsecr;
	return ticks && ticks < UINT32_MAX / 2 ? (int64_t)ticks * RX_NS_PER_MS : -1;
}

static void on_ack(struct rx_sender *s, const struct rx_ack_info *ai)
{
	struct barr *b = priv(s);
	uint64_t bytes;
	int64_t span_ns, rtt_ns = rtt_i(s, ai);
	if (rtt_ns > 0 && rx_ack_hist_span(s, (uint32_t)cfg_of(s)->window_acks, &bytes, &span_ns)) {
		__extension__ typedef unsigned __int128 u128;
		/* (4): Wi = Bi x RTTi = bytes x RTTi / span */
		u128 w = (u128)bytes * (uint64_t)rtt_ns / (uint64_t)span_ns;
		b->w_bytes = w > UINT64_MAX ? UINT64_MAX : rx_umax64((uint64_t)w, s->mss);
		/* (3): Bi in bytes/s, for the trace */
		u128 bw = (u128)bytes * RX_NS_PER_S / (uint64_t)span_ns;
		rx_rec_vars(s)[0] = bw > INT64_MAX ? INT64_MAX : (int64_t)bw;
	}
	s->cc.cwnd_bytes = b->w_bytes;
}

static uint64_t send_quota(struct rx_sender *s)
{
	uint64_t pipe = rx_snd_pipe(s), w = priv(s)->w_bytes;
	return w > pipe ? w - pipe : 0;
}

static void rec_exit(struct rx_sender *s, int reduction, int64_t now)
{
	(void)reduction;
	(void)now;
	s->cc.cwnd_bytes = priv(s)->w_bytes; /* interpretation 5 */
}

const struct rx_recovery_ops rx_rec_barr = {
	.name = "barr",
	.label = "BARR (bandwidth-adaptive)",
	.doc = "Bandwidth Adaptive Rate Reduction (the opportunistic-retransmission paper, §II.E): no ssthresh; the "
	       "window the sender had at the loss is kept (β = 1) until the first ACK in recovery, then set on "
	       "every ACK to Bi x RTTi, where Bi is the data delivered (ACKed or SACKed) over the last M ACKs over "
	       "the time they span (eqs. 3-4) and RTTi the ACK's RTT sample (or, rtt_source 'tsecr', now minus its "
	       "timestamp echo); segments go while pipe < W. On exit cwnd keeps W. The receiver's window still "
	       "limits new data.",
	.params = barr_params,
	.n_params = sizeof(barr_params) / sizeof(barr_params[0]),
	.cfg_size = sizeof(struct barr_cfg),
	.vars = barr_vars,
	.n_vars = sizeof(barr_vars) / sizeof(barr_vars[0]),
	.enter = enter,
	.on_ack = on_ack,
	.send_quota = send_quota,
	.ack_history = ack_history,
	.skips_cc_loss_response = skips_cc_loss_response,
	.exit = rec_exit,
};
