/* tmr_rtor.c — RTO Restart (RTOR), RFC 7765 §4.  When an ACK of new data
 * restarts the retransmission timer (RFC 6298 (5.3)) while the outstanding
 * segments plus the previously unsent ones are fewer than rrthresh, the
 * timer expires after RTO - T_earliest (T_earliest: the time since the
 * earliest outstanding segment was transmitted) if that is positive, else
 * after RTO.  The retransmission then comes RTO after that segment's
 * transmission rather than RTO after the ACK (paper §2.1).
 *
 * Member parameter `rule`: 'section4' (the default) counts outstanding plus
 * previously unsent segments against rrthresh; 'simplified' is the
 * simplification issue #8 attributes to RFC 7765 §5.3 and that this member
 * implemented before: fewer than rrthresh outstanding segments and no unsent
 * data at all.
 *
 * The RFC 7765 text could not be read here (only its abstract is stored in
 * the reference search); the conditions are as issue #8 states them.  The
 * anchor of T_earliest follows RFC 6298 §5: "An implementation MUST manage
 * the retransmission timer(s) in such a way that a segment is never
 * retransmitted too early, i.e., less than one RTO after the previous
 * transmission of that segment." */
#include <stddef.h>
#include "rexsim/params.h"
#include "rexsim/registry.h"
#include "tmr.h"

enum { RTOR_SECTION4 = 0, RTOR_SIMPLIFIED };

struct rtor_cfg {
	int64_t rule; /* RTOR_SECTION4 or RTOR_SIMPLIFIED */
};
_Static_assert(sizeof(struct rtor_cfg) <= RX_MECH_CFG_SIZE, "rtor_cfg exceeds RX_MECH_CFG_SIZE");
static const struct rtor_cfg rtor_defaults = { .rule = RTOR_SECTION4 };

static const struct rtor_cfg *cfg_of(const struct rx_sender *s)
{
	return s->cfg ? (const struct rtor_cfg *)rx_member_cfg(s, RX_FAM_TIMER) : &rtor_defaults;
}

static const char *rule_choice(int i)
{
	static const char *const names[] = { "section4", "simplified" };
	return i >= 0 && i < (int)(sizeof(names) / sizeof(names[0])) ? names[i] : NULL;
}

static const struct rx_param rtor_params[] = {
	{ .section = 0,
	  .key = "rule",
	  .label = "Restart rule",
	  .type = RX_PT_ENUM,
	  .offset = offsetof(struct rtor_cfg, rule),
	  .min = 0,
	  .max = 1,
	  .def = RTOR_SECTION4,
	  .unit = "",
	  .choice = rule_choice,
	  .doc = "When RTO Restart applies: 'section4' (RFC 7765 §4) while the outstanding segments plus the "
		 "previously unsent segments are fewer than tcp.rrthresh; 'simplified' (the RFC 7765 §5.3 "
		 "simplification) while fewer than tcp.rrthresh segments are outstanding and no unsent data is "
		 "waiting." },
};

static void rtor_arm(struct rx_sender *s, int reason, int64_t now, struct rx_timer_decision *out)
{
	rx_tmr_standard_rto(s, reason, now, out);
	if (reason != RX_ARM_ACK)
		return;
	uint64_t rrthresh = (uint64_t)s->cfg->rrthresh;
	uint64_t outstanding = rx_snd_outstanding_segs(s);
	if (cfg_of(s)->rule == RTOR_SIMPLIFIED) {
		if (outstanding >= rrthresh || rx_snd_has_unsent(s))
			return;
	} else if (outstanding + rx_snd_unsent_segs(s) >= rrthresh) {
		return; /* enough data to expect fast retransmit to work */
	}
	/* T_earliest: the time since the earliest outstanding segment -- the
	 * lowest unacknowledged one, the segment the RTO retransmits (RFC 6298
	 * (5.4)) -- was last transmitted.  Counting from its latest
	 * transmission means a segment that was retransmitted is never
	 * retransmitted again by this timer less than one full RTO later, even
	 * while later segments are outstanding since before that
	 * retransmission. */
	int64_t t_earliest = now - rx_snd_head_tx_ns(s);
	if (s->rto_ns - t_earliest <= 0)
		return; /* not positive: plain RTO */
	out->kind = RX_TMR_RTO;
	out->formula = RX_F_RTOR;
	out->timeout_ns = s->rto_ns;
	out->expires_ns = now + s->rto_ns - t_earliest; /* RTO - T_earliest */
}

const struct rx_timer_ops rx_tmr_rtor = {
	.name = "rtor",
	.label = "RTO Restart",
	.doc = "RTO Restart (RFC 7765 §4): when an ACK restarts the retransmission timer while the outstanding plus "
	       "the previously unsent segments are fewer than rrthresh (4), the timer is set to RTO - T_earliest, "
	       "T_earliest being the time since the earliest outstanding segment was last sent, so a tail loss is "
	       "retransmitted exactly RTO after the lost segment was sent, and a retransmission is never repeated "
	       "within one RTO. Saves about one RTT, plus the delayed-ACK wait when the restarting ACK was delayed "
	       "(paper §2.1, §3.1). The 'rule' parameter offers the §5.3 simplification.",
	.params = rtor_params,
	.n_params = sizeof(rtor_params) / sizeof(rtor_params[0]),
	.cfg_size = sizeof(struct rtor_cfg),
	.arm = rtor_arm,
};
