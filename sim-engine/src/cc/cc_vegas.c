/* cc_vegas.c — TCP Vegas: L. S. Brakmo and L. L. Peterson, "TCP Vegas: End
 * to End Congestion Avoidance on a Global Internet", IEEE JSAC 13(8), Oct.
 * 1995 (first as Brakmo, O'Malley & Peterson, ACM SIGCOMM 1994).
 *
 * Vegas keeps a few of its own segments queued at the bottleneck instead of
 * filling the buffer until a loss.  Once per RTT it compares the rate it
 * expects with an empty queue with the rate it gets (§III-B):
 *
 *   Expected = cwnd / BaseRTT, Actual = cwnd / RTT
 *   diff = (Expected - Actual) * BaseRTT = cwnd * (RTT - BaseRTT) / RTT
 *          (in segments: this flow's segments queued in the network)
 *   diff < alpha: cwnd += 1 segment;  diff > beta: cwnd -= 1 segment;
 *   otherwise cwnd is left alone.
 *
 * Modified slow start (§III-C): the window doubles only every other RTT; in
 * between it stays fixed so that Expected and Actual compare like with like,
 * and slow start ends when diff exceeds gamma.
 *
 * Constants: alpha = 2, beta = 4, gamma = 1 segments, Linux's defaults (the
 * paper's experiments used alpha = 1, beta = 3), as member parameters.
 *
 * Interpretations made here:
 *   - Rounds come from the core's round_start (an ACK that acknowledges the
 *     snd_nxt of the round's start).  RTT for a round is the smallest valid
 *     RTT sample taken during it (pkts_acked), as Linux does to keep delayed
 *     ACKs from inflating it; the paper times one distinguished segment per
 *     RTT.  BaseRTT is the smallest sample ever.  Samples <= 0 are ignored.
 *   - The per-round decision runs on the round_start ACK after that ACK's
 *     own RTT sample is counted: in pkts_acked when the ACK has a valid RTT
 *     sample, else in in_ack (the core calls pkts_acked exactly when
 *     rtt_ns >= 0), so it also runs on ACKs that only SACK.  The round's RTT
 *     is then the smallest sample of the ACKs after the previous round_start
 *     ACK up to and including this one.  In Vegas mode the round_start ACK
 *     itself never grows cwnd in slow start: its action is the decision.
 *   - diff is compared in bytes, exactly (cwnd_bytes * (RTT - BaseRTT) / RTT
 *     against alpha/beta/gamma * MSS), not rounded to whole segments.
 *   - Slow start alternates "grow" rounds (cwnd grows per ACK as
 *     tcp.slow_start says: min(acked, MSS), RFC 5681, by default) and "hold"
 *     rounds; diff is tested only at the end of a hold
 *     round.  When diff > gamma, slow start ends: cwnd is cut to the window
 *     that would have no queue plus one segment, min(cwnd, cwnd * BaseRTT /
 *     RTT + 1 MSS) (what Linux does; the paper does not say), and ssthresh is
 *     set to cwnd so that avoidance follows.  The Reno round that precedes
 *     the first Vegas decision counts as a grow round.
 *   - In avoidance the window changes only at round ends (one segment per
 *     RTT at most).  A decrease also lowers ssthresh to cwnd, so the smaller
 *     window is not mistaken for slow start.  cwnd never goes below 2 MSS.
 *   - Reno fallback, exactly: Vegas starts in Reno mode, and goes back to it
 *     whenever the congestion state changes to CWR, Recovery or Loss.  In Reno
 *     mode every ACK is Reno's (slow start below ssthresh, one segment per
 *     window of ACKed bytes above).  A round that ends in Open or Disorder
 *     with at least 3 RTT samples (VEGAS_MIN_SAMPLES, as Linux; fewer may
 *     all be delayed ACKs) switches to Vegas mode; a round with fewer
 *     switches back to Reno mode.  A round that ends in another state only
 *     discards its samples.  So until the core fills round_start, Vegas is
 *     exactly Reno.  Reno mode's byte counter restarts from 0 each time
 *     Vegas mode is entered.
 *   - Decisions (round ends) are skipped while the sender is application
 *     limited (is_cwnd_limited == 0), as growth is for Reno (RFC 7661).
 *   - Loss reaction: Reno's, ssthresh = max(basis / 2, 2 MSS) (Linux's Vegas
 *     does the same; the paper's changes to retransmission are loss
 *     detection, which belongs to the core).  Undo: max(cwnd, prior cwnd).
 * Integer arithmetic only.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "rexsim/cc.h"
#include "rexsim/params.h"
#include "rexsim/rexsim.h"
#include "cc_helpers.h"

#define VEGAS_MIN_SAMPLES 3u /* RTT samples a round needs for a Vegas decision */

/* the parameter block (cc->cfg) */
struct vegas_cfg {
	int64_t alpha_segs; /* grow below this many queued segments */
	int64_t beta_segs; /* shrink above this many */
	int64_t gamma_segs; /* leave slow start above this many */
};

static const struct vegas_cfg vegas_defaults = {
	.alpha_segs = 2,
	.beta_segs = 4,
	.gamma_segs = 1,
};

static const struct rx_param vegas_params[] = {
	{ .section = 0,
	  .key = "alpha",
	  .label = "α, fewest queued segments",
	  .type = RX_PT_INT,
	  .offset = offsetof(struct vegas_cfg, alpha_segs),
	  .min = 0,
	  .max = 1000,
	  .def = 2,
	  .unit = "segments",
	  .doc = "Vegas grows cwnd by one segment per RTT while fewer than alpha of its segments are "
		 "estimated queued (diff = cwnd (RTT - BaseRTT) / RTT). Brakmo & Peterson, IEEE JSAC "
		 "13(8) 1995, §III-B (the paper used 1; 2 is Linux's default)." },
	{ .section = 0,
	  .key = "beta",
	  .label = "β, most queued segments",
	  .type = RX_PT_INT,
	  .offset = offsetof(struct vegas_cfg, beta_segs),
	  .min = 0,
	  .max = 1000,
	  .def = 4,
	  .unit = "segments",
	  .doc = "Vegas shrinks cwnd by one segment per RTT while more than beta of its segments are "
		 "estimated queued; between alpha and beta it holds. Below alpha it acts as alpha. "
		 "Brakmo & Peterson, IEEE JSAC 13(8) 1995, §III-B (the paper used 3; 4 is Linux's default)." },
	{ .section = 0,
	  .key = "gamma",
	  .label = "γ, slow-start exit",
	  .type = RX_PT_INT,
	  .offset = offsetof(struct vegas_cfg, gamma_segs),
	  .min = 0,
	  .max = 1000,
	  .def = 1,
	  .unit = "segments",
	  .doc = "Vegas leaves its modified slow start (doubling every other RTT) once more than gamma "
		 "of its segments are estimated queued. Brakmo & Peterson, IEEE JSAC 13(8) 1995, §III-C "
		 "(gamma = 1 as in Linux)." },
};

/* flags */
#define VEGAS_F_RENO 0x01 /* Reno mode: too few RTT samples for a decision */
#define VEGAS_F_SS_GROW 0x02 /* slow start: this round grows (else it holds) */

struct vegas {
	int64_t base_rtt_ns; /* BaseRTT: smallest RTT sample ever; 0 = none */
	int64_t rnd_min_rtt_ns; /* smallest RTT sample this round; 0 = none */
	uint64_t ai_acc_bytes; /* Reno-mode avoidance byte counter */
	uint32_t rnd_samples; /* RTT samples this round */
	int ca_state; /* enum rx_ca_state, from set_state */
	uint8_t flags;
};
_Static_assert(sizeof(struct vegas) <= RX_CC_PRIV_SIZE, "vegas state exceeds RX_CC_PRIV_SIZE");

static const struct vegas_cfg *vegas_cfg_of(const struct rx_cc *cc)
{
	return cc->cfg ? (const struct vegas_cfg *)cc->cfg : &vegas_defaults;
}

static struct vegas *vegas_of(struct rx_cc *cc)
{
	return (struct vegas *)(void *)cc->priv;
}

/* a segment count from the cfg, in bytes (counts <= 1000, mss < 2^32) */
static uint64_t vegas_segs_bytes(const struct rx_cc *cc, int64_t segs)
{
	return (uint64_t)(segs > 0 ? segs : 0) * cc->mss_bytes;
}

static void vegas_new_round(struct vegas *v)
{
	v->rnd_min_rtt_ns = 0;
	v->rnd_samples = 0;
}

static void vegas_init(struct rx_cc *cc)
{
	struct vegas *v = vegas_of(cc);

	memset(v, 0, sizeof *v);
	v->ca_state = RX_CA_OPEN;
	v->flags = VEGAS_F_RENO | VEGAS_F_SS_GROW;
}

static void vegas_set_state(struct rx_cc *cc, int new_state, int64_t now_ns)
{
	struct vegas *v = vegas_of(cc);

	(void)now_ns;
	v->ca_state = new_state;
	if (new_state == RX_CA_CWR || new_state == RX_CA_RECOVERY || new_state == RX_CA_LOSS) {
		v->flags = VEGAS_F_RENO | VEGAS_F_SS_GROW; /* Reno until a full round */
		vegas_new_round(v);
	}
}

/* The once-per-RTT decision, on the ACK that ends a round. */
static void vegas_round_end(struct rx_cc *cc, const struct rx_ack_sample *s)
{
	struct vegas *v = vegas_of(cc);
	const struct vegas_cfg *cfg = vegas_cfg_of(cc);
	uint64_t mss_bytes = cc->mss_bytes, floor_bytes = 2 * (uint64_t)cc->mss_bytes;
	uint64_t rtt_ns, base_ns, diff_bytes, alpha_bytes, beta_bytes;
	uint32_t n = v->rnd_samples;
	int was_reno = v->flags & VEGAS_F_RENO;

	rtt_ns = (uint64_t)v->rnd_min_rtt_ns;
	base_ns = (uint64_t)v->base_rtt_ns;
	vegas_new_round(v);
	if (v->ca_state != RX_CA_OPEN && v->ca_state != RX_CA_DISORDER)
		return; /* not Vegas' to decide */
	if (n < VEGAS_MIN_SAMPLES || base_ns == 0) {
		v->flags |= VEGAS_F_RENO;
		return;
	}
	v->flags &= (uint8_t)~VEGAS_F_RENO;
	v->ai_acc_bytes = 0; /* Reno credit is stale from here */
	if (!s->is_cwnd_limited)
		return;
	/* diff = cwnd * (RTT - BaseRTT) / RTT, bytes; RTT >= BaseRTT > 0 */
	diff_bytes = rx_muldiv_u64(cc->cwnd_bytes, rtt_ns - base_ns, rtt_ns);
	cc->vars[0] = (int64_t)diff_bytes;
	cc->vars[1] = (int64_t)base_ns;

	if (cc->cwnd_bytes < cc->ssthresh_bytes) {
		/* §III-C modified slow start */
		if (was_reno || (v->flags & VEGAS_F_SS_GROW)) {
			v->flags &= (uint8_t)~VEGAS_F_SS_GROW; /* a grow round ended: hold */
			return;
		}
		if (diff_bytes > vegas_segs_bytes(cc, cfg->gamma_segs)) {
			uint64_t target_bytes = rx_muldiv_u64(cc->cwnd_bytes, base_ns, rtt_ns) + mss_bytes;

			cc->cwnd_bytes = rx_max_u64(rx_min_u64(cc->cwnd_bytes, target_bytes), floor_bytes);
			cc->ssthresh_bytes = cc->cwnd_bytes;
			return;
		}
		v->flags |= VEGAS_F_SS_GROW; /* a hold round ended: grow */
		return;
	}
	/* §III-B linear increase / decrease */
	alpha_bytes = vegas_segs_bytes(cc, cfg->alpha_segs);
	beta_bytes = rx_max_u64(vegas_segs_bytes(cc, cfg->beta_segs), alpha_bytes);
	if (diff_bytes > beta_bytes) {
		if (cc->cwnd_bytes > floor_bytes)
			cc->cwnd_bytes = rx_max_u64(cc->cwnd_bytes - mss_bytes, floor_bytes);
		cc->ssthresh_bytes = rx_min_u64(cc->ssthresh_bytes, cc->cwnd_bytes);
	} else if (diff_bytes < alpha_bytes) {
		cc->cwnd_bytes += mss_bytes;
	}
}

/* A round ends on the round_start ACK: here if it has no RTT sample (the
 * core will not call pkts_acked), else in pkts_acked after the sample. */
static void vegas_in_ack(struct rx_cc *cc, const struct rx_ack_sample *s)
{
	if (s->round_start && s->rtt_ns < 0)
		vegas_round_end(cc, s);
}

static void vegas_pkts_acked(struct rx_cc *cc, const struct rx_ack_sample *s)
{
	struct vegas *v = vegas_of(cc);

	if (s->rtt_ns > 0) {
		if (v->base_rtt_ns == 0 || s->rtt_ns < v->base_rtt_ns)
			v->base_rtt_ns = s->rtt_ns;
		if (v->rnd_min_rtt_ns == 0 || s->rtt_ns < v->rnd_min_rtt_ns)
			v->rnd_min_rtt_ns = s->rtt_ns;
		v->rnd_samples++;
	}
	if (s->round_start)
		vegas_round_end(cc, s);
}

static void vegas_cong_avoid(struct rx_cc *cc, const struct rx_ack_sample *s)
{
	struct vegas *v = vegas_of(cc);

	if (!s->is_cwnd_limited)
		return; /* RFC 7661 */
	if (v->flags & VEGAS_F_RENO) {
		uint64_t acked_bytes = s->acked_bytes;

		if (cc->cwnd_bytes < cc->ssthresh_bytes) {
			acked_bytes = rx_slow_start(cc, s); /* tcp.slow_start; what passes ssthresh is avoidance's */
			if (!acked_bytes)
				return;
		}
		rx_reno_cong_avoid_ai(cc, &v->ai_acc_bytes, cc->cwnd_bytes, acked_bytes);
		return;
	}
	/* Vegas mode: slow start grows in grow rounds only, and not on the
	 * round_start ACK; avoidance moves at round ends (vegas_round_end), so
	 * bytes a byte-counting ACK carries past ssthresh are not used */
	if (cc->cwnd_bytes < cc->ssthresh_bytes && (v->flags & VEGAS_F_SS_GROW) && !s->round_start)
		(void)rx_slow_start(cc, s);
}

static uint64_t vegas_ssthresh(struct rx_cc *cc, uint64_t basis_bytes, int64_t now_ns)
{
	(void)now_ns;
	return rx_reno_ssthresh(cc, basis_bytes);
}

static uint64_t vegas_undo(struct rx_cc *cc)
{
	return rx_max_u64(cc->cwnd_bytes, cc->prior_cwnd_bytes);
}

static const struct rx_var_desc vegas_vars[] = {
	{ "diff_bytes", "Queued estimate (diff)", "bytes",
	  "diff = cwnd (RTT - BaseRTT) / RTT at the end of a round: the data Vegas estimates sits in the queue (Brakmo "
	  "& Peterson 1995)." },
	{ "base_rtt_ns", "BaseRTT", "ns", "The smallest RTT seen, Vegas' estimate of the propagation delay." },
};

const struct rx_cc_ops rx_cc_vegas = {
	.name = "vegas",
	.label = "Vegas",
	.doc = "Vegas (Brakmo & Peterson, IEEE JSAC 13(8) 1995): delay-based avoidance. Once per RTT "
	       "it estimates how many of its segments sit in the bottleneck queue, diff = cwnd (RTT - "
	       "BaseRTT) / RTT with RTT the round's smallest sample and BaseRTT the smallest ever, and "
	       "adds a segment below alpha = 2, removes one above beta = 4, and holds in between; slow "
	       "start doubles only every other RTT and ends once diff exceeds gamma = 1. A loss halves "
	       "the window as Reno, and Vegas behaves exactly as Reno until a round with at least 3 RTT "
	       "samples completes in Open (after start and after every reduction).",
	.params = vegas_params,
	.n_params = sizeof(vegas_params) / sizeof(vegas_params[0]),
	.cfg_size = sizeof(struct vegas_cfg),
	.vars = vegas_vars,
	.n_vars = sizeof(vegas_vars) / sizeof(vegas_vars[0]),
	.init = vegas_init,
	.ssthresh = vegas_ssthresh,
	.cong_avoid = vegas_cong_avoid,
	.in_ack = vegas_in_ack,
	.pkts_acked = vegas_pkts_acked,
	.set_state = vegas_set_state,
	.undo_cwnd = vegas_undo,
};
