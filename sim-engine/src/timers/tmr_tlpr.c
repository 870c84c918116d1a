/* tmr_tlpr.c — TLP with restart (paper §2.3): the logic of RTO Restart applied
 * to the probe timer.  When an ACK restarts it, the PTO is counted from the
 * transmission of the last outstanding segment: PTO - T_last, where T_last is
 * the time since that segment was sent.  Everything else is TLP's. */
#include "tmr.h"

static void tlpr_arm(struct rx_sender *s, int reason, int64_t now, struct rx_timer_decision *out)
{
	if (reason == RX_ARM_ACK && rx_tlp_may_schedule(s)) {
		int f;
		int64_t pto = rx_tlp_pto_ns(s, &f);
		/* never later than TLP's RTO, as Linux 3.17 arms it (tmr_tlp.c) */
		rx_tlp_place_capped(now, pto, f, rx_snd_latest_tx_ns(s) + pto, rx_tlp_linux317_cap_ns(s, reason, now),
				    out);
		return;
	}
	rx_tmr_tlp.arm(s, reason, now, out);
}

const struct rx_timer_ops rx_tmr_tlpr = {
	.name = "tlpr",
	.label = "TLP with restart",
	.doc = "TLP with Restart (paper §2.3): TLP whose probe timer, when an ACK restarts it, is set to PTO - T_last, "
	       "T_last being the time since the last outstanding segment was sent, so the probe goes out PTO after "
	       "that segment rather than PTO after the last ACK. Combines the gains of RTOR and TLP; best in most of "
	       "the paper's scenarios.",
	.arm = tlpr_arm,
	.on_probe = rx_tlp_on_probe,
	.on_ack = rx_tlp_on_ack,
	.on_rto = rx_tlp_on_rto,
};
