/* params.h — the parameter descriptor table: one row per scenario field with
 * its type, unit, default, inclusive range and an explanation with citation.
 * It drives defaults (rx_scenario_init), validation, the catalogue the API
 * and UI build forms from, and the tree walk (config.h) that turns a
 * scenario tree into a struct and back.  Container rows (objects, lists)
 * give the tree its shape, so no walk hard-codes a key. */
#ifndef REXSIM_PARAMS_H
#define REXSIM_PARAMS_H

#include <stddef.h>
#include "rexsim/rexsim.h"

enum rx_ptype {
	/* values */
	RX_PT_INT = 0,
	RX_PT_FLOAT,
	RX_PT_BOOL,
	RX_PT_ENUM, /* an index into choice() */
	RX_PT_MEMBER, /* a flow family's member (an enum of the registry's names);
	                 `<key>_params` holds {member: {parameter: value}}, the chosen
	                 member's go into the block at aux_offset */
	RX_PT_SET, /* a set of choices (choice(), or the members of `family` when
	              choice is NULL) as an int64 bit mask, bit i = choice i; in a
	              tree, a list of names; min_items..max_items of them */
	/* containers: the scenario tree's shape, walked by src/core/config.c */
	RX_PT_OBJECT, /* a nested section `sub` at offset */
	RX_PT_LIST, /* min_items..max_items items of section `sub`, item_size apart;
	               the int64 count at aux_offset */
	RX_PT_INT_LIST, /* min_items..max_items int64s, each within min..max */
	RX_PT_TAGGED_LIST, /* min_items..max_items struct rx_tagged_item: each a
	                      member of `family` (its "kind") with that member's
	                      own parameters; the int64 count at aux_offset */
	RX_PT__COUNT
};

/* where a row's offset points */
enum rx_psection {
	RX_SEC_SCENARIO = 0, /* struct rx_scenario, keys at the top level */
	RX_SEC_DIR, /* struct rx_dir_cfg, under path.forward / path.reverse */
	RX_SEC_LOSS, /* struct rx_loss_cfg, under path.<dir>.loss */
	RX_SEC_RULE, /* struct rx_pos_rule, items of path.<dir>.loss.rules */
	RX_SEC_FLOW, /* struct rx_flow_cfg, items of flows */
	RX_SEC_SCHED, /* struct rx_sched_row, items of path.<dir>.schedule */
	RX_SEC__COUNT
};

/* a value of a number row that means something other than its number
 * (-1 = the RTT profile's minimum RTO, 0 = unlimited, ...) */
struct rx_special {
	double value;
	const char *label; /* what the value means, for people: "unlimited" */
};

struct rx_param {
	int section;
	const char *key; /* dotted path inside the section, e.g. "tcp.mss" */
	const char *label; /* a short name for people, e.g. "Min RTO" (every row has one) */
	/* RX_PT_INT, RX_PT_FLOAT: the values with a meaning of their own, ended by
	 * a NULL label; NULL: none */
	const struct rx_special *special;
	int type;
	size_t offset;
	double min, max; /* inclusive; of each item for RX_PT_INT_LIST */
	double def; /* RX_PT_LIST: the items a default section holds; RX_PT_SET: the mask */
	const char *unit; /* "ms", "bytes", "segments", "bps", "" */
	const char *(*choice)(int i); /* RX_PT_ENUM: name of value i, NULL past the end */
	const char *doc;
	/* "key:value[,value...]": only read when the sibling `key` of the same
	 * section holds one of the values (a flow family's member, a loss
	 * model, an app kind); NULL: always read */
	const char *applies_to;
	int sub; /* RX_PT_OBJECT, RX_PT_LIST: the section of the value or items */
	int family; /* RX_PT_MEMBER, RX_PT_TAGGED_LIST, RX_PT_SET without choice(): enum rx_family_id */
	size_t aux_offset; /* RX_PT_LIST, RX_PT_INT_LIST: int64 count; RX_PT_MEMBER: the block */
	size_t item_size; /* RX_PT_LIST: bytes per item */
	int64_t min_items, max_items; /* RX_PT_LIST, RX_PT_INT_LIST, RX_PT_TAGGED_LIST, RX_PT_SET */
};

const struct rx_param *rx_params(size_t *n);
/* the rows of a section, in table order (containers last) */
const struct rx_param *rx_section_row(int section, size_t i); /* NULL past the end */
const char *rx_section_name(int section); /* "scenario", "direction", ... */
/* write every value row's default into block at its offset (a member's own block) */
void rx_params_defaults(const struct rx_param *rows, size_t n, void *block);
/* fill a section's struct with its defaults: values, nested sections, the
 * default number of list items, the default member's block */
void rx_section_init(int section, void *base);
/* out = prefix "." key (no dot after an empty prefix), cut short at len */
void rx_path_join(char *out, size_t len, const char *prefix, const char *key);
/* append s to the string in out, cut short at len */
void rx_path_append(char *out, size_t len, const char *s);
/* index of `name` among a row's choices (a member row's: the family's), or -1 */
int rx_param_choice_index(const struct rx_param *p, const char *name);
/* name of choice i of an enum, member or set row, NULL past the end */
const char *rx_param_choice(const struct rx_param *p, int i);
int rx_param_choice_count(const struct rx_param *p);
/* a row's special values are on a number row, labelled, within its range (integers for an int row) */
bool rx_param_specials_ok(const struct rx_param *p);
/* a row's name for people: its label, or a member row's family's label; NULL when it has none */
const char *rx_param_label(const struct rx_param *p);

/* the mechanism families and their members: rexsim/registry.h */

#endif
