/* stage.h — path stages (one file per stage under src/path/).
 *
 * Each direction of the path runs its packets through an ordered list of
 * stages before the drop-tail bottleneck: the loss model (path.<dir>.loss),
 * then the stages listed in path.<dir>.stages.  A stage's cfg is a struct
 * rx_loss_cfg: for the loss model, the scenario's; for a listed stage, one
 * holding that item's own parameters (declared in the stage's params table,
 * offsets into struct rx_loss_cfg before its rules) and no rules.  A stage may drop a packet, add
 * extra delay to it (p->extra_ns; it may then be overtaken), hold it longer
 * in order (p->hold_ns: added after the bottleneck, and it never reaches the
 * far end before a packet that entered the line earlier), or ask for a
 * copy.  A stage may also stall the link (st->stall_until_ns): the
 * direction then delivers nothing before that time, and the packets behind
 * wait in order in the bottleneck queue (its buffer limits apply), or, on a
 * link without a rate limit, on the propagation line: FIFO is kept.  A stage
 * that declares own_cfg reads its own block (cfg_size bytes laid out by its
 * params) instead of a struct rx_loss_cfg.  A stage that changes the path
 * for periods of time (a spike, an outage, a table's non-zero rows) reports
 * each period once with rx_stage_period (core/sim.h): the trace's
 * path_period events, which the dashboard draws as bands.
 */
#ifndef REXSIM_STAGE_H
#define REXSIM_STAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct rx_dir_cfg;
struct rx_link;
struct rx_param; /* rexsim/params.h */
struct rx_pkt;

#define RX_STAGE_PRIV_SIZE 96

enum rx_stage_verdict { RX_STAGE_PASS = 0, RX_STAGE_DROP };

struct rx_stage {
	const struct rx_stage_ops *ops;
	const void *cfg; /* the stage's part of the scenario */
	uint64_t seed; /* its own PRNG stream seed */
	uint64_t run_seed; /* the scenario's seed: a process both directions share derives its stream from it */
	const int64_t *clock_ns; /* the simulation's clock (now) */
	const struct rx_dir_cfg *dir; /* the whole direction's part of the scenario (its schedule) */
	struct rx_link *link; /* the direction it belongs to (for rx_stage_period, core/sim.h) */
	/* written by the stage: the link delivers nothing before this time (0:
	 * never stalled); the core reads it after every apply */
	int64_t stall_until_ns;
	_Alignas(8) unsigned char priv[RX_STAGE_PRIV_SIZE];
};

struct rx_stage_ops {
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
	/* it acts on the direction's positioned rules (path.<dir>.loss.rules),
	 * so it is chosen as the loss model, never listed in path.<dir>.stages */
	bool uses_rules;
	/* it reads the direction's delay and loss table (path.<dir>.schedule,
	 * st->dir): validation asks for rows when it is listed, and for such a
	 * stage when rows are given */
	bool uses_schedule;
	/* (optional) as an item of path.<dir>.stages its cfg is its own block
	 * (the tagged item's, laid out by params), not a struct rx_loss_cfg */
	bool own_cfg;
	/* (optional) set up priv from cfg */
	void (*init)(struct rx_stage *st, int dir);
	/* (required) a packet enters: return a verdict; may set p->extra_ns or
	 * *duplicate */
	int (*apply)(struct rx_stage *st, int dir, struct rx_pkt *p, bool *duplicate);
};

#endif
