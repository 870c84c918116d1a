/* hack1.c — the opportunistic-retransmission paper's "Hack 1": a lost
 * retransmission of the head repaired by duplicate ACKs instead of the RTO
 * (tcp.hack1_dupack_rtx, off by default).
 *
 * Source: "opportunistic retransmission and send-buffer growth" paper
 * (shared/papers/opportunistic-retransmission-sndbuf.txt, OCR'd), §VIII
 * "Optimization limitations".  The paper finds that with opportunistic
 * retransmission (§IV) a lost retransmission during recovery leaves the
 * sender waiting for its RTO (its bottleneck (c), "TCP timeouts"): "the
 * receiver sends back DUPACKs without new SACKs when receiving those
 * out-of-AWnd packets, but these DUPACKs cannot trigger the second fast
 * retransmit of the retransmitted packet at the sender, as TCP flow control
 * ensures that all packets are received within the receiving window thus it
 * does not recognize DUPACKs without new SACKs", and proposes:
 *   "Hack 1: in the procedure of processing incoming ACK/DUPACKs, it counts
 *    the received DUPACKs without new SACKs in TCP_CA_CWR state (i.e., loss
 *    recovery phase), if the count exceeds dupthresh, e.g., 3, it triggers
 *    fast retransmit of the latest unacknowledged TCP packet."
 *
 * A loss-recovery rule, not a loss detector of the lossdet family (it sends,
 * which a detector never does, and it combines with any detector and any
 * recovery member), so it is a core hook: the per-ACK pipeline
 * (rx_snd_on_ack, docs/architecture.md step 6) calls rx_hack1_on_ack() after
 * the congestion-state machine took the ACK and before the transmit step,
 * and it acts only through the core's action rx_cs_retransmit_now()
 * (castate.c).  Its state is struct rx_hack1 (sim.h), the sender's s->h1.
 * Its parameter is the flow row tcp.hack1_dupack_rtx of the central table
 * (params.c): a switch that applies to every member cannot be declared in
 * one member's ops table, as members' own parameters are.  It declares no
 * trace variable; each retransmission it triggers is a retransmit event
 * with the cause hack1 (vocab.c).
 *
 * Interpretations:
 *  H1. "loss recovery phase": the Recovery state (the paper's modified kernel
 *      ran its recovery in TCP_CA_CWR).
 *  H2. A duplicate ACK without new SACKs: an ACK that neither advances
 *      snd.una nor SACKs new data (a D-SACK reports nothing new, so an ACK
 *      carrying only one counts).  "Counts" is read as a count over the
 *      episode that new SACKs do not reset (the paper names no reset); it
 *      starts at 0 when recovery begins, when snd.una advances (the head is
 *      then another segment) and after each retransmission it triggers.
 *  H3. "exceeds dupthresh": more than tcp.dupthresh, so the 4th such ACK
 *      with the default 3.
 *  H4. "the latest unacknowledged TCP packet": the segment at snd.una, the
 *      retransmitted packet the paper's bottleneck (c) describes; sent at
 *      once, whatever the recovery's quota, as a fast retransmit is (RFC 5681
 *      §3.2 step 3), counted by the recovery member like any retransmission
 *      (on_sent), with the retransmission timer restarted.  A head that is
 *      SACKed (nothing to repair) is not sent; the count restarts anyway.
 */
#include "sim.h"

void rx_hack1_on_ack(struct rx_sender *s, const struct rx_ack_info *ai)
{
	struct rx_hack1 *h = &s->h1;
	if (s->ca_state != RX_CA_RECOVERY) {
		h->counting = false; /* H1 */
		return;
	}
	if (!h->counting || ai->acked_bytes) { /* H2: a new episode, or a new head */
		h->counting = true;
		h->plain_dupacks = 0;
	}
	if (ai->acked_bytes || ai->newly_sacked_bytes || s->una_idx >= s->nxt_idx)
		return;
	if (++h->plain_dupacks <= (uint32_t)s->cfg->dupthresh) /* H3 */
		return;
	h->plain_dupacks = 0;
	if (rx_seg_at(s, s->una_idx)->sacked)
		return;
	rx_cs_retransmit_now(s, s->una_idx, RX_TXC_HACK1); /* H4 */
}
