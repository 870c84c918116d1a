/* stage_gilbert_elliott.c — two-state Markov loss (Gilbert 1960, Elliott
 * 1963): before each packet the channel moves good -> bad with probability p
 * or bad -> good with probability r; the packet is then lost with the new
 * state's loss probability.  Mean burst length 1/r; stationary loss
 * (p * loss_bad + r * loss_good) / (p + r).  With spare_retransmissions a
 * lost retransmission passes (the mobile-recovery paper's "Optimal" emulator,
 * §VIII); the channel still moves and draws on it (spare.h). */
#include "../core/sim.h"
#include "rexsim/params.h"
#include "rexsim/stage.h"
#include "spare.h"

struct ge {
	struct rx_rng rng;
	uint64_t thr_p, thr_r, thr_good, thr_bad;
	bool bad;
};
_Static_assert(sizeof(struct ge) <= RX_STAGE_PRIV_SIZE, "gilbert-elliott state too large");

static void ge_init(struct rx_stage *st, int dir)
{
	struct ge *g = (struct ge *)st->priv;
	const struct rx_loss_cfg *c = st->cfg;
	rx_rng_seed(&g->rng, st->seed, (uint64_t)dir + 1);
	g->thr_p = rx_prob_threshold(c->p);
	g->thr_r = rx_prob_threshold(c->r);
	g->thr_good = rx_prob_threshold(c->loss_good);
	g->thr_bad = rx_prob_threshold(c->loss_bad);
	g->bad = false;
}

static int ge_apply(struct rx_stage *st, int dir, struct rx_pkt *p, bool *duplicate)
{
	struct ge *g = (struct ge *)st->priv;
	if (g->bad) {
		if (rx_rng_bernoulli(&g->rng, g->thr_r))
			g->bad = false;
	} else if (rx_rng_bernoulli(&g->rng, g->thr_p)) {
		g->bad = true;
	}
	return rx_stage_spare(st->cfg, p, rx_rng_bernoulli(&g->rng, g->bad ? g->thr_bad : g->thr_good));
}

static const struct rx_param ge_params[] = {
	{ .section = 0,
	  .key = "p",
	  .label = "P(good → bad) per packet (p)",
	  .type = RX_PT_FLOAT,
	  .offset = offsetof(struct rx_loss_cfg, p),
	  .min = 0,
	  .max = 1,
	  .def = 0,
	  .unit = "",
	  .doc = "Probability of moving from the good to the bad state per packet." },
	{ .section = 0,
	  .key = "r",
	  .label = "P(bad → good) per packet (r)",
	  .type = RX_PT_FLOAT,
	  .offset = offsetof(struct rx_loss_cfg, r),
	  .min = 0,
	  .max = 1,
	  .def = 0.5,
	  .unit = "",
	  .doc = "Probability of moving from the bad to the good state per packet (mean burst length 1/r)." },
	{ .section = 0,
	  .key = "loss_good",
	  .label = "Loss probability, good state",
	  .type = RX_PT_FLOAT,
	  .offset = offsetof(struct rx_loss_cfg, loss_good),
	  .min = 0,
	  .max = 1,
	  .def = 0,
	  .unit = "",
	  .doc = "Loss probability in the good state." },
	{ .section = 0,
	  .key = "loss_bad",
	  .label = "Loss probability, bad state",
	  .type = RX_PT_FLOAT,
	  .offset = offsetof(struct rx_loss_cfg, loss_bad),
	  .min = 0,
	  .max = 1,
	  .def = 1,
	  .unit = "",
	  .doc = "Loss probability in the bad state." },
	RX_SPARE_RTX_PARAM,
};

const struct rx_stage_ops rx_stage_gilbert_elliott = {
	/* as an item of path.<dir>.stages: the same keys, ranges and defaults as
	 * path.<dir>.loss's (test_registry checks they agree) */
	.params = ge_params,
	.n_params = sizeof(ge_params) / sizeof(ge_params[0]),
	.cfg_size = offsetof(struct rx_loss_cfg, n_rules),
	.name = "gilbert_elliott",
	.label = "Gilbert–Elliott loss",
	.doc = "Two-state Markov (Gilbert-Elliott) correlated loss: good->bad with probability p, bad->good with r per "
	       "packet, loss probabilities loss_good and loss_bad.",
	.init = ge_init,
	.apply = ge_apply,
};
