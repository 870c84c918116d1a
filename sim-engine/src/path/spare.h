/* spare.h — which packets a random-loss stage spares when its
 * spare_retransmissions switch is on (stage_bernoulli.c,
 * stage_gilbert_elliott.c).
 *
 * Source: the mobile-recovery paper (shared/papers/opportunistic-
 * retransmission-sndbuf.txt), §VIII, Tables 14 and 15's "Optimized
 * (Optimal)" rows: "To further validate the bottlenecks (b) and (c), we
 * configure the emulator not to drop the retransmitted packets and repeat
 * the above experiments."  The paper does not say how its emulator told a
 * retransmission from an original.  Interpretations:
 *
 *  1. A retransmission is a data packet (RX_PF_DATA with payload) that is not
 *     its segment's first transmission (tx_no >= 2): fast retransmits,
 *     retransmissions during SACK or NewReno recovery, RTO retransmissions,
 *     Hack 1's, and a tail-loss probe that resends the last segment.  An
 *     emulator that compares a packet's sequence number with the highest one
 *     it has seen sees the same set, because the engine's sender sends new
 *     data in sequence order.
 *  2. New data is never spared, however it is sent: an opportunistic
 *     segment (RX_PF_OPP, tx_no 1; the paper's assumption in §VIII is about
 *     the retransmitted packets, the opportunistic ones are what the receiver
 *     discards when a retransmission is lost) and a probe of new data.
 *  3. Packets without data are not spared: SYN and SYN-ACK retransmissions,
 *     zero-window probes, ACKs.  The paper's experiments are 200 s bulk
 *     transfers and its sentence is about the recovery of data.
 *  4. Only the stage's own random loss is spared; the bottleneck's drop-tail
 *     queue still drops a retransmission that finds it full (the paper's
 *     emulator is configured "not to drop"; its 4.3 MB buffer is Table 3's
 *     and nothing says it was changed).
 *  5. A spared packet still consumes its draws (and a Gilbert-Elliott
 *     channel still moves between its states on it): the stage's random
 *     stream then gives every other packet the same fate as without sparing,
 *     so the switch changes the fate of retransmissions only, for the same
 *     seed and the same sequence of packets.
 */
#ifndef REXSIM_PATH_SPARE_H
#define REXSIM_PATH_SPARE_H

#include <stddef.h>

#include "../core/sim.h"
#include "rexsim/params.h"
#include "rexsim/stage.h"

#define RX_SPARE_RTX_KEY "spare_retransmissions"
#define RX_SPARE_RTX_LABEL "Spare retransmissions"
#define RX_SPARE_RTX_DOC \
	"Never drop a retransmitted data segment (tx_no >= 2: fast, RTO, Hack 1 and probe retransmissions); new " \
	"data, opportunistic segments included, and packets without data are dropped as usual, and a spared " \
	"packet still consumes its random draws, so every other packet's fate is unchanged. The mobile-recovery " \
	"paper's 'Optimized (Optimal)' rows of Tables 14 and 15 (§VIII): 'we configure the emulator not to drop " \
	"the retransmitted packets'. The bottleneck queue still drops on overflow (src/path/spare.h)."

/* the stage's row of the switch (its params table) */
#define RX_SPARE_RTX_PARAM \
	{ .section = 0, \
	  .key = RX_SPARE_RTX_KEY, \
	  .label = RX_SPARE_RTX_LABEL, \
	  .type = RX_PT_BOOL, \
	  .offset = offsetof(struct rx_loss_cfg, spare_retransmissions), \
	  .min = 0, \
	  .max = 1, \
	  .def = 0, \
	  .unit = "", \
	  .doc = RX_SPARE_RTX_DOC }

/* a drop verdict of a random-loss stage, after sparing (interpretations 1-3) */
static inline int rx_stage_spare(const struct rx_loss_cfg *c, const struct rx_pkt *p, bool lost)
{
	if (lost && c->spare_retransmissions && (p->flags & RX_PF_DATA) && p->len_bytes > 0 && p->tx_no >= 2)
		lost = false;
	return lost ? RX_STAGE_DROP : RX_STAGE_PASS;
}

#endif
