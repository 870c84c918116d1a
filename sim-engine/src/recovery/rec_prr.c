/* rec_prr.c — Proportional Rate Reduction, RFC 6937 §3 (Mathis, Dukkipati,
 * Cheng, 2013), with both reduction bounds: PRR-SSRB (the default, the
 * "Slow Start Reduction Bound") and PRR-CRB (the "Conservative Reduction
 * Bound"), chosen by the member parameter `variant`.
 *
 * RFC 6937 §3, as implemented here (all quantities in bytes):
 *
 *   at the start of recovery:
 *     ssthresh      = CongCtrlAlg()         congestion control already set it
 *     prr_delivered = 0
 *     prr_out       = 0
 *     RecoverFS     = snd.nxt - snd.una
 *   on every ACK during recovery:
 *     DeliveredData = change_in(snd.una) + change_in(SACKd)
 *     prr_delivered += DeliveredData
 *     pipe = RFC 6675 pipe
 *     if (pipe > ssthresh)                  Proportional Rate Reduction
 *       sndcnt = CEIL(prr_delivered * ssthresh / RecoverFS) - prr_out
 *     else                                  a Reduction Bound
 *       CRB:  limit = prr_delivered - prr_out
 *       SSRB: limit = MAX(prr_delivered - prr_out, DeliveredData) + MSS
 *       sndcnt = MIN(ssthresh - pipe, limit)
 *   on any data transmission or retransmission:
 *     prr_out += (data sent)
 *
 * Interpretations (each is a choice the RFC leaves to the implementation or
 * that the engine's interfaces force):
 *
 *  1. pipe is rx_snd_pipe(s), the core's RFC 6675 SetPipe, read after the
 *     scoreboard and loss detection took the ACK and before anything is sent
 *     in response to it.
 *  2. RecoverFS = snd_nxt - snd_una when enter() runs, i.e. after the ACK
 *     that triggered recovery was taken (it includes segments sent by
 *     limited transmit before recovery).  A RecoverFS of 0 is read as 1 byte.
 *  3. DeliveredData = acked_bytes (the change in snd.una, from struct
 *     rx_ack_info) + the signed change in SACKd, where SACKd is the
 *     scoreboard's s->sacked_bytes (bytes SACKed above snd.una).  Bytes SACKed
 *     earlier and now cumulatively ACKed are therefore not counted twice, as
 *     change_in(SACKd) is negative for them (RFC 6937 §2).  The previous SACKd
 *     is remembered from the last ACK this member saw.  Without SACK, the core
 *     emulates each duplicate ACK as one SMSS in s->reno_dupacks; counting
 *     reno_dupacks * MSS as part of SACKd gives RFC 6937 §2's estimate of
 *     one SMSS per duplicate ACK.  On a partial ACK the core deflates that
 *     credit as RFC 6582 §3.2 step 3 deflates cwnd (by the data acknowledged,
 *     adding back one SMSS: scoreboard.c), so the partial ACK counts as the
 *     change in snd.una minus the credit it took, i.e. one SMSS when it
 *     acknowledges at least one SMSS; §2's literal estimate (the change in
 *     snd.una minus one SMSS per preceding duplicate ACK) would be negative
 *     whenever duplicate ACKs of segments above the new hole preceded it.
 *     Both sum to the forward progress over the episode, as §2 requires of
 *     DeliveredData.  A negative DeliveredData counts as 0.
 *  4. The ACK that triggered fast recovery is counted: castate.c calls
 *     enter() after that ACK was taken and does not pass it to on_ack(), so
 *     enter() counts it as DeliveredData = one MSS (the §3.1 examples' case:
 *     each ACK there reports one segment; exact for the usual DupThresh-th
 *     SACK of one segment) and computes sndcnt for it at once.  The fast
 *     retransmission castate.c then sends regardless of the quota is
 *     reported through on_sent() and counted in prr_out like any other
 *     transmission (so it uses that ACK's sndcnt when there is one).
 *  5. CWR (a reduction without retransmission, e.g. a loss a tail loss probe
 *     repaired): the same algorithm runs, as Linux runs PRR for CWR; nothing
 *     is retransmitted by this member, and the proportional reduction paces
 *     new data.  In CWR castate.c passes the ACK that started it to on_ack()
 *     right after enter() (the timer policy enters CWR inside the ACK
 *     pipeline), so enter() counts nothing; for that first ACK the SACKd
 *     before it is unknown, and DeliveredData = acked_bytes +
 *     newly_sacked_bytes.
 *  6. The send quota is sndcnt bytes, computed on each ACK (replacing what
 *     was left of the previous ACK's: both formulas already carry the
 *     balance through prr_out) and decreased by every on_sent(); a negative
 *     sndcnt is 0.  The core sends only whole segments within the quota, so
 *     the proportional part's CEIL is taken in whole segments:
 *       sndcnt = MSS * CEIL(prr_delivered * ssthresh / (RecoverFS * MSS))
 *                - prr_out
 *     which is §3's formula counted in segments, as §3.1's examples count
 *     (ACK 3 of the first example: CEIL(1 * 10 / 20) = 1 segment) and as
 *     Linux counts (packets).  Taken in bytes, CEIL would round by less than
 *     a byte and PRR would send each segment one ACK later than §3.1 shows
 *     (the byte budget waits for a whole segment).  The excess over the byte
 *     formula is below one MSS at any time.  The Reduction Bound branch is
 *     in bytes as written.
 *  7. cwnd: PRR does not use it (§3.1: "Cwnd is not shown because PRR does
 *     not use it"); for the trace and for whatever reads it during the
 *     reduction, this member sets cwnd = pipe + sndcnt after each ACK, as
 *     Linux does, but never below one segment (Linux counts a partial
 *     segment in flight as a packet, so its window never drops under one).  On exiting the reduction (recovery or CWR) cwnd =
 *     ssthresh: PRR converges to the window congestion control chose
 *     (RFC 6937 §4; RFC 5681 §3.2 step 6).  An RTO abandoning the reduction
 *     goes through the same exit; castate.c then sets the loss window.
 *  8. next_seg is NULL: this member adds no RFC 6675 NextSeg rule 3 or 4
 *     retransmissions, so during PRR the sender sends only segments loss
 *     detection marked lost (rule 1) and new data (rule 2), as Linux's PRR
 *     does.  RFC 6937 §2 leaves the choice of what to send out of scope;
 *     rules 3 and 4 live in rec_rfc6675.c, which this member may not share
 *     code with, and re-implementing them here would make two copies.
 */
#include <stddef.h>
#include "../core/sim.h"
#include "rexsim/params.h"
#include "rexsim/registry.h"

enum prr_variant { PRR_SSRB = 0, PRR_CRB };

/* the member's parameter block (rx_flow_cfg.mech_cfg[RX_FAM_RECOVERY]) */
struct prr_cfg {
	int64_t variant; /* enum prr_variant */
};

static const struct prr_cfg prr_defaults = { .variant = PRR_SSRB };

struct prr {
	uint64_t prr_delivered_bytes; /* §3 prr_delivered */
	uint64_t prr_out_bytes; /* §3 prr_out */
	uint64_t recover_fs_bytes; /* §3 RecoverFS */
	uint64_t sackd_bytes; /* SACKd after the last ACK seen (interpretation 3) */
	uint64_t quota_bytes; /* what is left of this ACK's sndcnt */
	uint8_t sackd_known; /* 0: the next ACK's previous SACKd is unknown (5) */
};
_Static_assert(sizeof(struct prr) <= RX_REC_PRIV_SIZE, "prr state exceeds RX_REC_PRIV_SIZE");

static struct prr *priv(struct rx_sender *s)
{
	return rx_rec_priv(s);
}

/* The flow's parameter block (rx_member_cfg: the core fills it with the
 * declared defaults and the scenario's values; all zero also reads as SSRB) */
static const struct prr_cfg *cfg_of(const struct rx_sender *s)
{
	return s->cfg ? (const struct prr_cfg *)rx_member_cfg(s, RX_FAM_RECOVERY) : &prr_defaults;
}
_Static_assert(sizeof(struct prr_cfg) <= RX_MECH_CFG_SIZE, "prr_cfg exceeds RX_MECH_CFG_SIZE");

static const char *variant_choice(int i)
{
	static const char *const names[] = { "ssrb", "crb" };
	return i >= 0 && i < (int)(sizeof(names) / sizeof(names[0])) ? names[i] : NULL;
}

static const struct rx_param prr_params[] = {
	{ .section = 0,
	  .key = "variant",
	  .label = "Reduction bound",
	  .type = RX_PT_ENUM,
	  .offset = offsetof(struct prr_cfg, variant),
	  .min = 0,
	  .max = 1,
	  .def = PRR_SSRB,
	  .unit = "",
	  .choice = variant_choice,
	  .doc = "The Reduction Bound PRR uses once pipe falls to ssthresh or below: 'ssrb' (Slow Start Reduction "
		 "Bound, limit = MAX(prr_delivered - prr_out, DeliveredData) + MSS: at most one segment per ACK "
		 "more than was delivered) or 'crb' (Conservative Reduction Bound, limit = prr_delivered - prr_out: "
		 "strict packet conservation). RFC 6937 §3; §6 recommends SSRB." },
};

/* CEIL(a * b / (d * unit)) in whole units (a, b < 2^64, d, unit > 0), exact */
static uint64_t ceil_muldiv(uint64_t a, uint64_t b, uint64_t d, uint64_t unit)
{
	__extension__ typedef unsigned __int128 u128;
	u128 den = (u128)d * unit;
	u128 q = ((u128)a * b + den - 1) / den;
	return q > UINT64_MAX ? UINT64_MAX : (uint64_t)q;
}

/* SACKd as interpretation 3 reads it: SACKed bytes, or without SACK one
 * SMSS per duplicate ACK the core emulates */
static uint64_t sackd_now(const struct rx_sender *s)
{
	return s->sacked_bytes + s->reno_dupacks * s->mss;
}

/* §3, "on every ACK during recovery", given this ACK's DeliveredData */
static void prr_step(struct rx_sender *s, uint64_t delivered_bytes)
{
	struct prr *r = priv(s);
	r->prr_delivered_bytes += delivered_bytes;
	uint64_t pipe = rx_snd_pipe(s);
	uint64_t ssthresh = s->cc.ssthresh_bytes;
	int64_t sndcnt;
	if (pipe > ssthresh) {
		/* Proportional Rate Reduction */
		/* interpretation 6: CEIL taken in whole segments */
		uint64_t segs = ceil_muldiv(r->prr_delivered_bytes, ssthresh, r->recover_fs_bytes, s->mss);
		sndcnt = (int64_t)(segs * s->mss) - (int64_t)r->prr_out_bytes;
	} else {
		int64_t banked = (int64_t)r->prr_delivered_bytes - (int64_t)r->prr_out_bytes;
		int64_t limit;
		if (cfg_of(s)->variant == PRR_CRB)
			limit = banked; /* PRR-CRB */
		else /* PRR-SSRB */
			limit = (banked > (int64_t)delivered_bytes ? banked : (int64_t)delivered_bytes) +
				(int64_t)s->mss;
		int64_t room = (int64_t)(ssthresh - pipe);
		sndcnt = room < limit ? room : limit; /* attempt to catch up, as permitted by limit */
	}
	r->quota_bytes = sndcnt > 0 ? (uint64_t)sndcnt : 0;
	/* interpretation 7; never below one segment: a partial last segment in
	 * flight (pipe < MSS) with nothing to send would otherwise leave cwnd
	 * under one segment, which no RFC 5681 state allows (the other members
	 * and Linux, counting packets, keep at least one) */
	s->cc.cwnd_bytes = rx_umax64(pipe + r->quota_bytes, s->mss);
}

static void enter(struct rx_sender *s, int reduction, int64_t now)
{
	(void)now;
	struct prr *r = priv(s);
	r->prr_delivered_bytes = 0;
	r->prr_out_bytes = 0;
	r->recover_fs_bytes = rx_umax64(s->snd_nxt - s->snd_una, 1);
	r->quota_bytes = 0;
	r->sackd_bytes = sackd_now(s);
	if (reduction == RX_RED_RECOVERY) {
		r->sackd_known = 1;
		prr_step(s, s->mss); /* interpretation 4: the triggering ACK */
	} else {
		r->sackd_known = 0; /* interpretation 5: on_ack() follows with it */
	}
}

static void on_ack(struct rx_sender *s, const struct rx_ack_info *ai)
{
	struct prr *r = priv(s);
	uint64_t sackd = sackd_now(s);
	int64_t delivered;
	if (r->sackd_known)
		delivered = (int64_t)ai->acked_bytes + ((int64_t)sackd - (int64_t)r->sackd_bytes);
	else
		delivered = (int64_t)(ai->acked_bytes + ai->newly_sacked_bytes);
	r->sackd_bytes = sackd;
	r->sackd_known = 1;
	prr_step(s, delivered > 0 ? (uint64_t)delivered : 0);
}

static uint64_t send_quota(struct rx_sender *s)
{
	return priv(s)->quota_bytes;
}

static void on_sent(struct rx_sender *s, uint64_t idx, uint32_t bytes, int cause)
{
	(void)idx;
	(void)cause;
	struct prr *r = priv(s);
	r->prr_out_bytes += bytes; /* §3: prr_out += (data sent) */
	r->quota_bytes = r->quota_bytes > bytes ? r->quota_bytes - bytes : 0;
}

static void rec_exit(struct rx_sender *s, int reduction, int64_t now)
{
	(void)reduction;
	(void)now;
	/* interpretation 7: leave with the window congestion control chose */
	s->cc.cwnd_bytes = rx_umax64(s->cc.ssthresh_bytes, s->mss);
	priv(s)->quota_bytes = 0;
}

const struct rx_recovery_ops rx_rec_prr = {
	.name = "prr",
	.label = "PRR (RFC 6937)",
	.doc = "Proportional Rate Reduction (RFC 6937 §3): during fast recovery and CWR, each ACK allows sndcnt "
	       "bytes, CEIL(prr_delivered x ssthresh / RecoverFS) - prr_out while pipe > ssthresh, so the window "
	       "shrinks in proportion to the data delivered; once pipe is at or below ssthresh, a Reduction Bound "
	       "lets it catch up: SSRB (default, at most one segment per ACK beyond what was delivered) or CRB "
	       "(strict packet conservation). Sends lost segments and new data (no RFC 6675 rules 3 and 4, as "
	       "Linux); on exit cwnd = ssthresh.",
	.params = prr_params,
	.n_params = sizeof(prr_params) / sizeof(prr_params[0]),
	.cfg_size = sizeof(struct prr_cfg),
	.enter = enter,
	.on_ack = on_ack,
	.send_quota = send_quota,
	.on_sent = on_sent,
	.exit = rec_exit,
};
