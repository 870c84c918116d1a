/* timer.h — retransmission-timer policies (one file per policy under src/timers/).
 *
 * A policy keeps its own state in the sender's timer private area
 * (rx_tmr_priv()); a loss a probe repaired goes back through the
 * congestion-state machine (rx_cs_enter_cwr()), never a direct cwnd change.
 *
 * The core keeps one retransmission timer slot per flow (as Linux does with
 * icsk_pending): it may hold an RTO, a loss probe (PTO) or a delayed early
 * retransmit.  The core maintains the RFC 6298 RTO value and decides *whether*
 * the slot must be armed; the policy decides *when* it fires and with which
 * kind, and reports the values it used so the trace can say why.
 */
#ifndef REXSIM_TIMER_H
#define REXSIM_TIMER_H

#include <stddef.h>
#include <stdint.h>
#include "rexsim/ops.h"

struct rx_sender;
struct rx_param; /* rexsim/params.h */

#define RX_TMR_PRIV_SIZE 32

enum rx_arm_reason {
	RX_ARM_SENT_NEW = 0, /* new data was just sent */
	RX_ARM_ACK, /* an ACK acknowledged new data (cumulative or SACK) */
	RX_ARM_RETRANSMIT, /* a retransmission was just sent */
	RX_ARM_AFTER_PROBE, /* a probe was just sent */
};

struct rx_timer_decision {
	int kind; /* enum rx_timer_kind: RTO or PROBE */
	int formula; /* enum rx_timer_formula */
	int64_t expires_ns;
	int64_t timeout_ns; /* the value the formula produced (before restart offset) */
	int64_t rto_cap_ns; /* PROBE: the RTO deadline the probe stands in for */
};

struct rx_timer_ops {
	const char *name; /* (required) */
	const char *label; /* (required) short human label */
	const char *doc; /* (required) one paragraph with citations */
	/* (optional) the member's own parameters (rexsim/params.h rows with
	 * .section = 0, .key = short name, .offset into its cfg block of
	 * cfg_size bytes); the core fills the block with the declared defaults
	 * and the scenario's values; NULL cfg means every default */
	const struct rx_param *params;
	size_t n_params;
	size_t cfg_size;
	/* (optional) set up its private state (rx_tmr_priv(s), RX_TMR_PRIV_SIZE bytes) */
	void (*init)(struct rx_sender *s);
	/* (required) decide the slot after an event; s has outstanding data.
	 * Fills out; the core arms it (replacing whatever was pending). */
	void (*arm)(struct rx_sender *s, int reason, int64_t now_ns, struct rx_timer_decision *out);
	/* (optional) a PROBE timer fired: send the probe through rx_snd_send_probe() */
	void (*on_probe)(struct rx_sender *s, int64_t now_ns);
	/* (optional) every ACK, after congestion control saw it and before the
	 * congestion-state machine: probe bookkeeping */
	void (*on_ack)(struct rx_sender *s, const struct rx_ack_info *ai);
	/* (optional) an RTO fired (whatever episode the policy tracked is over) */
	void (*on_rto)(struct rx_sender *s);
};

#endif
