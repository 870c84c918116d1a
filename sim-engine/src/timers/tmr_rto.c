/* tmr_rto.c — the baseline retransmission timer, RFC 6298 §5: (5.1) start
 * the timer when data is sent and it is not running, (5.2) stop it when all
 * data is acknowledged, (5.3) restart it on every ACK of new data.  The
 * retransmission then comes RTO after the last ACK, not after the lost
 * segment was sent (paper §2.1). */
#include "tmr.h"

void rx_tmr_standard_rto(struct rx_sender *s, int reason, int64_t now, struct rx_timer_decision *out)
{
	if (reason != RX_ARM_ACK && s->rtx.armed && s->rtx.kind == RX_TMR_RTO) {
		out->kind = -1; /* (5.1) start only if not running */
		return;
	}
	out->kind = RX_TMR_RTO; /* (5.1) start, (5.3) restart */
	out->formula = RX_F_RTO;
	out->timeout_ns = s->rto_ns;
	out->expires_ns = now + s->rto_ns;
}

static void rto_arm(struct rx_sender *s, int reason, int64_t now, struct rx_timer_decision *out)
{
	rx_tmr_standard_rto(s, reason, now, out);
}

const struct rx_timer_ops rx_tmr_rto = {
	.name = "rto",
	.label = "RTO",
	.doc = "Baseline retransmission timer (RFC 6298 §5): started when data is sent, restarted on every ACK of new "
	       "data, doubled on expiry. A tail loss is repaired RTO after the last ACK arrived, which is about one "
	       "RTT (plus any delayed-ACK wait) later than RTO after the lost segment was sent (paper §2.1).",
	.arm = rto_arm,
};
