/* params.h — the parameter descriptor table: one row per scenario field with
 * its type, unit, default, inclusive range and an explanation with citation.
 * It drives defaults (rx_scenario_init), validation, the catalogue the API
 * and UI build forms from, and the binding's dict -> struct conversion. */
#ifndef REXSIM_PARAMS_H
#define REXSIM_PARAMS_H

#include <stddef.h>
#include "rexsim/rexsim.h"

enum rx_ptype { RX_PT_INT = 0, RX_PT_FLOAT, RX_PT_BOOL, RX_PT_ENUM };

/* where a row's offset points */
enum rx_psection {
	RX_SEC_SCENARIO = 0, /* struct rx_scenario, keys at the top level */
	RX_SEC_DIR, /* struct rx_dir_cfg, under path.forward / path.reverse */
	RX_SEC_LOSS, /* struct rx_loss_cfg, under path.<dir>.loss */
	RX_SEC_RULE, /* struct rx_pos_rule, items of path.<dir>.loss.rules */
	RX_SEC_FLOW, /* struct rx_flow_cfg, items of flows */
	RX_SEC__COUNT
};

struct rx_param {
	int section;
	const char *key; /* dotted path inside the section, e.g. "tcp.mss" */
	int type;
	size_t offset;
	double min, max; /* inclusive */
	double def;
	const char *unit; /* "ms", "bytes", "segments", "bps", "" */
	const char *(*choice)(int i); /* RX_PT_ENUM: name of value i, NULL past the end */
	const char *doc;
};

const struct rx_param *rx_params(size_t *n);
/* write every row's default into block at its offset (a member's own block) */
void rx_params_defaults(const struct rx_param *rows, size_t n, void *block);
/* "family:member[,member...]" for a flow key only those members read, else NULL */
const char *rx_param_applies_to(const struct rx_param *p);
/* index of `name` among a row's choices, or -1 */
int rx_param_choice_index(const struct rx_param *p, const char *name);
/* list-valued keys handled outside the table */
#define RX_KEY_FLOWS "flows"
#define RX_KEY_RULES "rules"
#define RX_KEY_SIZES "app.sizes"

/* the mechanism families and their members: rexsim/registry.h */

#endif
