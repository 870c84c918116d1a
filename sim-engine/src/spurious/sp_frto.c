/* sp_frto.c — F-RTO, forward RTO-recovery (RFC 5682; Sarolahti, Kojo and
 * Raatikainen, "F-RTO: An Enhanced Recovery Algorithm for TCP Retransmission
 * Timeouts", SIGCOMM CCR 2003, §3).  After an RTO has retransmitted the first
 * unacknowledged segment (the core's step 1), the first new ACKs decide:
 * instead of retransmitting more, the sender sends up to two new segments and
 * waits for the next ACK; if it acknowledges data that was never
 * retransmitted, the originals were only late and the RTO was spurious.
 *
 * Variants (tcp.frto_variant):
 *   basic  RFC 5682 §2;
 *   sack   RFC 5682 §3, SACK-enhanced (auto picks it when tcp.sack is on);
 *   linux  as Linux 6.18 was measured (shared/linux-reference, frto2-*.pkt):
 *          an ACK that (S)ACKs never-retransmitted data is spurious at once,
 *          without waiting for the second ACK; otherwise step 2b sends new
 *          data and a SACK of it (or a duplicate ACK) proves the loss real.
 *
 * "Revert to the conventional RTO recovery" (steps 2a) is this detector
 * abstaining: it stops judging and leaves the verdict to any other detector
 * in the list (undecided).  Step 3a is a genuine verdict, 3b a spurious one,
 * which the core applies through its one undo path (castate.c rx_cs_undo);
 * the detector never touches cwnd.  The cwnd caps of steps 2a/3a ("no more
 * than 2 * MSS" / "3 * MSS") hold by themselves: after one slow-start ACK
 * the loss window of one segment has grown to two.
 */
#include "../core/sim.h"
#include "rexsim/registry.h"

enum step { OFF = 0, STEP2, STEP3 };

/* the rules of its verdicts, one a variant (the trace's spurious event) */
enum rule { RULE_BASIC = 0, RULE_SACK, RULE_LINUX };
static const struct rx_sp_rule frto_rules[] = {
	[RULE_BASIC] = { "frto_basic_3b", "the second ACK after the RTO advanced the window past the retransmission",
			 "RFC 5682 §2 step 3b: after step 2b sent new data, the next ACK advanced SND.UNA, so it "
			 "acknowledged data that was never retransmitted: the originals were only late." },
	[RULE_SACK] = { "frto_sack_3b",
			"the second ACK after the RTO acknowledged never-retransmitted data below recover",
			"RFC 5682 §3 step 3b: after step 2b sent new data, the next ACK neither covered more than "
			"recover nor SACKed above it, and it acknowledged (cumulatively or by SACK) data below "
			"recover that was never retransmitted." },
	[RULE_LINUX] = { "frto_linux_first", "an ACK after the RTO (S)ACKed never-retransmitted data below recover",
			 "Linux 6.18 as measured (shared/linux-reference, frto2-spurious-rto.pkt): the first ACK "
			 "that acknowledges or SACKs data sent before the RTO and never retransmitted declares it "
			 "spurious at once, without waiting for a second ACK." },
};

struct frto {
	int step; /* enum step */
	int variant; /* enum rx_frto_variant, resolved (never AUTO) */
	uint64_t recover; /* RFC 5682 "recover": SND.NXT when the RTO fired */
	uint64_t rtx_end; /* end of the data retransmitted in step 1 */
};
_Static_assert(sizeof(struct frto) <= RX_SP_PRIV_SIZE, "frto state exceeds RX_SP_PRIV_SIZE");

static void on_rto(struct rx_sender *s, void *priv)
{
	struct frto *f = priv;
	int v = (int)s->cfg->frto_variant;
	if (v == RX_FRTO_AUTO)
		v = s->cfg->sack ? RX_FRTO_SACK : RX_FRTO_BASIC;
	f->variant = v;
	f->recover = s->recovery_point; /* the core set it to SND.NXT */
	f->rtx_end = s->snd_una + rx_seg_at(s, s->una_idx)->len;
	/* RFC 5682 §2 step 1 (and §3 step 1): "If the TCP sender is already in
	 * RTO recovery AND "recover" is larger than or equal to SND.UNA, do not
	 * enter step 2 of this algorithm" -- a repeated timeout; §2.1 and §3.1
	 * also leave an RTO during fast recovery to the conventional recovery.
	 * Linux runs F-RTO on every timeout (it tags retransmitted data for
	 * good, so a SACK of never-retransmitted data stays meaningful). */
	bool again = s->rto_prior_state == RX_CA_LOSS || s->rto_prior_state == RX_CA_RECOVERY;
	f->step = (v != RX_FRTO_LINUX && again) ? OFF : STEP2;
}

/* step 2b: send new data if there is any and the receiver's window allows,
 * else the RFC's "recommended action is to refrain from entering step 3" */
static int enter_step3(struct rx_sender *s, struct frto *f)
{
	f->step = rx_snd_can_send_new(s, true) ? STEP3 : OFF;
	return RX_SP_UNDECIDED;
}

/* RFC 5682 §2 (basic) */
static int basic(struct rx_sender *s, struct frto *f, const struct rx_ack_info *ai)
{
	if (f->step == STEP2) {
		/* (2a) "If the acknowledgment is a duplicate ACK, OR the
		 * Acknowledgment field covers "recover" but not more than
		 * "recover", OR the acknowledgment does not acknowledge all of the
		 * data that was retransmitted in step 1, revert to the conventional
		 * RTO recovery" (an ACK beyond recover cannot come: nothing above
		 * it was sent) */
		if (ai->acked_bytes == 0 || ai->ack >= f->recover || ai->ack < f->rtx_end) {
			f->step = OFF;
			return RX_SP_UNDECIDED;
		}
		/* (2b) "transmit up to two new (previously unsent) segments and
		 * enter step 3" */
		return enter_step3(s, f);
	}
	/* (3a) "If the acknowledgment is a duplicate ACK [...] proceed with the
	 * conventional RTO recovery"; (3b) "If the acknowledgment advances
	 * SND.UNA, [...] declare the timeout spurious" */
	return ai->acked_bytes == 0 ? RX_SP_GENUINE : RX_SP_SPURIOUS;
}

/* does any SACKed data lie at or above recover (the step 2b segments)? */
static bool sacked_above(const struct rx_sender *s, uint64_t recover)
{
	return s->high_sacked_idx && rx_seg_at(s, s->high_sacked_idx)->seq >= recover;
}

/* RFC 5682 §3 (SACK-enhanced) */
static int sack(struct rx_sender *s, struct frto *f, const struct rx_ack_info *ai)
{
	if (f->step == STEP2) {
		/* (2) "If duplicate ACKs arrive before the cumulative
		 * acknowledgment for retransmitted data, adjust the scoreboard
		 * according to the incoming SACK information.  Stay in step 2" */
		if (ai->acked_bytes == 0)
			return RX_SP_UNDECIDED;
		/* (2a) "If the Cumulative Acknowledgment field covers "recover",
		 * revert to the conventional RTO recovery" */
		if (ai->ack >= f->recover) {
			f->step = OFF;
			return RX_SP_UNDECIDED;
		}
		/* (2b) "Else, if the Cumulative Acknowledgment field does not
		 * cover "recover" but is larger than SND.UNA, transmit up to two
		 * new (previously unsent) segments and proceed to step 3" */
		return enter_step3(s, f);
	}
	/* (3a) "If the Cumulative Acknowledgment field or the SACK information
	 * covers more than "recover", [...] proceed with the conventional RTO
	 * recovery [...].  Take this branch also when the acknowledgment is a
	 * duplicate ACK and it does not acknowledge any new, previously
	 * unacknowledged data below "recover" in the SACK information." */
	if (ai->ack > f->recover || sacked_above(s, f->recover))
		return RX_SP_GENUINE;
	if (ai->acked_bytes == 0 &&
	    !(ai->newly_sacked_bytes && ai->orig_low_end_seq && ai->orig_low_end_seq <= f->recover))
		return RX_SP_GENUINE;
	/* (3b) "If the ACK does not fall into the branch (3.a), set
	 * SpuriousRecovery to SPUR_TO" */
	return RX_SP_SPURIOUS;
}

/* Linux 6.18 as measured (README "F-RTO"): frto2-spurious-rto.pkt undoes on
 * the first late ACK (ack 2001, which covers never-retransmitted data);
 * frto2-real-loss.pkt sends two new segments on the ACK of the head alone
 * and retransmits once a duplicate ACK SACKs the new data. */
static int linux_frto(struct rx_sender *s, struct frto *f, const struct rx_ack_info *ai)
{
	/* never-retransmitted data below recover (S)ACKed: not everything that
	 * was out when the RTO fired was lost (the step 2b segments lie above) */
	if (ai->orig_low_end_seq && ai->orig_low_end_seq <= f->recover)
		return RX_SP_SPURIOUS;
	if (f->step == STEP2) {
		if (ai->acked_bytes == 0)
			return RX_SP_UNDECIDED;
		if (ai->ack >= f->recover) {
			f->step = OFF;
			return RX_SP_UNDECIDED;
		}
		return enter_step3(s, f);
	}
	/* the new data SACKed, or a duplicate ACK, while the originals below
	 * recover stay unacknowledged: the loss was real */
	if (s->snd_nxt > f->recover && (ai->newly_sacked_bytes || ai->acked_bytes == 0))
		return RX_SP_GENUINE;
	return RX_SP_UNDECIDED;
}

static int on_ack(struct rx_sender *s, void *priv, const struct rx_ack_info *ai, int *rule)
{
	struct frto *f = priv;
	*rule = f->variant == RX_FRTO_LINUX ? RULE_LINUX : f->variant == RX_FRTO_SACK ? RULE_SACK : RULE_BASIC;
	/* abstained, or the Loss state is over: retire without a spurious verdict */
	if (f->step == OFF || s->ca_state != RX_CA_LOSS)
		return RX_SP_GENUINE;
	switch (f->variant) {
	case RX_FRTO_LINUX:
		return linux_frto(s, f, ai);
	case RX_FRTO_SACK:
		return sack(s, f, ai);
	default:
		return basic(s, f, ai);
	}
}

/* step 3 waits on new data: NextSeg() rule 1 (retransmit what is marked
 * lost) holds off meanwhile */
static int may_send_new(struct rx_sender *s, void *priv)
{
	(void)s;
	return ((const struct frto *)priv)->step == STEP3;
}

const struct rx_spurious_ops rx_sp_frto = {
	.name = "frto",
	.label = "F-RTO",
	.doc = "F-RTO (RFC 5682; Sarolahti et al. 2003): after an RTO retransmitted the first segment, the first ACK "
	       "that advances the window sends up to two new segments instead of more retransmissions (step 2b); if "
	       "the next ACK acknowledges data that was never retransmitted, the RTO was spurious and the reduction "
	       "is undone (step 3b), else the conventional recovery goes on. Variants (tcp.frto_variant): basic (§2), "
	       "SACK-enhanced (§3, chosen automatically with SACK), and Linux's (measured on Linux 6.18: the first ACK "
	       "of never-retransmitted data undoes at once). Needs no TCP option.",
	.rules = frto_rules,
	.n_rules = sizeof(frto_rules) / sizeof(frto_rules[0]),
	.on_rto = on_rto,
	.on_ack = on_ack,
	.may_send_new = may_send_new,
};
