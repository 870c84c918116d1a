/* ld_dupack.c — loss detection by duplicate ACKs and SACK, the detector of
 * RFC-era TCP and of Linux 3.x (the paper's hosts):
 *   - fast retransmit after DupThresh duplicate ACKs (RFC 5681 §3.2);
 *   - SACK loss marking, IsLost() (RFC 6675 §4): a segment is lost once
 *     DupThresh segments above it are SACKed;
 *   - FACK marking (M. Mathis, J. Mahdavi: "Forward Acknowledgment:
 *     Refining TCP Congestion Control", SIGCOMM 1996) as an option:
 *       (F1) a segment is lost once the forward-most SACKed segment is
 *            DupThresh or more segments above it.  The paper triggers
 *            recovery when "(snd.fack - snd.una) > (3*MSS)"; Linux described
 *            its FACK the same way when it retired it (commit 94bdc978, 2017:
 *            "a packet P is deemed lost, if packet Q of higher sequence is
 *            s/acked and P and Q are distant by at least dupthresh number of
 *            packets in sequence space").
 *       (F2) once in recovery, every un-SACKed segment below the forward-most
 *            SACKed one is lost: the paper's estimate of the data in the
 *            network during recovery, awnd = snd.nxt - snd.fack +
 *            retran_data, counts none of it as in flight, and Linux's own
 *            description of its FACK heuristic (tcp_input.c, quoted in the
 *            same commit) reads "As soon as we decided that something is
 *            lost, we decide that _all_ not SACKed packets until the most
 *            forward SACK are lost".
 *       (F3) in recovery, the first unacknowledged segment is lost on every
 *            ACK: Linux 3.x's FACK scoreboard update marks at least the head
 *            (the coordinator's description of Linux 3.x for issue #9; no
 *            public text of it was found, see below), which on a partial
 *            ACK is RFC 6582 §3.2 step 3's "retransmit the first
 *            unacknowledged segment" carried over to SACK.
 *     Interpretation: (F2) and (F3) apply from the moment loss detection
 *     decides on recovery (the ACK or delayed-ER timer that starts it), so
 *     the recovery member's first quota already sees the holes as lost.
 *     (F3) adds to (F2) only where nothing is SACKed above the head, e.g. a
 *     partial ACK that acknowledged every SACKed segment.  Whether Linux 3.x
 *     marked the head on such an ACK is taken from the brief, not from a
 *     cited text.  With PRR (RFC 6937), which sends only segments marked
 *     lost and new data, these marks decide when the later holes of a tail
 *     loss are repaired (tests/c/test_ld_fack.c);
 *   - Early Retransmit (RFC 5827 §3.2), strict or Linux's variant, optionally
 *     delayed by max(SRTT/4, 2 ms) (RFC 5827 App. A.3 mitigation, as Linux),
 *     with its own timer in the sender's slot;
 *   - NewReno partial ACKs without SACK (RFC 6582 §3.2 step 3): the next
 *     unacknowledged segment is lost;
 *   - when NewReno's fast recovery ends (its own parameter recovery_exit):
 *     at the full ACK, RFC 6582 §3.2 step 3 (the default), or only at an ACK
 *     above the recovery point, as Linux (holds_recovery()).
 * Its options are the flow's tcp.dupthresh, tcp.fack, tcp.early_retransmit,
 * tcp.er_variant and tcp.er_delayed, and its own recovery_exit
 * (flows[i].tcp.lossdet_params.dupack.recovery_exit).
 */
#include <stddef.h>
#include "../core/sim.h"
#include "rexsim/params.h"
#include "rexsim/registry.h"

enum recovery_exit { EXIT_RFC6582 = 0, EXIT_LINUX };

struct dupack_cfg {
	int64_t recovery_exit; /* enum recovery_exit */
};
_Static_assert(sizeof(struct dupack_cfg) <= RX_MECH_CFG_SIZE, "dupack_cfg exceeds RX_MECH_CFG_SIZE");

static const char *recovery_exit_choice(int i)
{
	static const char *const names[] = { "rfc6582", "linux" };
	return i >= 0 && i < (int)(sizeof(names) / sizeof(names[0])) ? names[i] : NULL;
}

static const struct rx_param dupack_params[] = {
	{ .section = 0,
	  .key = "recovery_exit",
	  .label = "NewReno recovery exit",
	  .type = RX_PT_ENUM,
	  .offset = offsetof(struct dupack_cfg, recovery_exit),
	  .min = 0,
	  .max = 1,
	  .def = EXIT_RFC6582,
	  .unit = "",
	  .choice = recovery_exit_choice,
	  .doc = "When fast recovery without SACK (NewReno) ends. 'rfc6582': at the first ACK that acknowledges all "
		 "data up to and including recover, the highest sequence number sent when recovery began, i.e. an "
		 "ACK equal to the recovery point (RFC 6582 §3.2 step 3, 'Full acknowledgments ... Exit the fast "
		 "recovery procedure'). 'linux': the connection stays in Recovery until an ACK above the recovery "
		 "point, as Linux 6.18 was measured to do (an ACK equal to high_seq left it in Recovery: "
		 "newreno-partial-ack.pkt in the Linux reference). With SACK recovery ends at the recovery point "
		 "either way." },
};

/* the flow's parameter block (the core fills it with the declared defaults
 * and the scenario's values; all zero reads as the defaults) */
static const struct dupack_cfg *cfg_of(const struct rx_sender *s)
{
	return (const struct dupack_cfg *)rx_member_cfg(s, RX_FAM_LOSSDET);
}

struct dupack {
	uint64_t lost_upto_idx; /* IsLost/FACK marks applied up to this segment index */
};
_Static_assert(sizeof(struct dupack) <= RX_LD_PRIV_SIZE, "dupack state exceeds RX_LD_PRIV_SIZE");

static struct dupack *priv(struct rx_sender *s)
{
	return rx_ld_priv(s);
}

/* Apply IsLost() (RFC 6675) and FACK marks (F1, and F2 when `recovering`),
 * which are monotone in the segment index, up to the current boundary. */
static void update_lost_marks(struct rx_sender *s, bool recovering)
{
	struct dupack *d = priv(s);
	uint64_t dt = (uint64_t)s->cfg->dupthresh;
	uint64_t boundary = 0; /* segments with idx <= boundary are lost (if not SACKed) */
	if (s->cfg->sack) {
		if (dt <= RX_TOP_SACKED && s->top_sacked[dt - 1] > 0)
			boundary = s->top_sacked[dt - 1] - 1;
		if (s->cfg->fack && s->high_sacked_idx > dt)
			boundary = rx_umax64(boundary, s->high_sacked_idx - dt);
		/* (F2) FACK in recovery: every hole below the forward-most SACK
		 * (Mathis & Mahdavi 1996: awnd = snd.nxt - snd.fack + retran_data) */
		if (s->cfg->fack && recovering && s->high_sacked_idx > 0)
			boundary = rx_umax64(boundary, s->high_sacked_idx - 1);
	}
	if (boundary >= s->nxt_idx)
		boundary = s->nxt_idx - 1;
	uint64_t from = rx_umax64(d->lost_upto_idx + 1, s->una_idx);
	for (uint64_t i = from; i <= boundary; i++)
		rx_sb_mark_lost(s, i);
	if (boundary > d->lost_upto_idx)
		d->lost_upto_idx = boundary;
}

/* RFC 5827 §3.1-3.2 (and Linux's variant): may Early Retransmit start
 * recovery with fewer than DupThresh duplicate ACKs? */
static bool er_condition(const struct rx_sender *s)
{
	if (!s->cfg->early_retransmit)
		return false;
	uint64_t old_segs = rx_snd_outstanding_segs(s);
	/* (3.a) fewer than four outstanding; (3.b) no new segment may be sent */
	if (old_segs >= 4 || old_segs < 2)
		return false;
	if (rx_snd_can_send_new(s, true))
		return false;
	if (s->cfg->sack) {
		if (s->cfg->er_variant == RX_ER_LINUX)
			/* Linux: any SACKed segment, no retransmission in flight */
			return s->sacked_segs >= 1 && s->rtx_bytes == 0;
		return s->sacked_segs >= old_segs - 1; /* oldSegs - 1 SACKed */
	}
	return s->dupacks >= old_segs - 1; /* ER_thresh = oldSegs - 1 */
}

static int on_ack(struct rx_sender *s, const struct rx_ack_info *ai)
{
	if (s->ca_state == RX_CA_RECOVERY) {
		/* RFC 6582 §3.2 (3): a partial ACK ("If this ACK does *not*
		 * acknowledge all of the data up to and including recover"); an
		 * ACK at the recovery point that holds Recovery is not one */
		if (!s->cfg->sack && ai->acked_bytes && s->snd_una < s->recovery_point)
			rx_sb_mark_lost(s, s->una_idx);
		update_lost_marks(s, true);
		/* (F3) FACK in recovery: at least the head is lost (Linux 3.x;
		 * RFC 6582 §3.2 step 3 on a partial ACK) */
		if (s->cfg->sack && s->cfg->fack && s->una_idx < s->nxt_idx)
			rx_sb_mark_lost(s, s->una_idx);
		return RX_LD_NONE;
	}
	update_lost_marks(s, false);
	if (s->ca_state == RX_CA_LOSS)
		return RX_LD_NONE;
	uint64_t dups = s->cfg->sack ? s->dupacks : s->reno_dupacks;
	if (dups >= (uint64_t)s->cfg->dupthresh || rx_seg_at(s, s->una_idx)->lost) {
		update_lost_marks(s, true); /* recovery begins: (F2) */
		return RX_LD_FAST;
	}
	if (er_condition(s)) {
		if (!s->cfg->er_delayed) {
			update_lost_marks(s, true);
			return RX_LD_EARLY;
		}
		if (!(s->rtx.armed && s->rtx.kind == RX_TMR_ER)) {
			/* Linux's delayed ER: wait a quarter of an RTT (at least 2 ms) */
			int64_t delay = rx_max64(s->srtt_ns / 4, 2 * RX_NS_PER_MS);
			s->rtx.rto_cap_ns = 0;
			rx_slot_arm(s, RX_TMR_ER, RX_F_ER_DELAY, ai->now_ns + delay, delay);
		}
	}
	return RX_LD_NONE;
}

/* the delayed Early Retransmit fired (the core calls this only in the Open,
 * Disorder or CWR state with data outstanding) */
static int on_timer(struct rx_sender *s)
{
	update_lost_marks(s, true); /* recovery begins: (F2) */
	return RX_LD_EARLY;
}

static void on_rto(struct rx_sender *s)
{
	priv(s)->lost_upto_idx = s->nxt_idx - 1; /* everything is marked lost */
}

/* An undo (castate.c rx_cs_undo) cleared the marks of the segments never
 * retransmitted, also those below lost_upto_idx: RFC 6675 §4's IsLost() holds
 * for any un-SACKed segment with DupThresh SACKed segments above it, so the
 * marks are derived again from snd.una on the next ACK.  Without this a hole
 * the RTO had marked (a segment lost in a delay spike) could not be marked
 * again once the RTO was undone and waited for the next RTO (Kato et al.'s
 * handover with loss: the cumulative ACK stalled from 15.1 s to about 27 s). */
static void on_undo(struct rx_sender *s)
{
	priv(s)->lost_upto_idx = 0;
}

/* Called in Recovery when snd.una reached the recovery point (castate.c).
 * RFC 6582 §3.2 step 3: "Full acknowledgments: If this ACK acknowledges all
 * of the data up to and including recover [...] Exit the fast recovery
 * procedure."  recover is "the highest sequence number transmitted" when
 * recovery began (§3.2 step 2), so an ACK equal to the recovery point
 * (snd.nxt then) is a full ACK: recovery ends (rfc6582, the default).
 * Linux 6.18 keeps a connection without SACK in Recovery on that ACK and
 * leaves only on an ACK above it (the Linux reference: "An ACK equal to
 * high_seq (12001) leaves the connection in Recovery"): recovery_exit
 * 'linux' holds it while snd.una equals the recovery point. */
static bool holds_recovery(struct rx_sender *s, const struct rx_ack_info *ai)
{
	(void)ai;
	return cfg_of(s)->recovery_exit == EXIT_LINUX && !s->cfg->sack && s->snd_una == s->recovery_point;
}

const struct rx_lossdet_ops rx_ld_dupack = {
	.name = "dupack",
	.label = "DupThresh, SACK, FACK, ER",
	.doc = "Loss detection by duplicate ACKs and SACK: fast retransmit after DupThresh duplicate ACKs (RFC 5681 "
	       "§3.2); with SACK a segment is lost once DupThresh segments above it are SACKed (RFC 6675 §4 IsLost), "
	       "or with FACK once the highest SACK is DupThresh segments above it, and in recovery every un-SACKed "
	       "segment "
	       "below the highest SACK and at least the first unacknowledged one (Mathis & Mahdavi 1996; Linux 3.x); "
	       "Early "
	       "Retransmit with fewer than four segments outstanding (RFC 5827, strict or Linux's variant, optionally "
	       "delayed by max(SRTT/4, 2 ms) as Linux 3.x); NewReno partial ACKs mark the next segment lost (RFC 6582 "
	       "§3.2), and NewReno's recovery ends at the full ACK (RFC 6582) or, with recovery_exit 'linux', at "
	       "an ACK above the recovery point (Linux). Options: tcp.dupthresh, tcp.fack, tcp.early_retransmit, "
	       "tcp.er_variant, tcp.er_delayed, and its parameter recovery_exit.",
	.params = dupack_params,
	.n_params = sizeof(dupack_params) / sizeof(dupack_params[0]),
	.cfg_size = sizeof(struct dupack_cfg),
	.on_ack = on_ack,
	.on_timer = on_timer,
	.on_rto = on_rto,
	.on_undo = on_undo,
	.holds_recovery = holds_recovery,
};
