/* stage_tail.c — drop the last `count` data segments of every object on
 * their first transmission (the paper's n-degree tail loss, §3.1).  The
 * sender labels each segment with how many segments of its object follow it. */
#include "../core/sim.h"
#include "rexsim/stage.h"

static int tail_apply(struct rx_stage *st, int dir, struct rx_pkt *p, bool *duplicate)
{
	const struct rx_loss_cfg *c = st->cfg;
	bool hit = (p->flags & RX_PF_DATA) && p->tx_no == 1 && p->from_end >= 0 && p->from_end < c->count;
	return hit ? RX_STAGE_DROP : RX_STAGE_PASS;
}

const struct rx_stage_ops rx_stage_tail = {
	.name = "tail",
	.label = "Tail loss",
	.doc = "Drop the last n data segments of every object (first transmission only): the paper's n-degree tail "
	       "loss (§3.1).",
	.apply = tail_apply,
};
