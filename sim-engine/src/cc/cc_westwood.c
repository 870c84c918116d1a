/* cc_westwood.c — TCP Westwood+: S. Mascolo, C. Casetti, M. Gerla, M. Y.
 * Sanadidi, R. Wang, "TCP Westwood: Bandwidth Estimation for Enhanced
 * Transport over Wireless Links", ACM MobiCom 2001; L. A. Grieco and
 * S. Mascolo, "Performance Evaluation and Comparison of Westwood+, New Reno,
 * and Vegas TCP Congestion Control", ACM SIGCOMM CCR 34(2), 2004.
 *
 * Westwood probes like Reno (slow start, additive increase) but, instead of
 * halving blindly after a loss, sets ssthresh to the bandwidth-delay product
 * it has measured (MobiCom 2001 §2.3, §3.1):
 *
 *   after 3 DUPACKs (a loss): ssthresh = max(BWE * RTTmin, 2 MSS),
 *                             cwnd = ssthresh if cwnd > ssthresh
 *   after a timeout:          ssthresh = max(BWE * RTTmin, 2 MSS), cwnd = 1 MSS
 *
 * Westwood+ (CCR 2004 §2) takes one bandwidth sample per RTT,
 * b_k = d_k / T_k with d_k the bytes ACKed during the last RTT T_k, which
 * keeps ACK compression from inflating the estimate (the per-ACK samples of
 * the original Westwood did), and low-pass filters the samples with a
 * constant-coefficient EWMA:
 *
 *   BWE_k = g * BWE_(k-1) + (1 - g) * b_k,   g = 7/8 by default
 *
 * Interpretations made here:
 *   - The sampling window: it opens at an ACK (whose own bytes were delivered
 *     before it opened and are not counted), accumulates every later ACK's
 *     acked_bytes (cumulative + SACKed, from in_ack, so in every state), and
 *     closes at the first ACK at least max(srtt, min_interval) after it
 *     opened; that ACK's bytes count, and the next window opens there.  No
 *     sample is taken while there is no srtt.  The bytes an ACK adds are the
 *     ones it newly delivers (the growth of delivered_bytes), so data SACKed
 *     earlier is not counted again when the cumulative ACK passes it: after
 *     a recovery that would inflate the sample above the link's rate.
 *   - min_interval defaults to 50 ms, the floor Linux's Westwood+ uses so
 *     that very short RTTs do not give samples of a handful of ACKs; 0 gives
 *     the papers' "once per RTT" exactly.
 *   - g = 7/8 is the coefficient of the Linux Westwood+ (Dell'Aera, Grieco,
 *     Mascolo, ICC 2004), the implementation the opportunistic-retransmission
 *     paper measured; the CCR paper describes the filter as a constant-
 *     coefficient EWMA.  The first sample is taken as the estimate itself (an
 *     EWMA started from 0 would take tens of RTTs to be usable).
 *   - RTTmin is the smallest RTT sample so far (cc->min_rtt_ns).
 *   - Reductions follow the papers: the ssthresh hook returns
 *     max(BWE * RTTmin, 2 MSS) at the loss (Linux instead halves there and
 *     applies BWE * RTTmin when the reduction completes).  At COMPLETE_CWR
 *     (end of Recovery or CWR) cwnd = ssthresh; at an RTO (RX_CC_EV_LOSS)
 *     cwnd = 1 MSS, which the core has already done.  BWE * RTTmin is capped
 *     at RX_SSTHRESH_INF.
 *   - No estimate yet (no sample, or no RTT sample): the loss reduction is
 *     Reno's, max(basis / 2, 2 MSS).
 *   - Growth, app-limited rule and undo are Reno's.
 * Units: the estimate is in bytes per second (uint64_t); integer arithmetic
 * only (products through rx_muldiv_u64).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "rexsim/cc.h"
#include "rexsim/params.h"
#include "cc_helpers.h"

#define WW_NS_PER_S UINT64_C(1000000000)
#define WW_NS_PER_MS INT64_C(1000000)

/* the parameter block (cc->cfg) */
struct westwood_cfg {
	int64_t gain_permille; /* EWMA weight g of the previous estimate, 1/1000 */
	int64_t min_interval_ms; /* floor of the sampling interval, ms */
};

static const struct westwood_cfg westwood_defaults = {
	.gain_permille = 875,
	.min_interval_ms = 50,
};

static const struct rx_special westwood_sp_interval[] = { { 0, "exactly once per RTT" }, { 0, NULL } };

static const struct rx_param westwood_params[] = {
	{ .section = 0,
	  .key = "gain_permille",
	  .label = "Filter gain g",
	  .type = RX_PT_INT,
	  .offset = offsetof(struct westwood_cfg, gain_permille),
	  .min = 0,
	  .max = 999,
	  .def = 875,
	  .unit = "1/1000",
	  .doc = "Low-pass filter of the bandwidth estimate, in thousandths: each once-per-RTT "
		 "sample b updates BWE = g BWE + (1 - g) b. Westwood+ uses a constant-coefficient "
		 "EWMA of per-RTT samples (Grieco & Mascolo, ACM CCR 34(2) 2004, §2); 875 = 7/8 is "
		 "the coefficient of the Linux implementation (Dell'Aera, Grieco & Mascolo, ICC 2004)." },
	{ .section = 0,
	  .key = "min_interval_ms",
	  .label = "Shortest sampling interval",
	  .special = westwood_sp_interval,
	  .type = RX_PT_INT,
	  .offset = offsetof(struct westwood_cfg, min_interval_ms),
	  .min = 0,
	  .max = 10000,
	  .def = 50,
	  .unit = "ms",
	  .doc = "Shortest bandwidth-sampling interval: a sample covers max(SRTT, this) of ACKs. "
		 "Westwood+ samples once per RTT (Grieco & Mascolo, ACM CCR 34(2) 2004, §2); the "
		 "Linux implementation does not sample more often than every 50 ms. 0 = exactly once per RTT." },
};

struct westwood {
	uint64_t bwe_bytes_per_s; /* filtered estimate BWE; 0 = none yet */
	uint64_t win_acked_bytes; /* bytes ACKed in the open sampling window */
	int64_t win_start_ns; /* when the window opened; -1 = not open */
	uint64_t ai_acc_bytes; /* Reno avoidance byte counter */
	uint64_t last_delivered_bytes; /* the connection's delivered count at the last ACK */
};
_Static_assert(sizeof(struct westwood) <= RX_CC_PRIV_SIZE, "westwood state exceeds RX_CC_PRIV_SIZE");

static const struct westwood_cfg *westwood_cfg_of(const struct rx_cc *cc)
{
	return cc->cfg ? (const struct westwood_cfg *)cc->cfg : &westwood_defaults;
}

static struct westwood *westwood_of(struct rx_cc *cc)
{
	return (struct westwood *)(void *)cc->priv;
}

static void westwood_init(struct rx_cc *cc)
{
	struct westwood *w = westwood_of(cc);

	memset(w, 0, sizeof *w);
	w->win_start_ns = -1;
}

/* Every ACK (any state): the once-per-RTT bandwidth sample and its filter. */
static void westwood_in_ack(struct rx_cc *cc, const struct rx_ack_sample *s)
{
	struct westwood *w = westwood_of(cc);
	const struct westwood_cfg *cfg = westwood_cfg_of(cc);
	int64_t interval_ns, need_ns, min_ns;
	uint64_t g, sample;

	/* bytes this ACK newly delivered, each byte counted once (a byte SACKed
	 * earlier is not counted again when the cumulative ACK covers it) */
	uint64_t newly_bytes = s->delivered_bytes - w->last_delivered_bytes;
	w->last_delivered_bytes = s->delivered_bytes;
	if (w->win_start_ns < 0 || s->now_ns < w->win_start_ns) {
		w->win_start_ns = s->now_ns; /* open the first window */
		w->win_acked_bytes = 0;
		return;
	}
	w->win_acked_bytes += newly_bytes;
	if (cc->srtt_ns <= 0)
		return; /* no RTT yet: keep counting */
	min_ns = cfg->min_interval_ms > 0 ? cfg->min_interval_ms * WW_NS_PER_MS : 0;
	need_ns = rx_max_i64(cc->srtt_ns, min_ns);
	interval_ns = s->now_ns - w->win_start_ns;
	if (interval_ns < need_ns || interval_ns <= 0)
		return;
	/* b_k = d_k / T_k in bytes/s */
	sample = rx_muldiv_u64(w->win_acked_bytes, WW_NS_PER_S, (uint64_t)interval_ns);
	if (w->bwe_bytes_per_s == 0) {
		w->bwe_bytes_per_s = sample; /* first sample: the estimate itself */
	} else {
		g = (uint64_t)(cfg->gain_permille < 0 ? 0 : cfg->gain_permille > 1000 ? 1000 : cfg->gain_permille);
		/* g BWE + (1 - g) b, each term floored; the sum is <= max(BWE, b) */
		w->bwe_bytes_per_s = rx_muldiv_u64(w->bwe_bytes_per_s, g, 1000) + rx_muldiv_u64(sample, 1000 - g, 1000);
	}
	cc->vars[0] = (int64_t)rx_min_u64(w->bwe_bytes_per_s, INT64_MAX);
	w->win_start_ns = s->now_ns;
	w->win_acked_bytes = 0;
}

/* BWE * RTTmin in bytes, or 0 if there is no estimate. */
static uint64_t westwood_bdp_bytes(const struct rx_cc *cc)
{
	const struct westwood *w = (const struct westwood *)(const void *)cc->priv;

	if (w->bwe_bytes_per_s == 0 || cc->min_rtt_ns <= 0)
		return 0;
	return rx_min_u64(rx_muldiv_u64(w->bwe_bytes_per_s, (uint64_t)cc->min_rtt_ns, WW_NS_PER_S), RX_SSTHRESH_INF);
}

static uint64_t westwood_ssthresh(struct rx_cc *cc, uint64_t basis_bytes, int64_t now_ns)
{
	uint64_t bdp_bytes = westwood_bdp_bytes(cc);

	(void)now_ns;
	if (bdp_bytes == 0)
		return rx_reno_ssthresh(cc, basis_bytes); /* no estimate yet */
	return rx_max_u64(bdp_bytes, 2 * (uint64_t)cc->mss_bytes);
}

static void westwood_cwnd_event(struct rx_cc *cc, int ev)
{
	switch (ev) {
	case RX_CC_EV_COMPLETE_CWR:
		/* the reduction ends at the measured BDP (MobiCom 2001 §3.1) */
		if (cc->ssthresh_bytes < RX_SSTHRESH_INF)
			cc->cwnd_bytes = cc->ssthresh_bytes;
		break;
	case RX_CC_EV_LOSS:
		cc->cwnd_bytes = cc->mss_bytes; /* timeout: cwnd = 1 segment */
		break;
	default:
		break;
	}
}

static void westwood_cong_avoid(struct rx_cc *cc, const struct rx_ack_sample *s)
{
	struct westwood *w = westwood_of(cc);
	uint64_t acked_bytes = s->acked_bytes;

	if (!s->is_cwnd_limited)
		return; /* RFC 7661, as Reno */
	if (cc->cwnd_bytes < cc->ssthresh_bytes) {
		acked_bytes = rx_slow_start(cc, s); /* tcp.slow_start; what passes ssthresh is avoidance's */
		if (!acked_bytes)
			return;
	}
	rx_reno_cong_avoid_ai(cc, &w->ai_acc_bytes, cc->cwnd_bytes, acked_bytes);
}

static uint64_t westwood_undo(struct rx_cc *cc)
{
	return rx_max_u64(cc->cwnd_bytes, cc->prior_cwnd_bytes);
}

static const struct rx_var_desc westwood_vars[] = {
	{ "bwe_bytes_per_s", "Bandwidth estimate", "bytes/s",
	  "BWE: the low-pass filtered rate of ACKed data, one sample per RTT (Westwood+)." },
};

const struct rx_cc_ops rx_cc_westwood = {
	.name = "westwood",
	.label = "Westwood+",
	.doc = "Westwood+ (Mascolo et al., ACM MobiCom 2001; Grieco & Mascolo, ACM CCR 34(2) 2004): "
	       "Reno's probing, but after a loss ssthresh is set to the measured bandwidth-delay "
	       "product, max(BWE x RTTmin, 2 MSS), instead of half the window, so random losses on "
	       "a wireless link do not cut the rate blindly. BWE is one sample per RTT (bytes ACKed "
	       "over the last RTT, at least 50 ms) low-pass filtered with an EWMA of gain 7/8. When "
	       "a reduction completes cwnd = ssthresh; after a timeout cwnd = 1 MSS. Without an "
	       "estimate yet, a loss halves the window as Reno.",
	.params = westwood_params,
	.n_params = sizeof(westwood_params) / sizeof(westwood_params[0]),
	.cfg_size = sizeof(struct westwood_cfg),
	.vars = westwood_vars,
	.n_vars = sizeof(westwood_vars) / sizeof(westwood_vars[0]),
	.init = westwood_init,
	.ssthresh = westwood_ssthresh,
	.cong_avoid = westwood_cong_avoid,
	.in_ack = westwood_in_ack,
	.cwnd_event = westwood_cwnd_event,
	.undo_cwnd = westwood_undo,
};
