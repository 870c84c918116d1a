/* tmr.h — helpers shared by the timer policies (internal). */
#ifndef REXSIM_TMR_H
#define REXSIM_TMR_H
#include "../core/sim.h"

/* RFC 6298 (5.1) start if not running, (5.3) restart on an ACK of new data */
void rx_tmr_standard_rto(struct rx_sender *s, int reason, int64_t now, struct rx_timer_decision *out);

/* TLP's episode (RFC 8985 §7.4), in the timer's private area */
struct rx_tlp_episode {
	uint64_t high_seq; /* TLP.end_seq: snd_nxt when the probe went out; 0 = no episode */
	uint64_t probe_seq, probe_end; /* the bytes the probe carried */
	bool is_rtx; /* the probe was a retransmission */
	bool dsacked; /* a D-SACK for the probe's bytes arrived during the episode */
};
struct rx_tlp_episode *rx_tlp_episode(const struct rx_sender *s);

/* TLP of the paper §2.2 (Linux 3.x): may a probe be scheduled now? */
bool rx_tlp_may_schedule(const struct rx_sender *s);
/* paper eq. (1)/(2); sets *formula */
int64_t rx_tlp_pto_ns(const struct rx_sender *s, int *formula);
/* the RTO a pending probe stands in for, as Linux 3.17 re-arms it, and the
 * cap of a probe placed now (tmr_tlp.c; the paper's TLP and TLPR) */
int64_t rx_tlp_rearm_rto_ns(const struct rx_sender *s, int64_t now);
int64_t rx_tlp_linux317_cap_ns(const struct rx_sender *s, int reason, int64_t now);
/* place a probe at `expires`, no later than `cap` (the RTO it stands in for) */
void rx_tlp_place_capped(int64_t now, int64_t pto, int formula, int64_t expires, int64_t cap,
			 struct rx_timer_decision *out);
/* the same with RFC 6298's RTO as the cap (RFC 8985's TLP) */
void rx_tlp_place(struct rx_sender *s, int reason, int64_t now, int64_t pto, int formula, int64_t expires,
		  struct rx_timer_decision *out);
void rx_tlp_on_probe(struct rx_sender *s, int64_t now);
void rx_tlp_on_ack(struct rx_sender *s, const struct rx_ack_info *ai);
void rx_tlp_on_rto(struct rx_sender *s);
extern const struct rx_timer_ops rx_tmr_tlp;
#endif
