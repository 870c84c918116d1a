/* spurious.h — spurious-timeout detection and response (src/spurious/).
 *
 * Declared now, implemented with F-RTO (RFC 5682), Eifel (RFC 3522) and
 * DSACK-based detection (RFC 3708).  A detector watches the ACKs after an RTO
 * and returns a verdict; the core then undoes the window reduction through
 * the congestion-control hook undo_cwnd (detectors never touch cwnd).
 */
#ifndef REXSIM_SPURIOUS_H
#define REXSIM_SPURIOUS_H

#include <stdint.h>

struct rx_sender;

enum rx_spurious_verdict { RX_SP_UNDECIDED = 0, RX_SP_SPURIOUS, RX_SP_GENUINE };

struct rx_spurious_ops {
	const char *name;   /* (required) */
	const char *doc;    /* (required) */
	/* (required) an RTO fired and the first retransmission was sent */
	void (*on_rto)(struct rx_sender *s, int64_t now_ns);
	/* (required) an ACK after an RTO: returns enum rx_spurious_verdict */
	int (*on_ack)(struct rx_sender *s, uint64_t ack, uint32_t tsecr,
		      int has_dsack, int64_t now_ns);
	/* (optional) F-RTO: may the sender send new data instead of retransmitting? */
	int (*may_send_new)(struct rx_sender *s);
};

#endif
