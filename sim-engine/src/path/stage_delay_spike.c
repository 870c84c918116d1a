/* stage_delay_spike.c — sudden delays on a reliable link (Sarolahti, Kojo and
 * Raatikainen, "F-RTO: An Enhanced Recovery Algorithm for TCP Retransmission
 * Timeouts", SIGCOMM CCR 2003, §5.1 "Sudden delays": "During the delay no
 * packets are delivered to the receiver.  In this scenario a packet is
 * delayed with a probability of 0.02.  The random delay lengths are
 * exponentially distributed with a mean delay length of 3.5 seconds.").
 *
 * A packet that reaches the stage outside a spike starts one with
 * probability p (a packet inside a spike is already delayed and draws
 * nothing); the spike lasts an exponential time of mean mean_ms, and the
 * stage stalls the link until it ends (stage.h): the link delivers nothing,
 * the packets behind wait in order in the bottleneck queue, and only that
 * queue's buffer limit loses any ("packet losses may occur due to
 * congestion at the last-hop router", §5.1).
 *
 * It reports each spike, [its start, its end), as a path period
 * (rx_stage_period) when it starts. */
#include "../core/rng.h"
#include "../core/sim.h"
#include "rexsim/params.h"
#include "rexsim/stage.h"

struct spike_cfg {
	double p; /* probability that a packet starts a spike */
	double mean_ms; /* mean spike length */
};
_Static_assert(sizeof(struct spike_cfg) <= RX_MECH_CFG_SIZE, "spike_cfg exceeds RX_MECH_CFG_SIZE");

struct spike {
	struct rx_rng rng;
	uint64_t thr_p;
	double mean_ns;
};
_Static_assert(sizeof(struct spike) <= RX_STAGE_PRIV_SIZE, "delay_spike state too large");

static void spike_init(struct rx_stage *st, int dir)
{
	struct spike *s = (struct spike *)st->priv;
	const struct spike_cfg *c = st->cfg;
	rx_rng_seed(&s->rng, st->seed, (uint64_t)dir + 1);
	s->thr_p = rx_prob_threshold(c->p);
	s->mean_ns = c->mean_ms * 1e6;
}

static int spike_apply(struct rx_stage *st, int dir, struct rx_pkt *p, bool *duplicate)
{
	(void)dir;
	(void)duplicate;
	struct spike *s = (struct spike *)st->priv;
	int64_t now_ns = *st->clock_ns;
	if (now_ns >= st->stall_until_ns && rx_rng_bernoulli(&s->rng, s->thr_p)) {
		st->stall_until_ns = now_ns + rx_rng_exp_ns(&s->rng, s->mean_ns);
		rx_stage_period(st, p->flow, now_ns, st->stall_until_ns);
	}
	return RX_STAGE_PASS;
}

static const struct rx_param spike_params[] = {
	{ .section = 0,
	  .key = "p",
	  .label = "P(a packet starts a spike)",
	  .type = RX_PT_FLOAT,
	  .offset = offsetof(struct spike_cfg, p),
	  .min = 0,
	  .max = 1,
	  .def = 0.02,
	  .unit = "",
	  .doc = "Probability that a packet reaching the link outside a spike starts one (F-RTO paper §5.1, "
		 "sudden delays: 0.02)." },
	{ .section = 0,
	  .key = "mean_ms",
	  .label = "Mean spike length",
	  .type = RX_PT_FLOAT,
	  .offset = offsetof(struct spike_cfg, mean_ms),
	  .min = 0,
	  .max = 600000,
	  .def = 3500,
	  .unit = "ms",
	  .doc = "Mean of the exponentially distributed spike length (F-RTO paper §5.1: 3.5 s)." },
};

const struct rx_stage_ops rx_stage_delay_spike = {
	.params = spike_params,
	.n_params = sizeof(spike_params) / sizeof(spike_params[0]),
	.cfg_size = sizeof(struct spike_cfg),
	.own_cfg = true,
	.name = "delay_spike",
	.label = "Delay spikes",
	.doc = "Sudden delays on a reliable link (F-RTO paper, Sarolahti et al. 2003, §5.1 'Sudden delays'): a packet "
	       "starts a spike with probability p, the spike lasts an exponential time of mean mean_ms (paper: "
	       "0.02 and 3.5 s); during it the link delivers nothing and later packets queue behind in order, lost "
	       "only if the bottleneck buffer overflows.",
	.init = spike_init,
	.apply = spike_apply,
};
