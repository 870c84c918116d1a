/* rec_adaptive.h — what the opportunistic-retransmission paper's two adaptive
 * recovery members, QARR (rec_qarr.c, §II.D) and BARR (rec_barr.c, §II.E),
 * declare alike: the parameter row of their skip_cc_loss_response switch (the
 * β = 1 reading of their ssthresh, applied by the core: castate.c,
 * member_skips_cc()).  Each member keeps the switch in its own cfg struct;
 * the row differs only in the struct and the member's name in its doc.
 */
#ifndef REXSIM_REC_ADAPTIVE_H
#define REXSIM_REC_ADAPTIVE_H

#include <stddef.h>

#include "rexsim/params.h"

/* the rx_param row of `cfg_type`'s bool skip_cc_loss_response, NAME the
 * member's name as its doc says it ("QARR", "BARR"), DEF its default (0 or
 * 1), WHY a sentence of the doc saying which and why */
#define RX_REC_SKIP_CC_PARAM(cfg_type, NAME, DEF, WHY) \
	{ .section = 0, \
	  .key = "skip_cc_loss_response", \
	  .label = "β = 1: skip congestion control's loss response", \
	  .type = RX_PT_BOOL, \
	  .offset = offsetof(cfg_type, skip_cc_loss_response), \
	  .min = 0, \
	  .max = 1, \
	  .def = DEF, \
	  .unit = "", \
	  .doc = "Off: congestion control's ssthresh is taken at every fast recovery and CWR (e.g. " \
		 "CUBIC's 0.7 cwnd, which also resets its epoch and W_max) and " NAME \
		 " keeps its own window W beside it. On: the paper's 'does not employ ssthresh' (§II.D-E), 'β=1 " \
		 "for QARR/BARR as it does not decrease ssthresh' (§V.C) and 'CWnd/ssthreshs are unaffected by " \
		 "packet losses' (§VII.C) read as ssthresh = cwnd at the loss and no congestion-control loss " \
		 "response: its ssthresh rule is not called (CUBIC keeps W_max and its epoch) and the reduction's " \
		 "end is not signalled (Westwood keeps W). An RTO is unchanged. " WHY }

#endif
