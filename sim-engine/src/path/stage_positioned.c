/* stage_positioned.c — act on chosen transmissions, as KauNet positions loss
 * (paper §3.1): forward, the k-th transmission of the i-th new data segment
 * (0 = the SYN); reverse, the i-th ACK the receiver sends (0 = the SYN-ACK,
 * whose k-th transmission may be chosen).  A rule covers `count` consecutive
 * segments (ACKs) from the i-th on: a burst of consecutive losses, as the
 * opportunistic-retransmission paper injects them (§IV.B: "we test
 * different numbers of consecutive packet losses, ranging from 10 to 100").
 * Actions: drop, delay by d ms (the packet may then be overtaken: spurious-
 * timeout demonstrations), duplicate (DSACK demonstrations).  Network copies
 * are never acted on again. */
#include "../core/sim.h"
#include "rexsim/stage.h"

static int positioned_apply(struct rx_stage *st, int dir, struct rx_pkt *p, bool *duplicate)
{
	const struct rx_loss_cfg *c = st->cfg;
	if (p->is_dup_copy)
		return RX_STAGE_PASS;
	for (int64_t i = 0; i < c->n_rules; i++) {
		const struct rx_pos_rule *r = &c->rules[i];
		if (r->flow != p->flow || p->seg_idx < (uint64_t)r->segment ||
		    p->seg_idx - (uint64_t)r->segment >= (uint64_t)r->count)
			continue;
		bool tx_matters = dir == 0 || p->seg_idx == 0;
		if (tx_matters && (uint64_t)r->transmission != p->tx_no)
			continue;
		switch (r->action) {
		case RX_POS_DROP:
			return RX_STAGE_DROP;
		case RX_POS_DELAY:
			p->extra_ns += rx_ms_to_ns(r->delay_ms);
			break;
		case RX_POS_DUPLICATE:
			*duplicate = true;
			break;
		}
	}
	return RX_STAGE_PASS;
}

const struct rx_stage_ops rx_stage_positioned = {
	.uses_rules = true,
	.name = "positioned",
	.label = "Positioned actions",
	.doc = "Act on chosen transmissions, as KauNet does (paper §3.1): drop, delay or duplicate the k-th "
	       "transmission of the i-th data segment, or the i-th ACK (or of count consecutive ones from there).",
	.apply = positioned_apply,
};
