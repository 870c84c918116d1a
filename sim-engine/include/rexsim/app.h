/* app.h — the application family (one file per application under src/app/).
 *
 * An application decides what the sender is given to send and when: a
 * sequence of objects written one after another (each object's size; the
 * next object written once the previous one has reached the receiver and
 * the client's think time has passed), or an open-ended stream stopped after
 * a while.  It never touches TCP state: the flow (src/core/sim.c) asks it
 * and writes to the sender's buffer.  Its scenario keys are the flow's
 * `app.*` fields, each marked with the app kinds that read it (applies_to).
 */
#ifndef REXSIM_APP_H
#define REXSIM_APP_H

#include <stddef.h>
#include <stdint.h>

struct rx_flow_cfg;
struct rx_param; /* rexsim/params.h */

struct rx_app_ops {
	const char *name; /* (required) unique, lower case: the value of app.kind */
	const char *label; /* (required) short human label */
	const char *doc; /* (required) one paragraph, with the source it follows */
	/* (optional) own parameters in a block, as every family's (rexsim/params.h) */
	const struct rx_param *params;
	size_t n_params;
	size_t cfg_size;
	/* (required) how many objects it writes; 0 = an open-ended stream */
	int64_t (*n_objects)(const struct rx_flow_cfg *cfg);
	/* (required when n_objects > 0) the size of object j (0-based) in bytes */
	uint64_t (*object_bytes)(const struct rx_flow_cfg *cfg, int64_t j);
	/* (optional) when an open-ended stream stops writing, after the flow's
	 * start, in ns; NULL: it never stops */
	int64_t (*stop_after_ns)(const struct rx_flow_cfg *cfg);
	/* (optional) the client's think time after object j reached it, before
	 * it asks for object j + 1, in ns; NULL: 0 */
	int64_t (*think_ns)(const struct rx_flow_cfg *cfg, int64_t j);
	/* (optional) the latest time after the flow's start at which the client
	 * issues a request, in ns (0: it requests every object); the flow has
	 * completed once every object it requested has arrived */
	int64_t (*requests_until_ns)(const struct rx_flow_cfg *cfg);
};

#endif
