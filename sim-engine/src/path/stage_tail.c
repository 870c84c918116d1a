/* stage_tail.c — drop the last `count` data segments of every object on
 * their first transmission (the paper's n-degree tail loss, §3.1).  The
 * sender labels each segment with how many segments of its object follow it. */
#include "../core/sim.h"
#include "rexsim/params.h"
#include "rexsim/stage.h"

static int tail_apply(struct rx_stage *st, int dir, struct rx_pkt *p, bool *duplicate)
{
	const struct rx_loss_cfg *c = st->cfg;
	bool hit = (p->flags & RX_PF_DATA) && p->tx_no == 1 && p->from_end >= 0 && p->from_end < c->count;
	return hit ? RX_STAGE_DROP : RX_STAGE_PASS;
}

static const struct rx_param tail_params[] = {
	{ .section = 0,
	  .key = "count",
	  .label = "Tail losses",
	  .type = RX_PT_INT,
	  .offset = offsetof(struct rx_loss_cfg, count),
	  .min = 0,
	  .max = 1000000,
	  .def = 1,
	  .unit = "segments",
	  .doc = "How many of the last data segments of each object are lost (first transmission only)." },
};

const struct rx_stage_ops rx_stage_tail = {
	/* as an item of path.<dir>.stages: the same keys, ranges and defaults as
	 * path.<dir>.loss's (test_registry checks they agree) */
	.params = tail_params,
	.n_params = sizeof(tail_params) / sizeof(tail_params[0]),
	.cfg_size = offsetof(struct rx_loss_cfg, n_rules),
	.name = "tail",
	.label = "Tail loss",
	.doc = "Drop the last n data segments of every object (first transmission only): the paper's n-degree tail "
	       "loss (§3.1).",
	.apply = tail_apply,
};
