/* rec_qarr.c — Queue-length Adaptive Rate Reduction (QARR), the queue-length
 * adaptive loss recovery of "Opportunistic retransmission and send-buffer
 * growth for TCP loss recovery in mobile networks" (the fourth paper,
 * /work/shared/papers/opportunistic-retransmission-sndbuf.txt, OCR'd), §II.D;
 * its parameter QT ("queue_len_threshold ... 5 by default (i.e., QT=5)") from
 * §VI.
 *
 * The paper (§II.D), as far as the OCR keeps it:
 *
 *   "QARR does not employ ssthresh, thus its CWnd will not converge to
 *    ssthresh but is only affected by the estimated queue length."
 *   "After entering the loss recovery phase, QARR adopts the Vegas/Veno
 *    method to estimate the queue length for every received ACK/DUPACK. Let
 *    RTTi denote the RTT measured after receiving the ith ACK/DUPACK using
 *    the TCP timestamp option [...]; pipei denote the number of inflight
 *    packets after receiving the ith ACK and baseRTT denote the minimum RTT
 *    during the transmission. Hence Qi can be estimated as follows:
 *        Qi = pipei (RTTi - baseRTT) / RTTi                        (1)
 *    Then QARR regulates the queue length around a target queue length by
 *    adjusting CWnd. Let Wi denote the CWnd after receiving the ith
 *    ACK/DUPACK, then Wi is determined as follows:
 *        Wi = Wi-1 - max(Qi - QT, 0)                               (2)"
 *   §V.C: "β=1 maximally, e.g., β=1 for QARR/BARR as it does not decrease
 *    ssthresh".
 *
 * As implemented here (bytes; MSS = s->mss; QT = qt_segs segments):
 *
 *   enter:   W0 = cwnd (β = 1: the window is not cut on entering);
 *   each ACK during the reduction with a valid RTT sample RTTi:
 *     Qi = pipei * (RTTi - baseRTT) / RTTi          (1), bytes, rounded down
 *     Wi = max(Wi-1 - max(Qi - QT * MSS, 0), MSS)   (2)
 *   an ACK without a valid sample: Wi = Wi-1;
 *   send quota: Wi - pipe (segments go whenever pipe < W, as every other
 *     window-based member: RFC 6675's "pipe < cwnd");
 *   exit: cwnd = W (kept: no ssthresh to converge to).
 *
 * Interpretations (the OCR lost the appendix with the QARR proof, and the
 * text leaves these open):
 *
 *  1. Eq. (2) as printed only ever lowers W: max(Qi - QT, 0) >= 0.  §VII.C
 *     says QARR "fills that queue up by increasing its CWnd" once Qi drains
 *     below QT; with (2) as printed that can only come from congestion
 *     control after the recovery (QARR's own window never rises during it).
 *     The printed equation is implemented; the symmetric reading
 *     Wi = Wi-1 - (Qi - QT) is not.  With (2), W stays at the window the
 *     sender had when the loss was detected (pure packet conservation: one
 *     segment out per segment delivered) unless the queue estimate exceeds QT.
 *  2. The decrease is applied per ACK, whole: Qi - QT segments off W on every
 *     ACK whose estimate exceeds QT, as (2) reads; nothing spreads it over a
 *     round trip.  W never falls below one segment.
 *  3. RTTi is this ACK's Karn-valid sample (struct rx_ack_info.rtt_ns: the
 *     send time of the oldest segment it newly acknowledges or SACKs, the
 *     paper's timestamp echo); an ACK with none (a duplicate ACK carrying no
 *     new SACK, or one covering only retransmissions) leaves W unchanged.
 *     baseRTT is the smallest RTT sample of the connection (s->cc.min_rtt_ns,
 *     which already includes this ACK's).  pipei is rx_snd_pipe(s) after the
 *     scoreboard took the ACK, before anything is sent for it.
 *  4. The ACK that triggered recovery is not an ACK "after entering the loss
 *     recovery phase": enter() applies no step for it.
 *  5. Exit: the paper gives no rule (its end_cwnd_reduction handler for QARR
 *     is not described) beyond "does not employ ssthresh" and β = 1, so cwnd
 *     stays W; ssthresh is whatever congestion control set on entering (this
 *     family never sets it), so a W above it continues in congestion
 *     avoidance.
 *  6. The advertised window: §II.D ends "QARR also does not consider the
 *     AWnd bottleneck, i.e., condition (a) and (b) in Section II.A, as in RH
 *     and PRR when transmitting new segments", and §II.E says of BARR
 *     "Similarly [...] also suffer from the AWnd bottleneck".  Read with
 *     Table 1 (QARR without opportunistic retransmission has the same
 *     utilisation as RH and PRR) this means QARR does nothing about the
 *     receiver's window: the core's rwnd check applies to its new data as to
 *     every member's; only opportunistic retransmission (§IV, another
 *     mechanism) relaxes it.
 *  7. CWR (a reduction without retransmission): the same rule, W0 = cwnd.
 *  8. No NextSeg rules 3 and 4 (next_seg NULL), as rec_prr.c: lost segments
 *     and new data only.
 *  9. skip_cc_loss_response (issue #11, off by default): interpretation
 *     5's ssthresh is congestion control's; with the switch on it is not.
 *     "QARR does not employ ssthresh" (§II.D), "β=1 for QARR/BARR as it does
 *     not decrease ssthresh" (§V.C) and "their CWnd/ssthreshs are unaffected
 *     by packet losses" (§VII.C) are then read as: at the loss ssthresh =
 *     cwnd (a multiplicative decrease with β = 1) and congestion control's
 *     loss response is not applied (no cc->ssthresh() call: CUBIC keeps
 *     W_max and its epoch; no end-of-reduction event: Westwood does not set
 *     cwnd = ssthresh on exit).  The core does it (castate.c,
 *     member_skips_cc()); on exit cwnd = W as before, so a W below the
 *     window at the loss grows back to it in slow start (§VII.C: QARR "fills
 *     that queue up by increasing its CWnd").
 */
#include <stddef.h>
#include "../core/sim.h"
#include "rexsim/params.h"
#include "rexsim/registry.h"
#include "rec_adaptive.h"

struct qarr_cfg {
	int64_t qt_segs; /* QT */
	bool skip_cc_loss_response; /* ssthresh = cwnd, no cc loss response (castate.c) */
};

static const struct qarr_cfg qarr_defaults = { .qt_segs = 5 };

struct qarr {
	uint64_t w_bytes; /* Wi */
};
_Static_assert(sizeof(struct qarr) <= RX_REC_PRIV_SIZE, "qarr state exceeds RX_REC_PRIV_SIZE");

static struct qarr *priv(struct rx_sender *s)
{
	return rx_rec_priv(s);
}

static const struct qarr_cfg *cfg_of(const struct rx_sender *s)
{
	return s->cfg ? (const struct qarr_cfg *)rx_member_cfg(s, RX_FAM_RECOVERY) : &qarr_defaults;
}
_Static_assert(sizeof(struct qarr_cfg) <= RX_MECH_CFG_SIZE, "qarr_cfg exceeds RX_MECH_CFG_SIZE");

static const struct rx_param qarr_params[] = {
	{ .section = 0,
	  .key = "qt_segs",
	  .label = "Target queue QT",
	  .type = RX_PT_INT,
	  .offset = offsetof(struct qarr_cfg, qt_segs),
	  .min = 0,
	  .max = 100000,
	  .def = 5,
	  .unit = "segments",
	  .doc = "The bottleneck queue QARR aims at during recovery: every ACK whose queue estimate Qi = pipe x (RTT "
		 "- baseRTT) / RTT exceeds QT takes Qi - QT segments off the window, Wi = Wi-1 - max(Qi - QT, 0) "
		 "(paper eqs. 1-2, §II.D; queue_len_threshold, 5 by default, §VI)." },
	RX_REC_SKIP_CC_PARAM(struct qarr_cfg, "QARR"),
};

static const struct rx_var_desc qarr_vars[] = {
	{ .name = "qarr_queue_bytes",
	  .label = "QARR queue estimate",
	  .unit = "bytes",
	  .doc = "Qi = pipe x (RTT - baseRTT) / RTT on the latest ACK with an RTT sample during recovery (paper eq. "
		 "1)." },
};

static bool skips_cc_loss_response(const struct rx_sender *s)
{
	return cfg_of(s)->skip_cc_loss_response;
}

static void enter(struct rx_sender *s, int reduction, int64_t now)
{
	(void)reduction;
	(void)now;
	/* β = 1 (§V.C): the window is not reduced (interpretation 4, 7) */
	priv(s)->w_bytes = rx_umax64(s->cc.cwnd_bytes, s->mss);
	s->cc.cwnd_bytes = priv(s)->w_bytes;
}

static void on_ack(struct rx_sender *s, const struct rx_ack_info *ai)
{
	struct qarr *q = priv(s);
	int64_t rtt = ai->rtt_ns, base = s->cc.min_rtt_ns;
	if (rtt > 0 && base > 0 && rtt >= base) { /* interpretation 3 */
		__extension__ typedef unsigned __int128 u128;
		/* (1): Qi = pipei (RTTi - baseRTT) / RTTi */
		uint64_t qi = (uint64_t)((u128)rx_snd_pipe(s) * (uint64_t)(rtt - base) / (uint64_t)rtt);
		uint64_t qt = (uint64_t)cfg_of(s)->qt_segs * s->mss;
		/* (2): Wi = Wi-1 - max(Qi - QT, 0), at least one segment */
		uint64_t cut = qi > qt ? qi - qt : 0;
		q->w_bytes = q->w_bytes > cut + s->mss ? q->w_bytes - cut : s->mss;
		rx_rec_vars(s)[0] = (int64_t)rx_umin64(qi, INT64_MAX);
	}
	s->cc.cwnd_bytes = q->w_bytes;
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

const struct rx_recovery_ops rx_rec_qarr = {
	.name = "qarr",
	.label = "QARR (queue-adaptive)",
	.doc = "Queue-length Adaptive Rate Reduction (the opportunistic-retransmission paper, §II.D): no ssthresh; "
	       "the window the sender had at the loss is kept (β = 1) and, on every ACK during recovery, lowered "
	       "by the bottleneck queue estimate's excess over QT: Qi = pipe x (RTT - baseRTT) / RTT (eq. 1), Wi = "
	       "Wi-1 - max(Qi - QT, 0) (eq. 2); segments go while pipe < W. On exit cwnd keeps W. The receiver's "
	       "window still limits new data (the paper: QARR does not address the AWnd bottleneck).",
	.params = qarr_params,
	.n_params = sizeof(qarr_params) / sizeof(qarr_params[0]),
	.cfg_size = sizeof(struct qarr_cfg),
	.vars = qarr_vars,
	.n_vars = sizeof(qarr_vars) / sizeof(qarr_vars[0]),
	.enter = enter,
	.on_ack = on_ack,
	.send_quota = send_quota,
	.skips_cc_loss_response = skips_cc_loss_response,
	.exit = rec_exit,
};
