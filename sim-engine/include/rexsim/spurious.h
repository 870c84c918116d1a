/* spurious.h — spurious-timeout detection (src/spurious/).
 *
 * Detectors (F-RTO, RFC 5682; Eifel, RFC 3522; D-SACK based, RFC 3708) are
 * an ordered list per flow.  After an RTO fired and its retransmission was
 * sent the core calls on_rto(); on every ACK while the Loss state lasts it
 * asks each detector in turn, and the first decisive verdict wins.  A
 * detector never touches cwnd: the core applies RX_SP_SPURIOUS through the
 * one undo path (rx_cs_undo(), which restores ssthresh and asks congestion
 * control's undo_cwnd() for the window) and writes the trace's `spurious`
 * event: the detector, the rule it names, the ACK, the window before and
 * after, and the response.
 */
#ifndef REXSIM_SPURIOUS_H
#define REXSIM_SPURIOUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "rexsim/ops.h"

struct rx_sender;
struct rx_param; /* rexsim/params.h */

#define RX_SP_PRIV_SIZE 32
#define RX_MAX_SPURIOUS 4
/* a detector's rules: at most 16 (the trace's detail column keeps the rule in
 * its low 4 bits) */
#define RX_SP_MAX_RULES 16

/* One rule by which a detector declares an RTO spurious: the reason the
 * trace's `spurious` event names (vocab.c), published with the member in the
 * catalogue (mechanisms.spurious[].rules). */
struct rx_sp_rule {
	const char *name; /* stable identifier, unique among every detector's rules */
	const char *label; /* the reason in a few words, for people */
	const char *doc; /* one sentence citing the step of the specification */
	/* the undo restores the window but the sender stays in Loss until the
	 * ACKs reach the RTO's recover point (Linux's timestamp undo without
	 * SACK); false: it returns to Open (or Disorder) at once */
	bool stays_in_loss;
};

enum rx_spurious_verdict { RX_SP_UNDECIDED = 0, RX_SP_SPURIOUS, RX_SP_GENUINE };

struct rx_spurious_ops {
	const char *name; /* (required) */
	const char *label; /* (required) short human label */
	const char *doc; /* (required) */
	/* (optional) the member's own parameters (rexsim/params.h rows with
	 * .section = 0, .key = short name, .offset into its cfg block of
	 * cfg_size bytes); the core fills the block with the declared defaults
	 * and the scenario's values; NULL cfg means every default */
	const struct rx_param *params;
	size_t n_params;
	size_t cfg_size;
	/* (required) the rules a spurious verdict names (1..RX_SP_MAX_RULES) */
	const struct rx_sp_rule *rules;
	size_t n_rules;
	/* (required) an RTO fired and its retransmission was sent; priv is the
	 * detector's own RX_SP_PRIV_SIZE bytes */
	void (*on_rto)(struct rx_sender *s, void *priv);
	/* (required) an ACK while the watch lasts: enum rx_spurious_verdict; on
	 * RX_SP_SPURIOUS *rule is the index in rules of the rule that decided */
	int (*on_ack)(struct rx_sender *s, void *priv, const struct rx_ack_info *ai, int *rule);
	/* (optional) F-RTO: may the sender send new data instead of retransmitting? */
	int (*may_send_new)(struct rx_sender *s, void *priv);
};

#endif
