/* registry.h — the mechanism families, one generic table.
 *
 * Every family (congestion control, retransmission timer, recovery, loss
 * detection, spurious-timeout detection, path stages) is described once:
 * its members, where its ops table keeps name/label/doc, and which members
 * of the table are required.  Validation, the catalogue, the parameter
 * choices and the tests iterate this table; a new mechanism is one line in
 * its family's member list in src/core/registry.c.
 */
#ifndef REXSIM_REGISTRY_H
#define REXSIM_REGISTRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct rx_param;
struct rx_var_desc;
struct rx_sp_rule;
struct rx_flow_cfg;

enum rx_family_id {
	RX_FAM_CC = 0,
	RX_FAM_TIMER,
	RX_FAM_RECOVERY,
	RX_FAM_LOSSDET,
	RX_FAM_APP,
	RX_FAM_SPURIOUS,
	RX_FAM_STAGE,
	RX_FAM__COUNT
};

struct rx_member_req {
	size_t offset; /* of a function pointer in the ops table */
	const char *name;
};

struct rx_family {
	const char *name; /* "cc" */
	const char *label; /* "Congestion control": for people */
	const char *key; /* the flow parameter that picks a member ("tcp.cc"), or NULL */
	const char *doc;
	const void *const *members;
	int n_members;
	size_t off_name, off_label, off_doc;
	size_t off_params, off_n_params, off_cfg_size;
	bool has_vars; /* its ops declare variables (vars, n_vars) */
	size_t off_vars, off_n_vars;
	bool has_rules; /* its ops declare the rules of their verdicts (rules, n_rules: spurious) */
	size_t off_rules, off_n_rules;
	const struct rx_member_req *required;
	int n_required;
};

const struct rx_family *rx_family_at(int id); /* enum rx_family_id */
const struct rx_family *rx_family_by_name(const char *name);
const void *rx_member(int family, int i); /* NULL past the end */
const char *rx_member_name(int family, int i); /* NULL past the end */
const char *rx_member_label(int family, int i);
const char *rx_member_doc(int family, int i);
int rx_member_count(int family);
int rx_member_index(int family, const char *name); /* -1 if unknown */
/* a member's own parameter rows (NULL, n = 0 if none) and its block size */
const struct rx_param *rx_member_params(int family, int i, size_t *n, size_t *cfg_size);
/* a member's declared variables (NULL, n = 0 if none) */
const struct rx_var_desc *rx_member_vars(int family, int i, size_t *n);
/* a member's verdict rules (NULL, n = 0 if its family has none) */
const struct rx_sp_rule *rx_member_rules(int family, int i, size_t *n);
/* the trace's id of variable k of a member: ids count every declared
 * variable in family, member and declaration order; -1 if none */
int rx_var_id(int family, int member, int k);
/* the variable with a trace id: its family, member and index; -1 if unknown.
 * The core's own variables (rx_core_vars) follow every member's: for them
 * *family = -1 and *member = -1. */
int rx_var_lookup(int id, int *family, int *member, int *k);
/* the core's own trace variables (the receiver's advertised window, the
 * sender's send buffer), the trace id of the k-th, and the side that holds
 * it ("receiver" or "sender", the catalogue's member) */
enum { RX_CORE_VAR_RWND = 0, RX_CORE_VAR_SNDBUF, RX_CORE_VAR__COUNT };
const struct rx_var_desc *rx_core_vars(size_t *n);
int rx_core_var_id(int k);
const char *rx_core_var_side(int k);
/* the flow field that holds the family's choice (NULL past the flow families) */
int64_t *rx_flow_choice(struct rx_flow_cfg *f, int family);
/* 0 if every table is complete and every name unique within its family
 * (a rule's name within its family's rules);
 * else -1 with a sentence in why */
int rx_registry_validate(char *why, size_t why_len);

#endif
