/* cc_cubic.c — CUBIC congestion control (RFC 9438), all-integer.
 *
 * Determinism: the same inputs must give bit-identical windows on every
 * machine, so every value in this file is an integer and there is no libm;
 * the cube root is computed bit by bit on uint64_t (rx_icbrt_u64 in
 * cc_helpers.c), and products that may pass 2^64 go through rx_muldiv_u64.
 *
 * Units and fixed-point scales:
 *   windows      bytes (uint64_t), as in struct rx_cc; capped at
 *                CUBIC_WIN_MAX_BYTES = 2^40 so that every product below fits.
 *   sub-byte     growth smaller than one byte per ACK is carried in
 *                frac_fp, a fraction of a byte scaled by 2^16 (CUBIC_FRAC_SHIFT).
 *   W_est        bytes scaled by 2^16 (w_est_fp), same scale.
 *   time         the simulator's ns for instants; the cubic function works in
 *                "ticks" of 2^-16 s (about 15.3 us, CUBIC_TICK_SHIFT).
 *   C            member parameter c_permille, C = c/1000 segments per s^3
 *                (default 400: C = 0.4, §5), applied as the exact ratio.
 *   beta         member parameter beta_permille, beta_cubic = b/1000
 *                (default 700: 0.7, §4.6); (1 + beta)/2 = (1000 + b)/2000
 *                (17/20 by default) and alpha_cubic = 3(1 - beta)/(1 + beta)
 *                = 3(1000 - b)/(1000 + b) (9/17 by default), exact ratios.
 *                Scaling a ratio's terms does not change a floored quotient,
 *                so the defaults give the same windows as 7/10, 17/20, 9/17
 *                and 2/5 written out.
 *
 * RFC 9438 reasons in segments; here a segment is cc->mss_bytes bytes, so
 * "segments_acked / cwnd" becomes acked_bytes * mss / cwnd_bytes in bytes.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "rexsim/cc.h"
#include "rexsim/params.h"
#include "rexsim/rexsim.h"
#include "cc_helpers.h"

/* ---- constants ---- */

#define CUBIC_WIN_MAX_BYTES RX_SSTHRESH_INF /* 2^40: bound for every window */
#define CUBIC_FRAC_SHIFT 16 /* fixed-point bits below one byte */
#define CUBIC_TICK_SHIFT 16 /* 1 tick = 2^-16 s */
#define CUBIC_NS_PER_S UINT64_C(1000000000)
#define CUBIC_T_MAX_NS (INT64_C(1) << 47) /* ~39 h: clamp for t + RTT */
#define CUBIC_OFFS_MAX_TICKS (UINT64_C(1) << 28) /* |t - K| <= 4096 s */
#define CUBIC_PERMILLE 1000 /* denominator of beta and C */
#define CUBIC_BETA_MIN 100 /* parameter ranges, also enforced here */
#define CUBIC_BETA_MAX 990
#define CUBIC_C_MIN 100 /* C >= 0.1 keeps K < 2^31 ticks */
#define CUBIC_C_MAX 10000

/* the parameter block (cc->cfg) */
struct cubic_cfg {
	int64_t beta_permille; /* beta_cubic, 1/1000 (§4.6) */
	int64_t c_permille; /* C, 1/1000 segment per s^3 (§4.1.1, §5) */
};

static const struct cubic_cfg cubic_defaults = {
	.beta_permille = 700,
	.c_permille = 400,
};

static const struct rx_param cubic_params[] = {
	{ .section = 0,
	  .key = "beta_permille",
	  .label = "β, multiplicative decrease",
	  .type = RX_PT_INT,
	  .offset = offsetof(struct cubic_cfg, beta_permille),
	  .min = CUBIC_BETA_MIN,
	  .max = CUBIC_BETA_MAX,
	  .def = 700,
	  .unit = "1/1000",
	  .doc = "Multiplicative decrease factor beta_cubic in thousandths: after a congestion event "
		 "ssthresh = max(cwnd x beta, 2 MSS); it also sets fast convergence's (1 + beta)/2 "
		 "and the Reno-friendly alpha = 3(1 - beta)/(1 + beta). RFC 9438 §4.6 (beta_cubic = 0.7)." },
	{ .section = 0,
	  .key = "c_permille",
	  .label = "C, cubic scaling constant",
	  .type = RX_PT_INT,
	  .offset = offsetof(struct cubic_cfg, c_permille),
	  .min = CUBIC_C_MIN,
	  .max = CUBIC_C_MAX,
	  .def = 400,
	  .unit = "1/1000",
	  .doc = "The cubic function's scaling constant C in thousandths of a segment per s^3: "
		 "W(t) = C (t - K)^3 + W_max. Larger C regrows faster. RFC 9438 §4.2 and §5 (C = 0.4)." },
};

/* beta and C of this flow, clamped to the parameter ranges */
struct cubic_k {
	uint64_t beta; /* beta_cubic * 1000 */
	uint64_t c; /* C * 1000 */
};

/* flags */
#define CUBIC_F_EPOCH 0x01 /* a congestion-avoidance stage is running (§4.2) */
#define CUBIC_F_AFTER_RTO 0x02 /* next CA stage is the first after a timeout (§4.8) */
#define CUBIC_F_HAVE_UNDO 0x04 /* undo_* hold a snapshot (§4.9.2) */

struct cubic {
	uint64_t w_max_bytes; /* W_max (§4.6, §4.7); 0 = no congestion event yet */
	uint64_t cwnd_prior_bytes; /* cwnd_prior (§4.1.2) */
	uint64_t w_est_fp; /* W_est (§4.3), bytes << 16 */
	int64_t epoch_start_ns; /* t_epoch (§4.2), shifted past app-limited gaps (§5.8) */
	int64_t last_ack_ns; /* time of the previous cong_avoid call */
	/* §4.9.2: saved at each congestion event, restored on undo */
	uint64_t undo_w_max_bytes;
	uint64_t undo_cwnd_prior_bytes;
	uint64_t undo_w_est_fp;
	int64_t undo_epoch_start_ns;
	uint32_t k_ticks; /* K (§4.2) in 2^-16 s; < 2^31 for windows <= 2^40 */
	uint32_t undo_k_ticks;
	uint16_t frac_fp; /* pending cwnd growth below one byte, 2^-16 byte */
	uint8_t flags;
	uint8_t undo_flags;
};

_Static_assert(sizeof(struct cubic) <= RX_CC_PRIV_SIZE, "struct cubic must fit in rx_cc.priv (RX_CC_PRIV_SIZE)");

/* Exported for tests/c/test_cc_cubic.c (an alias of rx_icbrt_u64); not
 * part of any header. */
uint64_t rx_cubic_icbrt_u64(uint64_t x);

/* ---- helpers (min/max, muldiv, cube root, slow start: cc_helpers.h) ---- */

static struct cubic *cubic_of(struct rx_cc *cc)
{
	return (struct cubic *)(void *)cc->priv;
}

uint64_t rx_cubic_icbrt_u64(uint64_t x)
{
	return rx_icbrt_u64(x);
}

static struct cubic_k cubic_k_of(const struct rx_cc *cc)
{
	const struct cubic_cfg *cfg = cc->cfg ? (const struct cubic_cfg *)cc->cfg : &cubic_defaults;
	struct cubic_k k;

	k.beta = (uint64_t)rx_min_i64(rx_max_i64(cfg->beta_permille, CUBIC_BETA_MIN), CUBIC_BETA_MAX);
	k.c = (uint64_t)rx_min_i64(rx_max_i64(cfg->c_permille, CUBIC_C_MIN), CUBIC_C_MAX);
	return k;
}

static uint64_t cubic_mss_bytes(const struct rx_cc *cc)
{
	return cc->mss_bytes ? cc->mss_bytes : 1;
}

/* cwnd clamped to [1 MSS, 2^40] so that it can be used as a divisor and in
 * products without overflow. */
static uint64_t cubic_cwnd_bytes(const struct rx_cc *cc)
{
	uint64_t mss_bytes = cubic_mss_bytes(cc);

	return rx_min_u64(rx_max_u64(cc->cwnd_bytes, mss_bytes), CUBIC_WIN_MAX_BYTES);
}

/* K = cbrt((W_max - cwnd_epoch) / C) (§4.2, Figure 2) in ticks of 2^-16 s:
 * K_ticks = cbrt(diff_bytes * 1000 / (c * mss) * 2^48) with C = c/1000.
 * diff_bytes <= 2^40, so diff_bytes * 1000 < 2^50.  The finest scale 2^48
 * overflows 63 bits once (W_max - cwnd_epoch) / C exceeds about 32000
 * segment-s^3 (13000 segments at C = 0.4); then the radicand is scaled by
 * 2^(48 - 3j) and the root by 2^-j, which still leaves more than 2^60 under
 * the root, so the root keeps at least 20 significant bits. */
static uint32_t cubic_k_ticks(uint64_t diff_bytes, uint64_t mss_bytes, uint64_t c)
{
	uint64_t num = rx_min_u64(diff_bytes, CUBIC_WIN_MAX_BYTES) * CUBIC_PERMILLE;
	uint64_t den = mss_bytes * c; /* < 2^46 */
	uint64_t radicand = 0;
	int sh;

	for (sh = 48; sh >= 0; sh -= 3) {
		radicand = rx_muldiv_u64(num, UINT64_C(1) << sh, den);
		if (radicand <= (UINT64_C(1) << 63))
			break;
	}
	if (sh < 0)
		sh = 0; /* unreachable: num / den <= 2^50 / 100 < 2^44 */
	/* K = cbrt(num / den) * 2^16 < cbrt(2^44) * 2^16 < 2^31 ticks (C >= 0.1) */
	return (uint32_t)(rx_icbrt_u64(radicand) << ((48 - sh) / 3));
}

/* W_cubic(t) = C * (t - K)^3 + W_max (§4.2, Figure 1) in bytes, with t in
 * ns since the epoch.  With dt = |t - K| in ticks (dt_s * 2^16) and
 * C = c/1000: C * dt_s^3 * mss = (dt^3 / 2^24) * c * mss / (1000 * 2^24). */
static uint64_t cubic_w_bytes(const struct cubic *st, uint64_t mss_bytes, uint64_t c, uint64_t t_ns)
{
	uint64_t t_ticks, offs_ticks, cube, delta_bytes;

	/* t_ns <= 2^47, so t_ns << 16 < 2^63 */
	t_ns = rx_min_u64(t_ns, (uint64_t)CUBIC_T_MAX_NS);
	t_ticks = (t_ns << CUBIC_TICK_SHIFT) / CUBIC_NS_PER_S;
	offs_ticks = t_ticks >= st->k_ticks ? t_ticks - st->k_ticks : st->k_ticks - t_ticks;
	offs_ticks = rx_min_u64(offs_ticks, CUBIC_OFFS_MAX_TICKS);
	/* offs^2 <= 2^56; offs^3 / 2^24 <= 2^60 (units of 2^-24 s^3) */
	cube = rx_muldiv_u64(offs_ticks * offs_ticks, offs_ticks, UINT64_C(1) << 24);
	/* saturates to UINT64_MAX past 2^64, clamped to the window cap below */
	delta_bytes = rx_muldiv_u64(cube, c * mss_bytes, (uint64_t)CUBIC_PERMILLE << 24);
	if (t_ticks >= st->k_ticks) {
		/* §4.5 convex side (and the plateau at t = K) */
		if (delta_bytes >= CUBIC_WIN_MAX_BYTES - st->w_max_bytes)
			return CUBIC_WIN_MAX_BYTES;
		return st->w_max_bytes + delta_bytes;
	}
	/* §4.4 concave side */
	return delta_bytes >= st->w_max_bytes ? 0 : st->w_max_bytes - delta_bytes;
}

/* ---- hooks ---- */

static void cubic_init(struct rx_cc *cc)
{
	memset(cc->priv, 0, sizeof(struct cubic));
}

/* A new congestion-avoidance stage begins at its first ACK (§4.2). */
static void cubic_start_epoch(struct cubic *st, uint64_t cwnd_bytes, uint64_t mss_bytes, uint64_t c, int64_t now_ns)
{
	st->epoch_start_ns = now_ns;
	st->frac_fp = 0;
	if (st->w_max_bytes == 0) {
		/* §4.10: no congestion event yet (slow start ended at a configured
		 * ssthresh): cwnd_prior = cwnd, W_max = cwnd, K = 0 */
		st->cwnd_prior_bytes = cwnd_bytes;
		st->w_max_bytes = cwnd_bytes;
		st->k_ticks = 0;
	} else if ((st->flags & CUBIC_F_AFTER_RTO) || st->w_max_bytes <= cwnd_bytes) {
		/* §4.8: first CA stage after a timeout: K = 0, W_max = cwnd_epoch.
		 * The same is used when cwnd_epoch is already at or above W_max
		 * (e.g. after an undo), where Figure 2 would give no real K >= 0. */
		st->w_max_bytes = cwnd_bytes;
		st->k_ticks = 0;
	} else {
		/* §4.2 Figure 2 */
		st->k_ticks = cubic_k_ticks(st->w_max_bytes - cwnd_bytes, mss_bytes, c);
	}
	/* §4.3 (and §4.8): W_est starts at cwnd_epoch */
	st->w_est_fp = cwnd_bytes << CUBIC_FRAC_SHIFT; /* <= 2^56 */
	st->flags = (uint8_t)((st->flags | CUBIC_F_EPOCH) & ~CUBIC_F_AFTER_RTO);
}

static void cubic_cong_avoid(struct rx_cc *cc, const struct rx_ack_sample *s)
{
	struct cubic *st = cubic_of(cc);
	uint64_t mss_bytes = cubic_mss_bytes(cc);
	uint64_t cwnd_bytes = cubic_cwnd_bytes(cc);
	uint64_t acked_bytes, t_ns, rtt_ns, w_t_bytes, w_est_bytes, inc_fp;
	int64_t prev_ack_ns = st->last_ack_ns;
	struct cubic_k k = cubic_k_of(cc);

	st->last_ack_ns = s->now_ns;
	if (!s->is_cwnd_limited) {
		/* §5.8: no growth while application-limited, and §4.2: t must not
		 * include such periods, so the epoch moves forward by the gap */
		if ((st->flags & CUBIC_F_EPOCH) && s->now_ns > prev_ack_ns && s->now_ns > st->epoch_start_ns) {
			/* simulated time is >= 0, so both differences fit;
			 * the epoch never moves past now */
			int64_t gap_ns = s->now_ns - prev_ack_ns;
			int64_t room_ns = s->now_ns - st->epoch_start_ns;

			st->epoch_start_ns += gap_ns < room_ns ? gap_ns : room_ns;
		}
		cc->cwnd_bytes = cwnd_bytes;
		return;
	}
	if (s->acked_bytes == 0) {
		cc->cwnd_bytes = cwnd_bytes;
		return;
	}

	acked_bytes = s->acked_bytes;
	if (cwnd_bytes < cc->ssthresh_bytes) {
		/* §4.10 with slow start as tcp.slow_start says (no HyStart):
		 * RFC 5681 §3.1 cwnd += min(N, SMSS) per ACK, or RFC 3465 byte
		 * counting up to ssthresh, whose bytes past ssthresh avoidance
		 * takes below (cc->mss_bytes is > 0 here: the core validates
		 * tcp.mss >= 64) */
		cc->cwnd_bytes = cwnd_bytes;
		acked_bytes = rx_slow_start(cc, s);
		cc->cwnd_bytes = rx_min_u64(cc->cwnd_bytes, CUBIC_WIN_MAX_BYTES);
		if (!acked_bytes)
			return;
		cwnd_bytes = cc->cwnd_bytes; /* = ssthresh: avoidance from here */
	}

	if (!(st->flags & CUBIC_F_EPOCH))
		cubic_start_epoch(st, cwnd_bytes, mss_bytes, k.c, s->now_ns);

	/* one ACK cannot sensibly cover more than a window; this bound also keeps
	 * acked_bytes <= 2^40 in the products below */
	acked_bytes = rx_min_u64(acked_bytes, cwnd_bytes);

	/* §4.2: t = t_current - t_epoch; RTT = smoothed RTT (fallbacks while
	 * the estimator has no sample yet) */
	t_ns = s->now_ns > st->epoch_start_ns ? (uint64_t)s->now_ns - (uint64_t)st->epoch_start_ns : 0;
	t_ns = rx_min_u64(t_ns, (uint64_t)CUBIC_T_MAX_NS);
	if (cc->srtt_ns > 0)
		rtt_ns = (uint64_t)cc->srtt_ns;
	else if (s->rtt_ns > 0)
		rtt_ns = (uint64_t)s->rtt_ns;
	else
		rtt_ns = 0;
	rtt_ns = rx_min_u64(rtt_ns, (uint64_t)CUBIC_T_MAX_NS); /* t + RTT <= 2^48 */

	/* §4.3 Figure 4: W_est += alpha * segments_acked / cwnd, in bytes
	 * acked * mss / cwnd; alpha = 3(1000 - b)/(1000 + b) (9/17 by default)
	 * until W_est >= cwnd_prior, then 1.  acked << 16 <= 2^56;
	 * mss * 3(1000 - b) < 2^32 * 2700 < 2^44; cwnd * (1000 + b) < 2^51 */
	w_est_bytes = st->w_est_fp >> CUBIC_FRAC_SHIFT;
	if (w_est_bytes >= st->cwnd_prior_bytes)
		inc_fp = rx_muldiv_u64(acked_bytes << CUBIC_FRAC_SHIFT, mss_bytes, cwnd_bytes);
	else
		inc_fp = rx_muldiv_u64(acked_bytes << CUBIC_FRAC_SHIFT, mss_bytes * 3 * (CUBIC_PERMILLE - k.beta),
				       cwnd_bytes * (CUBIC_PERMILLE + k.beta));
	/* inc_fp <= (mss << 16) < 2^48 */
	st->w_est_fp = rx_min_u64(st->w_est_fp + inc_fp, CUBIC_WIN_MAX_BYTES << CUBIC_FRAC_SHIFT);
	w_est_bytes = st->w_est_fp >> CUBIC_FRAC_SHIFT;

	w_t_bytes = cubic_w_bytes(st, mss_bytes, k.c, t_ns);
	if (w_t_bytes < w_est_bytes) {
		/* §4.3 Reno-friendly region: cwnd = W_est (never lowered by an ACK) */
		cwnd_bytes = rx_max_u64(cwnd_bytes, w_est_bytes);
	} else {
		/* §4.4 concave (cwnd < W_max) and §4.5 convex (cwnd >= W_max):
		 * target = W_cubic(t + RTT) bounded to [cwnd, 1.5 cwnd] (§4.2),
		 * cwnd += (target - cwnd) / cwnd per segment acked, i.e.
		 * (target - cwnd) * acked / cwnd bytes */
		uint64_t target_bytes = cubic_w_bytes(st, mss_bytes, k.c, t_ns + rtt_ns);
		uint64_t sum_fp;

		target_bytes = rx_max_u64(target_bytes, cwnd_bytes);
		target_bytes = rx_min_u64(target_bytes, cwnd_bytes + cwnd_bytes / 2);
		/* (target - cwnd) <= 2^39, << 16 <= 2^55; acked <= cwnd so
		 * inc_fp <= (target - cwnd) << 16 */
		inc_fp = rx_muldiv_u64((target_bytes - cwnd_bytes) << CUBIC_FRAC_SHIFT, acked_bytes, cwnd_bytes);
		sum_fp = inc_fp + st->frac_fp;
		cwnd_bytes += sum_fp >> CUBIC_FRAC_SHIFT;
		st->frac_fp = (uint16_t)(sum_fp & ((1u << CUBIC_FRAC_SHIFT) - 1));
	}
	cc->cwnd_bytes = rx_min_u64(rx_max_u64(cwnd_bytes, mss_bytes), CUBIC_WIN_MAX_BYTES);
}

/* A congestion event (loss, ECE or timeout): §4.9.2 snapshot, §4.7 W_max,
 * §4.6 ssthresh.  The core applies the returned ssthresh to cwnd. */
static uint64_t cubic_ssthresh(struct rx_cc *cc, uint64_t flight_bytes, int64_t now_ns)
{
	struct cubic *st = cubic_of(cc);
	uint64_t mss_bytes = cubic_mss_bytes(cc);
	uint64_t cwnd_bytes = rx_min_u64(cc->cwnd_bytes, CUBIC_WIN_MAX_BYTES);
	uint64_t ssthresh_bytes;
	struct cubic_k k = cubic_k_of(cc);

	/* §4.6 allows cwnd instead of flight_size when cwnd does not grow while
	 * application-limited, which cong_avoid guarantees (§5.8) */
	(void)flight_bytes;
	(void)now_ns;

	/* §4.9.2: save state for a possible undo */
	st->undo_w_max_bytes = st->w_max_bytes;
	st->undo_cwnd_prior_bytes = st->cwnd_prior_bytes;
	st->undo_w_est_fp = st->w_est_fp;
	st->undo_epoch_start_ns = st->epoch_start_ns;
	st->undo_k_ticks = st->k_ticks;
	st->undo_flags = (uint8_t)(st->flags & CUBIC_F_EPOCH);

	/* §4.7 fast convergence: a loss below the previous W_max lowers it to
	 * cwnd * (1 + beta) / 2; cwnd <= 2^40, * (1000 + b) < 2^51 */
	if (cwnd_bytes < st->w_max_bytes)
		st->w_max_bytes = cwnd_bytes * (CUBIC_PERMILLE + k.beta) / (2 * CUBIC_PERMILLE);
	else
		st->w_max_bytes = cwnd_bytes;
	st->cwnd_prior_bytes = cwnd_bytes; /* §4.6 Figure 5 */

	/* §4.6: ssthresh = max(cwnd * beta, 2 MSS); cwnd * b < 2^50 */
	ssthresh_bytes = cwnd_bytes * k.beta / CUBIC_PERMILLE;
	ssthresh_bytes = rx_max_u64(ssthresh_bytes, 2 * mss_bytes);

	/* the next CA stage starts a new epoch (§4.2) */
	st->flags = (uint8_t)((st->flags & ~CUBIC_F_EPOCH) | CUBIC_F_HAVE_UNDO);
	st->frac_fp = 0;
	return ssthresh_bytes;
}

static void cubic_set_state(struct rx_cc *cc, int new_state, int64_t now_ns)
{
	struct cubic *st = cubic_of(cc);

	(void)now_ns;
	if (new_state == RX_CA_LOSS)
		st->flags |= CUBIC_F_AFTER_RTO; /* §4.8 */
	else if (new_state == RX_CA_RECOVERY || new_state == RX_CA_CWR)
		st->flags &= (uint8_t)~CUBIC_F_AFTER_RTO; /* a newer event with a real W_max */
}

/* §4.9.2: a spurious congestion event.  If cwnd is still below the
 * pre-reduction cwnd, restore W_max, cwnd_prior, K, t_epoch and W_est. */
static uint64_t cubic_undo_cwnd(struct rx_cc *cc)
{
	struct cubic *st = cubic_of(cc);
	uint64_t mss_bytes = cubic_mss_bytes(cc);

	if ((st->flags & CUBIC_F_HAVE_UNDO) && cc->cwnd_bytes < cc->prior_cwnd_bytes) {
		st->w_max_bytes = st->undo_w_max_bytes;
		st->cwnd_prior_bytes = st->undo_cwnd_prior_bytes;
		st->w_est_fp = st->undo_w_est_fp;
		st->epoch_start_ns = st->undo_epoch_start_ns;
		st->k_ticks = st->undo_k_ticks;
		st->flags = st->undo_flags; /* also clears AFTER_RTO, HAVE_UNDO */
		st->frac_fp = 0;
	} else {
		st->flags &= (uint8_t)~CUBIC_F_HAVE_UNDO;
	}
	return rx_max_u64(rx_max_u64(cc->cwnd_bytes, cc->prior_cwnd_bytes), mss_bytes);
}

const struct rx_cc_ops rx_cc_cubic = {
	.name = "cubic",
	.label = "CUBIC",
	.params = cubic_params,
	.n_params = sizeof(cubic_params) / sizeof(cubic_params[0]),
	.cfg_size = sizeof(struct cubic_cfg),
	.doc = "CUBIC (RFC 9438): after a loss, ssthresh = max(0.7 cwnd, 2 MSS) "
	       "(beta = 0.7) and the window then regrows as a cubic function of the "
	       "time since congestion avoidance resumed, W(t) = C(t - K)^3 + W_max "
	       "with C = 0.4 segments/s^3: steep while far below the window of the "
	       "last loss W_max, flat as it nears it (concave region) and "
	       "accelerating beyond it to probe for new capacity (convex region). "
	       "It never grows slower than its Reno-friendly estimate "
	       "(alpha = 3(1 - beta)/(1 + beta), about 0.53 segments per RTT, then 1 "
	       "once past the pre-loss window), fast convergence lowers W_max to "
	       "cwnd(1 + beta)/2 when a loss comes below the previous W_max, the "
	       "first stage after a timeout restarts the curve at K = 0, and a "
	       "spurious loss can be undone. Slow start is RFC 5681's "
	       "(cwnd += min(acked, MSS) per ACK) or, with tcp.slow_start = "
	       "byte_counting, RFC 3465's; no HyStart. The window does not "
	       "grow while application-limited. Integer arithmetic throughout, so "
	       "results are bit-identical on every machine.",
	.init = cubic_init,
	.ssthresh = cubic_ssthresh,
	.cong_avoid = cubic_cong_avoid,
	.pkts_acked = NULL, /* not needed: all growth happens in cong_avoid */
	.set_state = cubic_set_state,
	.undo_cwnd = cubic_undo_cwnd,
};
