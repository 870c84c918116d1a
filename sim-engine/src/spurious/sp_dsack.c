/* sp_dsack.c — D-SACK based detection of a spurious RTO (RFC 3708, "Using
 * TCP Duplicate Selective Acknowledgement (DSACKs) and Stream Control
 * Transmission Protocol (SCTP) Duplicate Transmission Sequence Numbers (TSNs)
 * to Detect Spurious Retransmissions"; D-SACK, RFC 2883).  A receiver reports
 * every segment it receives twice with a D-SACK block; if every
 * retransmission of the timeout's episode is reported so, every original had
 * arrived and the retransmissions, the RTO's included, were not needed.
 *
 * RFC 3708 §3: the sender counts the retransmissions of the loss-recovery
 * episode and, for each D-SACK that reports one of them, takes one away;
 * "If the counter of retransmitted segments reaches zero" once the episode's
 * data are all acknowledged (here: snd.una at or above recover, the RTO's
 * SND.NXT), "the loss recovery was spurious".  The core keeps the episode's
 * retransmission log and matches each D-SACK block to it (castate.c
 * rx_cs_rtxlog_dsack), once for every detector.  The verdict comes late, a
 * round trip after the last unneeded retransmission, so it can undo the
 * window reduction but not the retransmissions (the F-RTO paper §2); the
 * response is tcp.spurious_response.  Needs SACK; an episode of more than 64
 * retransmissions (RX_RTXLOG) is left undecided.
 */
#include "../core/sim.h"
#include "rexsim/registry.h"

struct dsack {
	uint64_t recover; /* SND.NXT when the RTO fired */
};
_Static_assert(sizeof(struct dsack) <= RX_SP_PRIV_SIZE, "dsack state exceeds RX_SP_PRIV_SIZE");

static void on_rto(struct rx_sender *s, void *priv)
{
	struct dsack *d = priv;
	if (s->rto_prior_state != RX_CA_LOSS)
		d->recover = s->recovery_point;
}

/* the one rule of its verdict (the trace's spurious event) */
static const struct rx_sp_rule dsack_rules[] = {
	{ "dsack_all_reported", "D-SACKs reported every retransmission of the episode",
	  "RFC 3708 §3: the timeout's episode is acknowledged (SND.UNA reached recover) and a D-SACK block (RFC "
	  "2883) reported each retransmission it sent, so every original had arrived.",
	  .stays_in_loss = false },
};

static int on_ack(struct rx_sender *s, void *priv, const struct rx_ack_info *ai, int *rule)
{
	const struct dsack *d = priv;
	(void)ai;
	*rule = 0;
	if (!s->cfg->sack || s->rtxlog_overflow)
		return RX_SP_GENUINE; /* no D-SACKs to count: retire */
	if (s->snd_una < d->recover || s->rtxlog_n == 0)
		return RX_SP_UNDECIDED; /* the episode's data are not all acknowledged */
	uint64_t all = s->rtxlog_n == 64 ? UINT64_MAX : (UINT64_C(1) << s->rtxlog_n) - 1;
	return (s->rtxlog_dsacked & all) == all ? RX_SP_SPURIOUS : RX_SP_UNDECIDED;
}

const struct rx_spurious_ops rx_sp_dsack = {
	.name = "dsack",
	.label = "D-SACK",
	.doc = "D-SACK based detection (RFC 3708 §3, with RFC 2883 D-SACK): once the timeout's episode is "
	       "acknowledged, if every retransmission it sent has been reported by a D-SACK block, all originals "
	       "had arrived and the RTO was spurious; answered by tcp.spurious_response. Needs SACK. Decides only "
	       "after the unneeded retransmissions have reached the receiver, so it can undo the window reduction "
	       "but not avoid them (F-RTO paper §2).",
	.rules = dsack_rules,
	.n_rules = sizeof(dsack_rules) / sizeof(dsack_rules[0]),
	.on_rto = on_rto,
	.on_ack = on_ack,
};
