/* stage_bernoulli.c — independent loss with probability p per packet.
 * With spare_retransmissions a lost retransmission passes (the
 * mobile-recovery paper's "Optimal" emulator, §VIII; spare.h defines which
 * packets and why each packet still draws). */
#include "../core/sim.h"
#include "rexsim/params.h"
#include "rexsim/stage.h"
#include "spare.h"

struct bernoulli {
	struct rx_rng rng;
	uint64_t thr;
};
_Static_assert(sizeof(struct bernoulli) <= RX_STAGE_PRIV_SIZE, "bernoulli state too large");

static void bernoulli_init(struct rx_stage *st, int dir)
{
	struct bernoulli *b = (struct bernoulli *)st->priv;
	const struct rx_loss_cfg *c = st->cfg;
	rx_rng_seed(&b->rng, st->seed, (uint64_t)dir + 1);
	b->thr = rx_prob_threshold(c->p);
}

static int bernoulli_apply(struct rx_stage *st, int dir, struct rx_pkt *p, bool *duplicate)
{
	struct bernoulli *b = (struct bernoulli *)st->priv;
	return rx_stage_spare(st->cfg, p, rx_rng_bernoulli(&b->rng, b->thr));
}

static const struct rx_param bernoulli_params[] = {
	{ .section = 0,
	  .key = "p",
	  .label = "Loss probability per packet (p)",
	  .type = RX_PT_FLOAT,
	  .offset = offsetof(struct rx_loss_cfg, p),
	  .min = 0,
	  .max = 1,
	  .def = 0,
	  .unit = "",
	  .doc = "Loss probability per packet." },
	RX_SPARE_RTX_PARAM,
};

const struct rx_stage_ops rx_stage_bernoulli = {
	/* as an item of path.<dir>.stages: the same keys, ranges and defaults as
	 * path.<dir>.loss's (test_registry checks they agree) */
	.params = bernoulli_params,
	.n_params = sizeof(bernoulli_params) / sizeof(bernoulli_params[0]),
	.cfg_size = offsetof(struct rx_loss_cfg, n_rules),
	.name = "bernoulli",
	.label = "Bernoulli loss",
	.doc = "Independent random loss: every packet is lost with probability p (retransmissions spared if "
	       "spare_retransmissions).",
	.init = bernoulli_init,
	.apply = bernoulli_apply,
};
