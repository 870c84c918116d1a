/* cc_veno.c — TCP Veno: C. P. Fu and S. C. Liew, "TCP Veno: TCP Enhancement
 * for Transmission Over Wireless Access Networks", IEEE JSAC 21(2), Feb. 2003.
 *
 * Veno is Reno with a Vegas-style estimate of the sender's own backlog at the
 * bottleneck, used to tell a random (wireless) loss from a congestive one:
 *
 *   Expected = cwnd / BaseRTT, Actual = cwnd / RTT                   (§II-A)
 *   N = Actual * (RTT - BaseRTT) = cwnd * (RTT - BaseRTT) / RTT     (§II-A)
 *
 *   loss, N <  beta: random loss,     ssthresh = cwnd * 4/5          (§II-B)
 *   loss, N >= beta: congestive loss, ssthresh = cwnd / 2            (§II-B)
 *   avoidance, N <  beta: cwnd += 1/cwnd per ACK (Reno)              (§II-B)
 *   avoidance, N >= beta: cwnd += 1/cwnd every other ACK, i.e. one
 *                         segment every other RTT                    (§II-B)
 *   slow start, fast retransmit and fast recovery are Reno's.
 *   beta = 3 segments.
 *
 * Interpretations made here:
 *   - RTT is the smoothed RTT (cc->srtt_ns), as the paper defines Actual with
 *     the smoothed round-trip time; BaseRTT is the smallest RTT sample so far
 *     (cc->min_rtt_ns).  Linux instead takes the smallest sample of the last
 *     round; the difference is only in how fast N follows the queue.
 *   - N is computed in bytes, exactly (N_bytes = cwnd_bytes * (srtt - base)
 *     / srtt, floored) and compared with beta * MSS: no rounding to whole
 *     segments.  "N < beta" is the random-loss side, as in §II-B (the
 *     opportunistic-retransmission paper writes Q <= Q_T; the two differ only
 *     when N is exactly beta segments).
 *   - The loss basis is what the core passes (FlightSize per RFC 5681, or
 *     cwnd in Linux mode), as for Reno; the 4/5 and 1/2 apply to it, with
 *     Reno's floor of 2 MSS.  N itself always uses cwnd.
 *   - "Every other ACK" becomes byte counting (RFC 3465) with a window of
 *     2 * cwnd: one segment per two windows of ACKed data.  The byte counter
 *     is shared with the Reno branch, so switching branch keeps the credit.
 *   - No RTT estimate yet (srtt or min RTT 0): N is unknown and Veno is Reno
 *     (halving on loss, normal avoidance).
 *   - Undo restores max(cwnd, prior cwnd), as Reno.
 * Integer arithmetic only.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "rexsim/cc.h"
#include "rexsim/params.h"
#include "cc_helpers.h"

/* the parameter block (cc->cfg) */
struct veno_cfg {
	int64_t beta_segs; /* backlog threshold beta, segments */
	int64_t random_loss_permille; /* ssthresh factor after a random loss, 1/1000 */
};

static const struct veno_cfg veno_defaults = {
	.beta_segs = 3,
	.random_loss_permille = 800,
};

static const struct rx_param veno_params[] = {
	{ .section = 0,
	  .key = "beta",
	  .label = "β, backlog threshold",
	  .type = RX_PT_INT,
	  .offset = offsetof(struct veno_cfg, beta_segs),
	  .min = 0,
	  .max = 10000,
	  .def = 3,
	  .unit = "segments",
	  .doc = "Backlog threshold beta: with fewer than beta of this flow's segments estimated queued at "
		 "the bottleneck (N = cwnd (RTT - BaseRTT) / RTT), a loss counts as random and avoidance "
		 "grows as Reno; at or above it, the loss counts as congestive and avoidance slows to one "
		 "segment every other RTT. Fu & Liew, IEEE JSAC 21(2) 2003, §II (beta = 3)." },
	{ .section = 0,
	  .key = "random_loss_permille",
	  .label = "Decrease after a random loss",
	  .type = RX_PT_INT,
	  .offset = offsetof(struct veno_cfg, random_loss_permille),
	  .min = 500,
	  .max = 1000,
	  .def = 800,
	  .unit = "1/1000",
	  .doc = "Multiplicative decrease after a random loss (N < beta), in thousandths: ssthresh = "
		 "loss basis x 800/1000 = 4/5. A congestive loss halves it as Reno. Fu & Liew, IEEE JSAC "
		 "21(2) 2003, §II-B." },
};

struct veno {
	uint64_t ai_acc_bytes; /* bytes ACKed since the last avoidance step */
};
_Static_assert(sizeof(struct veno) <= RX_CC_PRIV_SIZE, "veno state exceeds RX_CC_PRIV_SIZE");

static const struct veno_cfg *veno_cfg_of(const struct rx_cc *cc)
{
	return cc->cfg ? (const struct veno_cfg *)cc->cfg : &veno_defaults;
}

static struct veno *veno_of(struct rx_cc *cc)
{
	return (struct veno *)(void *)cc->priv;
}

/* beta in bytes; beta <= 10000 segments and mss < 2^32, so no overflow */
static uint64_t veno_beta_bytes(const struct rx_cc *cc)
{
	int64_t b = veno_cfg_of(cc)->beta_segs;

	return (uint64_t)(b > 0 ? b : 0) * cc->mss_bytes;
}

/* N in bytes (§II-A); 0 if no RTT estimate yet (the caller checks). */
static int veno_backlog_bytes(const struct rx_cc *cc, uint64_t *n_bytes)
{
	if (cc->srtt_ns <= 0 || cc->min_rtt_ns <= 0)
		return 0;
	if (cc->srtt_ns <= cc->min_rtt_ns)
		*n_bytes = 0;
	else
		*n_bytes =
			rx_muldiv_u64(cc->cwnd_bytes, (uint64_t)(cc->srtt_ns - cc->min_rtt_ns), (uint64_t)cc->srtt_ns);
	return 1;
}

static void veno_init(struct rx_cc *cc)
{
	memset(cc->priv, 0, sizeof(struct veno));
}

static uint64_t veno_ssthresh(struct rx_cc *cc, uint64_t basis_bytes, int64_t now_ns)
{
	uint64_t n_bytes;
	int64_t f = veno_cfg_of(cc)->random_loss_permille;

	(void)now_ns;
	if (veno_backlog_bytes(cc, &n_bytes))
		cc->vars[0] = (int64_t)n_bytes;
	if (veno_backlog_bytes(cc, &n_bytes) && n_bytes < veno_beta_bytes(cc)) {
		/* random loss: basis * 4/5 (f in [500, 1000]) */
		f = f < 0 ? 0 : f > 1000 ? 1000 : f;
		return rx_max_u64(rx_muldiv_u64(basis_bytes, (uint64_t)f, 1000), 2 * (uint64_t)cc->mss_bytes);
	}
	return rx_reno_ssthresh(cc, basis_bytes); /* congestive loss, or no estimate */
}

static void veno_cong_avoid(struct rx_cc *cc, const struct rx_ack_sample *s)
{
	struct veno *v = veno_of(cc);
	uint64_t n_bytes, w_bytes, acked_bytes = s->acked_bytes;

	if (!s->is_cwnd_limited)
		return; /* RFC 7661, as Reno */
	if (cc->cwnd_bytes < cc->ssthresh_bytes) {
		acked_bytes = rx_slow_start(cc, s); /* tcp.slow_start; what passes ssthresh is avoidance's */
		if (!acked_bytes)
			return;
	}
	w_bytes = cc->cwnd_bytes;
	if (veno_backlog_bytes(cc, &n_bytes))
		cc->vars[0] = (int64_t)n_bytes;
	if (veno_backlog_bytes(cc, &n_bytes) && n_bytes >= veno_beta_bytes(cc))
		w_bytes = 2 * cc->cwnd_bytes; /* one segment every other RTT */
	rx_reno_cong_avoid_ai(cc, &v->ai_acc_bytes, w_bytes, acked_bytes);
}

static uint64_t veno_undo(struct rx_cc *cc)
{
	return rx_max_u64(cc->cwnd_bytes, cc->prior_cwnd_bytes);
}

static const struct rx_var_desc veno_vars[] = {
	{ "backlog_bytes", "Backlog N", "bytes",
	  "N = cwnd (RTT - BaseRTT) / RTT: Veno's estimate of its queued data; below beta a loss counts as random (Fu "
	  "& Liew 2003)." },
};

const struct rx_cc_ops rx_cc_veno = {
	.name = "veno",
	.label = "Veno",
	.doc = "Veno (Fu & Liew, IEEE JSAC 21(2) 2003): Reno that estimates its own backlog at the "
	       "bottleneck, N = cwnd (RTT - BaseRTT) / RTT (smoothed RTT over the smallest RTT seen), "
	       "to tell random from congestive losses. A loss with N < beta = 3 segments is taken as "
	       "random and cuts ssthresh to 4/5 of the window instead of 1/2; in congestion avoidance "
	       "with N >= beta the window grows one segment every other RTT instead of every RTT. "
	       "Slow start, fast retransmit and recovery are Reno's. Without an RTT estimate it is Reno.",
	.params = veno_params,
	.n_params = sizeof(veno_params) / sizeof(veno_params[0]),
	.cfg_size = sizeof(struct veno_cfg),
	.vars = veno_vars,
	.n_vars = sizeof(veno_vars) / sizeof(veno_vars[0]),
	.init = veno_init,
	.ssthresh = veno_ssthresh,
	.cong_avoid = veno_cong_avoid,
	.undo_cwnd = veno_undo,
};
