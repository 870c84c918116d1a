/* sp_eifel.c — the Eifel detection algorithm with timestamps (RFC 3522; Ludwig
 * and Katz, "The Eifel Algorithm: Making TCP Robust Against Spurious
 * Retransmissions", CCR 2000).  The retransmission an RTO sends carries a
 * later TSval than the original; the receiver echoes the TSval of the segment
 * that advanced its window (RFC 7323 §4.3), so the first acceptable ACK after
 * the timeout echoes an older TSval exactly when the original, not the
 * retransmission, arrived first: the timeout was spurious.  Needs tcp.timestamps
 * (without them it retires at once, undecided).  Only the timestamp variant:
 * the SACK-based variant of RFC 3522 §3.2 ("use of the DSACK option") is the
 * D-SACK detector's business.
 *
 * RFC 3522 §3.2, the steps as the detector takes them:
 *   (1)-(2) "Set RetransmitTS to the value of the Timestamp Value field of
 *       the Timestamps option included in the retransmit sent when loss
 *       recovery is initiated" -- the first RTO of an episode (on_rto);
 *   (3) "Wait for the arrival of an acceptable ACK" (one that advances
 *       SND.UNA);
 *   (4) "If the value of the Timestamp Echo Reply field of the acceptable
 *       ACK's Timestamps option is smaller than the value of RetransmitTS,
 *       then proceed to step (5), else proceed to step (DONE)";
 *   (5) "If the acceptable ACK carries a DSACK option [RFC2883], then proceed
 *       to step (DONE), else if during the lifetime of the TCP connection the
 *       TCP sender has previously received an ACK with a DSACK option, or the
 *       acceptable ACK does not acknowledge all outstanding data, then
 *       proceed to step (6), else proceed to step (DONE)";
 *   (6) "set SpuriousRecovery to SPUR_TO" -- the spurious verdict, which the
 *       core answers through its one undo path with tcp.spurious_response.
 * Variants (tcp.eifel_variant):
 *   rfc3522  the steps above; the undo returns the sender to Open;
 *   linux    the same verdict, but without SACK the sender stays in Loss
 *            after the undo (shared/linux-reference README, "Timestamp
 *            (Eifel-like) and DSACK undo", Non-SACK+TS: "A TS-echo ACK
 *            restores cwnd 10 but the state stays Loss"; with SACK the
 *            kernel went to Open at once, eifel-ts-undo-sack.pkt).  The
 *            verdict names its own rule (eifel_ts_linux_nosack), whose
 *            stays_in_loss tells the core's undo path to keep the state.
 *            Only that measured difference is modelled: which ACKs Linux
 *            judges beyond the README's cases is not claimed.
 * No SACK-based variant: RFC 3522 requires the Timestamps option (its
 * abstract: "It requires that the TCP Timestamps option defined in RFC 1323
 * be enabled for a connection"); its D-SACK use is step (5)'s guard, and
 * detection from D-SACKs alone is RFC 3708, the dsack detector.
 * Timestamps are the engine's millisecond ticks: a retransmission in the same
 * millisecond as its original carries the same TSval, and step (4)'s strict
 * "smaller" keeps such a timeout (conservative, as the RFC's clock allows).
 */
#include "../core/sim.h"
#include "rexsim/registry.h"

struct eifel {
	uint32_t retransmit_ts; /* RetransmitTS, ms ticks */
	bool armed;
};
_Static_assert(sizeof(struct eifel) <= RX_SP_PRIV_SIZE, "eifel state exceeds RX_SP_PRIV_SIZE");

static void on_rto(struct rx_sender *s, void *priv)
{
	struct eifel *e = priv;
	/* a repeated timeout keeps the episode's first RetransmitTS */
	if (s->rto_prior_state != RX_CA_LOSS || !e->armed)
		e->retransmit_ts = rx_ts_clock(s->sim->now_ns); /* the TSval xmit() gave it */
	e->armed = true;
}

/* the one rule of its verdict (the trace's spurious event) */
static const struct rx_sp_rule eifel_rules[] = {
	{ "eifel_ts_older", "the ACK echoes a timestamp older than the retransmission",
	  "RFC 3522 §3.2 steps (4)-(6): the first acceptable ACK after the RTO echoes a TSval smaller than "
	  "RetransmitTS, the retransmission's, so the original arrived first; it carries no D-SACK and either a "
	  "D-SACK was seen before or it does not acknowledge all outstanding data.",
	  .stays_in_loss = false },
	{ "eifel_ts_linux_nosack", "the ACK echoes a timestamp older than the retransmission (no SACK: stay in Loss)",
	  "The RFC 3522 §3.2 verdict on a connection without SACK, answered as Linux 6.18 was measured to "
	  "(shared/linux-reference, Non-SACK+TS): the window is restored but the sender stays in Loss until the "
	  "ACKs reach the RTO's recover point.",
	  .stays_in_loss = true },
};

static int on_ack(struct rx_sender *s, void *priv, const struct rx_ack_info *ai, int *rule)
{
	struct eifel *e = priv;
	*rule = 0;
	if (!s->cfg->timestamps || s->ca_state != RX_CA_LOSS)
		return RX_SP_GENUINE; /* no timestamps, or Loss over: no evidence, retire */
	if (ai->acked_bytes == 0)
		return RX_SP_UNDECIDED; /* (3) not an acceptable ACK */
	e->armed = false;
	if (!(ai->tsecr < e->retransmit_ts)) /* (4) */
		return RX_SP_GENUINE;
	if (ai->flags & RX_ACKF_DSACK) /* (5) */
		return RX_SP_GENUINE;
	if (s->dsack_seen || ai->ack < s->snd_nxt) {
		/* (6); Linux without SACK keeps Loss after the undo */
		*rule = s->cfg->eifel_variant == RX_EIFEL_LINUX && !s->cfg->sack ? 1 : 0;
		return RX_SP_SPURIOUS;
	}
	return RX_SP_GENUINE;
}

const struct rx_spurious_ops rx_sp_eifel = {
	.name = "eifel",
	.label = "Eifel (timestamps)",
	.doc = "The Eifel detection algorithm (RFC 3522 §3.2; Ludwig and Katz 2000): with TCP timestamps, the first "
	       "acceptable ACK after an RTO echoes a timestamp older than the retransmission's exactly when the "
	       "original arrived first, so the timeout was spurious; answered by tcp.spurious_response (revert, the "
	       "Eifel response of RFC 4015, or none). Needs tcp.timestamps; decides on the first ACK, before any "
	       "further retransmission. tcp.eifel_variant linux: without SACK the sender stays in Loss after the "
	       "undo, as Linux 6.18 was measured to do.",
	.rules = eifel_rules,
	.n_rules = sizeof(eifel_rules) / sizeof(eifel_rules[0]),
	.on_rto = on_rto,
	.on_ack = on_ack,
};
