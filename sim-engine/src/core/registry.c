/* registry.c — every mechanism family and its members, and their validation:
 * a table that lacks a required member, or reuses a name within its family,
 * fails rx_registry_validate(), which the test suite and the binding's module
 * init both call.  A new mechanism is one X(...) line in its family's list;
 * the first member of a family is its default. */
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include "rexsim/app.h"
#include "rexsim/params.h"
#include "rexsim/registry.h"
#include "sim.h"

/* ---- members, one line each */
#define CC_MEMBERS(X) \
	X(rx_cc_ops, rx_cc_reno) \
	X(rx_cc_ops, rx_cc_cubic) \
	X(rx_cc_ops, rx_cc_veno) \
	X(rx_cc_ops, rx_cc_westwood) \
	X(rx_cc_ops, rx_cc_vegas)

#define TIMER_MEMBERS(X) \
	X(rx_timer_ops, rx_tmr_rto) \
	X(rx_timer_ops, rx_tmr_rtor) \
	X(rx_timer_ops, rx_tmr_tlp) \
	X(rx_timer_ops, rx_tmr_tlpr) \
	X(rx_timer_ops, rx_tmr_tlp_rfc8985)

#define RECOVERY_MEMBERS(X) \
	X(rx_recovery_ops, rx_rec_rfc6675) \
	X(rx_recovery_ops, rx_rec_prr) \
	X(rx_recovery_ops, rx_rec_rate_halving) \
	X(rx_recovery_ops, rx_rec_qarr) \
	X(rx_recovery_ops, rx_rec_barr)

#define LOSSDET_MEMBERS(X) \
	X(rx_lossdet_ops, rx_ld_dupack) \
	X(rx_lossdet_ops, rx_ld_rack)

#define APP_MEMBERS(X) \
	X(rx_app_ops, rx_app_fixed) \
	X(rx_app_ops, rx_app_bulk) \
	X(rx_app_ops, rx_app_requests)

#define SPURIOUS_MEMBERS(X) \
	X(rx_spurious_ops, rx_sp_frto) \
	X(rx_spurious_ops, rx_sp_eifel) \
	X(rx_spurious_ops, rx_sp_dsack)

#define STAGE_MEMBERS(X) \
	X(rx_stage_ops, rx_stage_positioned) \
	X(rx_stage_ops, rx_stage_tail) \
	X(rx_stage_ops, rx_stage_bernoulli) \
	X(rx_stage_ops, rx_stage_gilbert_elliott) \
	X(rx_stage_ops, rx_stage_delay_spike) \
	X(rx_stage_ops, rx_stage_outage) \
	X(rx_stage_ops, rx_stage_schedule)

#define DECLARE(type, sym) extern const struct type sym;
#define ADDRESS(type, sym) &sym,
CC_MEMBERS(DECLARE)
TIMER_MEMBERS(DECLARE)
RECOVERY_MEMBERS(DECLARE)
LOSSDET_MEMBERS(DECLARE)
APP_MEMBERS(DECLARE)
SPURIOUS_MEMBERS(DECLARE)
STAGE_MEMBERS(DECLARE)

static const void *const cc_members[] = { CC_MEMBERS(ADDRESS) NULL };
static const void *const timer_members[] = { TIMER_MEMBERS(ADDRESS) NULL };
static const void *const recovery_members[] = { RECOVERY_MEMBERS(ADDRESS) NULL };
static const void *const lossdet_members[] = { LOSSDET_MEMBERS(ADDRESS) NULL };
static const void *const app_members[] = { APP_MEMBERS(ADDRESS) NULL };
static const void *const spurious_members[] = { SPURIOUS_MEMBERS(ADDRESS) NULL };
static const void *const stage_members[] = { STAGE_MEMBERS(ADDRESS) NULL };

/* ---- required members of each ops table */
#define REQ(type, m) { offsetof(struct type, m), #m }
static const struct rx_member_req cc_req[] = {
	REQ(rx_cc_ops, ssthresh),
	REQ(rx_cc_ops, cong_avoid),
	REQ(rx_cc_ops, undo_cwnd),
};
static const struct rx_member_req timer_req[] = { REQ(rx_timer_ops, arm) };
static const struct rx_member_req recovery_req[] = {
	REQ(rx_recovery_ops, enter),
	REQ(rx_recovery_ops, on_ack),
	REQ(rx_recovery_ops, send_quota),
	REQ(rx_recovery_ops, exit),
};
static const struct rx_member_req lossdet_req[] = { REQ(rx_lossdet_ops, on_ack) };
static const struct rx_member_req app_req[] = { REQ(rx_app_ops, n_objects) };
static const struct rx_member_req spurious_req[] = { REQ(rx_spurious_ops, on_rto), REQ(rx_spurious_ops, on_ack) };
static const struct rx_member_req stage_req[] = { REQ(rx_stage_ops, apply) };

/* the families whose members declare trace variables */
#define VARS_WITH(type) \
	.has_vars = true, .off_vars = offsetof(struct type, vars), .off_n_vars = offsetof(struct type, n_vars)
#define VARS_rx_cc_ops VARS_WITH(rx_cc_ops)
#define VARS_rx_recovery_ops VARS_WITH(rx_recovery_ops)
#define VARS_rx_timer_ops .has_vars = false
#define VARS_rx_lossdet_ops .has_vars = false
#define VARS_rx_spurious_ops .has_vars = false
#define VARS_rx_app_ops .has_vars = false
#define VARS_rx_stage_ops .has_vars = false
/* the families whose members declare the rules of their verdicts */
#define RULES_rx_spurious_ops \
	.has_rules = true, .off_rules = offsetof(struct rx_spurious_ops, rules), \
	.off_n_rules = offsetof(struct rx_spurious_ops, n_rules)
#define RULES_rx_cc_ops .has_rules = false
#define RULES_rx_recovery_ops .has_rules = false
#define RULES_rx_timer_ops .has_rules = false
#define RULES_rx_lossdet_ops .has_rules = false
#define RULES_rx_app_ops .has_rules = false
#define RULES_rx_stage_ops .has_rules = false

#define COUNT_OF(a) ((int)(sizeof(a) / sizeof((a)[0])))
#define FAMILY(name_, label_, key_, doc_, type, list, req) \
	{ .name = name_, \
	  .label = label_, \
	  .key = key_, \
	  .doc = doc_, \
	  .members = list, \
	  .n_members = COUNT_OF(list) - 1, \
	  .off_name = offsetof(struct type, name), \
	  .off_label = offsetof(struct type, label), \
	  .off_doc = offsetof(struct type, doc), \
	  .off_params = offsetof(struct type, params), \
	  .off_n_params = offsetof(struct type, n_params), \
	  .off_cfg_size = offsetof(struct type, cfg_size), \
	  VARS_##type, \
	  RULES_##type, \
	  .required = req, \
	  .n_required = COUNT_OF(req) }

static const struct rx_family families[RX_FAM__COUNT] = {
	[RX_FAM_CC] = FAMILY("cc", "Congestion control", "tcp.cc",
			     "Congestion control: how the window grows, and the slow-start threshold after a loss.",
			     rx_cc_ops, cc_members, cc_req),
	[RX_FAM_TIMER] =
		FAMILY("timer", "Retransmission timer", "tcp.timer",
		       "Retransmission-timer policy: when the timer slot fires (RTO, RTO Restart, loss probes).",
		       rx_timer_ops, timer_members, timer_req),
	[RX_FAM_RECOVERY] = FAMILY("recovery", "Recovery", "tcp.recovery",
				   "Recovery: how much is sent while the window is reduced (fast recovery and CWR).",
				   rx_recovery_ops, recovery_members, recovery_req),
	[RX_FAM_LOSSDET] = FAMILY("lossdet", "Loss detection", "tcp.lossdet",
				  "Loss detection: which segments are lost, and when fast recovery starts.",
				  rx_lossdet_ops, lossdet_members, lossdet_req),
	[RX_FAM_APP] = FAMILY("app", "Application", "app.kind",
			      "Application: what the sender is given to send, and when (objects, a stream, requests).",
			      rx_app_ops, app_members, app_req),
	[RX_FAM_SPURIOUS] = FAMILY("spurious", "Spurious-timeout detection", "tcp.spurious",
				   "Spurious-timeout detection: whether an RTO was needed, and undoing it when not.",
				   rx_spurious_ops, spurious_members, spurious_req),
	[RX_FAM_STAGE] = FAMILY("stage", "Path stage", NULL,
				"Path stages: what happens to a packet at the ingress of a path direction.",
				rx_stage_ops, stage_members, stage_req),
};

const struct rx_family *rx_family_at(int id)
{
	return id >= 0 && id < RX_FAM__COUNT ? &families[id] : NULL;
}

const struct rx_family *rx_family_by_name(const char *name)
{
	for (int i = 0; i < RX_FAM__COUNT; i++)
		if (strcmp(families[i].name, name) == 0)
			return &families[i];
	return NULL;
}

const void *rx_member(int family, int i)
{
	const struct rx_family *f = rx_family_at(family);
	return f && i >= 0 && i < f->n_members ? f->members[i] : NULL;
}

static const char *field(int family, int i, size_t off)
{
	const char *m = rx_member(family, i);
	if (!m)
		return NULL;
	const char *v;
	memcpy(&v, m + off, sizeof(v));
	return v;
}

const char *rx_member_name(int family, int i)
{
	return field(family, i, families[family].off_name);
}
const char *rx_member_label(int family, int i)
{
	return field(family, i, families[family].off_label);
}
const char *rx_member_doc(int family, int i)
{
	return field(family, i, families[family].off_doc);
}
int rx_member_count(int family)
{
	return rx_family_at(family) ? families[family].n_members : 0;
}

const struct rx_param *rx_member_params(int family, int i, size_t *n, size_t *cfg_size)
{
	const char *m = rx_member(family, i);
	const struct rx_param *p = NULL;
	size_t np = 0, sz = 0;
	if (m) {
		const struct rx_family *f = &families[family];
		memcpy(&p, m + f->off_params, sizeof(p));
		memcpy(&np, m + f->off_n_params, sizeof(np));
		memcpy(&sz, m + f->off_cfg_size, sizeof(sz));
	}
	if (n)
		*n = p ? np : 0;
	if (cfg_size)
		*cfg_size = sz;
	return np ? p : NULL;
}

/* a table a member declares (a pointer and a count at offsets off/off_n of
 * its ops), when its family has such tables; NULL and *n = 0 if none */
static const void *member_table(int family, int i, bool has, size_t off, size_t off_n, size_t *n)
{
	const char *m = rx_member(family, i);
	*n = 0;
	if (!m || !has)
		return NULL;
	const void *t;
	memcpy(&t, m + off, sizeof(t));
	memcpy(n, m + off_n, sizeof(*n));
	if (!t)
		*n = 0;
	return *n ? t : NULL;
}

const struct rx_var_desc *rx_member_vars(int family, int i, size_t *n)
{
	const struct rx_family *f = rx_family_at(family);
	*n = 0;
	return f ? member_table(family, i, f->has_vars, f->off_vars, f->off_n_vars, n) : NULL;
}

const struct rx_sp_rule *rx_member_rules(int family, int i, size_t *n)
{
	const struct rx_family *f = rx_family_at(family);
	*n = 0;
	return f ? member_table(family, i, f->has_rules, f->off_rules, f->off_n_rules, n) : NULL;
}

/* a member's rules: 1 to RX_SP_MAX_RULES, complete, each name unique among
 * every rule of the family (the trace names a rule by its name alone) */
static int check_member_rules(const struct rx_family *f, int fi, int i, char *why, size_t why_len)
{
	if (!f->has_rules)
		return 0;
	size_t n;
	const struct rx_sp_rule *r = rx_member_rules(fi, i, &n);
	const char *name = rx_member_name(fi, i);
	if (n < 1 || n > RX_SP_MAX_RULES) {
		snprintf(why, why_len, "%s '%s': must declare 1 to %d rules (has %zu)", f->name, name, RX_SP_MAX_RULES,
			 n);
		return -1;
	}
	for (size_t k = 0; k < n; k++) {
		if (!r[k].name || !*r[k].name || !r[k].label || !*r[k].label || !r[k].doc || !*r[k].doc) {
			snprintf(why, why_len, "%s '%s': rule %zu is incomplete", f->name, name, k);
			return -1;
		}
		for (int j = 0; j <= i; j++) {
			size_t nj;
			const struct rx_sp_rule *o = rx_member_rules(fi, j, &nj);
			for (size_t q = 0; q < (j == i ? k : nj); q++)
				if (strcmp(o[q].name, r[k].name) == 0) {
					snprintf(why, why_len, "%s rule name '%s' is declared twice", f->name,
						 r[k].name);
					return -1;
				}
		}
	}
	return 0;
}

int rx_var_id(int family, int member, int k)
{
	int id = 0;
	for (int fi = 0; fi < RX_FAM__COUNT; fi++)
		for (int i = 0; i < rx_member_count(fi); i++) {
			size_t n;
			rx_member_vars(fi, i, &n);
			if (fi == family && i == member)
				return k >= 0 && (size_t)k < n ? id + k : -1;
			id += (int)n;
		}
	return -1;
}

int rx_var_lookup(int id, int *family, int *member, int *k)
{
	int base = 0;
	for (int fi = 0; fi < RX_FAM__COUNT; fi++)
		for (int i = 0; i < rx_member_count(fi); i++) {
			size_t n;
			rx_member_vars(fi, i, &n);
			if (id >= base && id < base + (int)n) {
				*family = fi;
				*member = i;
				*k = id - base;
				return 0;
			}
			base += (int)n;
		}
	if (id >= base && id < base + RX_CORE_VAR__COUNT) {
		*family = *member = -1;
		*k = id - base;
		return 0;
	}
	return -1;
}

static const struct rx_var_desc core_vars[] = {
	[RX_CORE_VAR_RWND] = { .name = "rwnd_bytes",
			       .label = "Advertised window",
			       .unit = "bytes",
			       .doc = "The receive window the receiver advertised on its latest ACK (RFC 9293 §3.8.6: "
				      "the buffer less what it holds unread or out of order, never shrunk, with "
				      "receiver SWS avoidance §3.8.6.2.2; RFC 7323 §2 scaling), traced when it "
				      "differs from the last traced value, which starts as the receive buffer "
				      "(receiver.rwnd_bytes, or receiver.rwnd_bdp's): the opportunistic-retransmission "
				      "paper's AWnd." },
	[RX_CORE_VAR_SNDBUF] = { .name = "sndbuf_bytes",
				 .label = "Send buffer",
				 .unit = "bytes",
				 .doc = "The size of the sender's send buffer (tcp.sndbuf_bytes; opportunistic-"
					"retransmission paper §V.B: it grows to tcp.sndbuf_growth × cwnd, Linux's 2, "
					"the paper's refinement 3 in §V.C, up to tcp.sndbuf_limit_bytes, and never "
					"shrinks), traced each time it grows, from tcp.sndbuf_bytes; never traced "
					"when the buffer is not modelled (tcp.sndbuf_bytes 0)." },
};
/* which side holds each core variable (the catalogue's "member" of family "core") */
static const char *const core_var_side[] = { [RX_CORE_VAR_RWND] = "receiver", [RX_CORE_VAR_SNDBUF] = "sender" };
_Static_assert(sizeof(core_var_side) / sizeof(core_var_side[0]) == RX_CORE_VAR__COUNT, "one side per core variable");
_Static_assert(sizeof(core_vars) / sizeof(core_vars[0]) == RX_CORE_VAR__COUNT, "one entry per core variable");

const struct rx_var_desc *rx_core_vars(size_t *n)
{
	*n = RX_CORE_VAR__COUNT;
	return core_vars;
}

/* The core variables' ids follow every member's: their first id is the
 * members' variable count, which the tables fix, so it is counted once (every
 * flow's receiver and sender ask for it at each run's start; counting it
 * walked every family's members each time: a tenth of a ten-segment run's
 * instructions).  Racing first calls compute the same value. */
int rx_core_var_id(int k)
{
	static _Atomic int first_id = -1;
	int id = atomic_load_explicit(&first_id, memory_order_relaxed);
	if (id < 0) {
		id = 0;
		for (int fi = 0; fi < RX_FAM__COUNT; fi++)
			for (int i = 0; i < rx_member_count(fi); i++) {
				size_t n;
				rx_member_vars(fi, i, &n);
				id += (int)n;
			}
		atomic_store_explicit(&first_id, id, memory_order_relaxed);
	}
	return k >= 0 && k < RX_CORE_VAR__COUNT ? id + k : -1;
}

const char *rx_core_var_side(int k)
{
	return k >= 0 && k < RX_CORE_VAR__COUNT ? core_var_side[k] : "";
}

_Static_assert(RX_FAM_CC == 0 && RX_FAM_TIMER == 1 && RX_FAM_RECOVERY == 2 && RX_FAM_LOSSDET == 3 && RX_FAM_APP == 4 &&
		       RX_FLOW_FAMILIES == 5,
	       "the flow families come first: a flow keeps one parameter block for each");

int64_t *rx_flow_choice(struct rx_flow_cfg *f, int family)
{
	/* the flow's member row of the family (params.c) says where the choice is */
	size_t n;
	const struct rx_param *t = rx_params(&n);
	for (size_t i = 0; i < n; i++)
		if (t[i].type == RX_PT_MEMBER && t[i].family == family && t[i].section == RX_SEC_FLOW)
			return (int64_t *)((char *)f + t[i].offset);
	return NULL;
}

/* does a scenario row pick members of the family (a member row, or a
 * tagged list whose items carry their member's parameters)? */
static bool family_is_picked(int family)
{
	size_t n;
	const struct rx_param *t = rx_params(&n);
	for (size_t i = 0; i < n; i++)
		if ((t[i].type == RX_PT_MEMBER || t[i].type == RX_PT_TAGGED_LIST) && t[i].family == family)
			return true;
	return false;
}

/* a member's parameter rows: keys unique, within its block, defaults in range */
static int check_member_params(const struct rx_family *f, int fi, int i, char *why, size_t why_len)
{
	size_t n, sz;
	const struct rx_param *p = rx_member_params(fi, i, &n, &sz);
	const char *name = rx_member_name(fi, i);
	if (n && (sz == 0 || sz > RX_MECH_CFG_SIZE || !family_is_picked(fi))) {
		snprintf(why, why_len,
			 "%s '%s': cfg_size %zu must be between 1 and %d (and a scenario row must pick the family)",
			 f->name, name, sz, RX_MECH_CFG_SIZE);
		return -1;
	}
	for (size_t k = 0; k < n; k++) {
		size_t width = p[k].type == RX_PT_BOOL ? sizeof(bool) : 8;
		bool bad = !p[k].key || !p[k].label || !*p[k].label || !p[k].doc || !p[k].unit ||
			p[k].offset + width > sz || !rx_param_specials_ok(&p[k]) ||
			(p[k].type == RX_PT_ENUM ? !p[k].choice || !p[k].choice((int)p[k].def)
						 : (p[k].def < p[k].min || p[k].def > p[k].max));
		for (size_t j = 0; j < k && !bad; j++)
			bad = strcmp(p[j].key, p[k].key) == 0;
		if (bad) {
			snprintf(why, why_len,
				 "%s '%s': parameter %zu ('%s') is incomplete, repeated, out of its block or has a "
				 "default out of range",
				 f->name, name, k, p[k].key ? p[k].key : "?");
			return -1;
		}
	}
	return 0;
}

int rx_member_index(int family, const char *name)
{
	for (int i = 0; i < rx_member_count(family); i++)
		if (strcmp(rx_member_name(family, i), name) == 0)
			return i;
	return -1;
}

/* loss model -> its stage (NULL: no stage) */
const struct rx_stage_ops *rx_stage_for_loss_model(int model)
{
	return model > RX_LOSS_NONE && model < RX_LOSS__COUNT ? rx_member(RX_FAM_STAGE, model - 1) : NULL;
}

int rx_registry_validate(char *why, size_t why_len)
{
	for (int fi = 0; fi < RX_FAM__COUNT; fi++) {
		const struct rx_family *f = &families[fi];
		for (int i = 0; i < f->n_members; i++) {
			const char *m = f->members[i];
			const char *name = rx_member_name(fi, i);
			const char *texts[3] = { name, rx_member_label(fi, i), rx_member_doc(fi, i) };
			static const char *const text_names[3] = { "name", "label", "doc" };
			for (int k = 0; k < 3; k++)
				if (!texts[k] || !*texts[k]) {
					snprintf(why, why_len, "%s member %d ('%s'): required member '%s' is missing",
						 f->name, i, name ? name : "?", text_names[k]);
					return -1;
				}
			for (int r = 0; r < f->n_required; r++) {
				void (*fn)(void);
				memcpy(&fn, m + f->required[r].offset, sizeof(fn));
				if (!fn) {
					snprintf(why, why_len, "%s '%s': required member '%s' is missing", f->name,
						 name, f->required[r].name);
					return -1;
				}
			}
			if (check_member_params(f, fi, i, why, why_len) || check_member_rules(f, fi, i, why, why_len))
				return -1;
			size_t nv;
			const struct rx_var_desc *v = rx_member_vars(fi, i, &nv);
			if (nv > RX_MAX_VARS) {
				snprintf(why, why_len, "%s '%s': at most %d trace variables", f->name, name,
					 RX_MAX_VARS);
				return -1;
			}
			for (size_t k = 0; k < nv; k++)
				if (!v[k].name || !v[k].label || !v[k].unit || !v[k].doc) {
					snprintf(why, why_len, "%s '%s': trace variable %zu is incomplete", f->name,
						 name, k);
					return -1;
				}
			for (int j = 0; j < i; j++)
				if (strcmp(rx_member_name(fi, j), name) == 0) {
					snprintf(why, why_len, "%s name '%s' is registered twice", f->name, name);
					return -1;
				}
		}
	}
	return 0;
}
