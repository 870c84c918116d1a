/* registry.c — every mechanism table, and their validation: a table that
 * lacks a required member, or reuses a name, fails rx_registry_validate(),
 * which the test suite and the binding's module init both call. */
#include <stdio.h>
#include <string.h>
#include "sim.h"

extern const struct rx_cc_ops rx_cc_reno, rx_cc_cubic;
extern const struct rx_timer_ops rx_tmr_rto, rx_tmr_rtor, rx_tmr_tlp, rx_tmr_tlpr, rx_tmr_tlp_rfc8985;
extern const struct rx_recovery_ops rx_rec_rfc6675;
extern const struct rx_stage_ops rx_stage_positioned, rx_stage_tail, rx_stage_bernoulli, rx_stage_gilbert_elliott;

/* loss model -> its stage (NULL: no stage) */
static const struct rx_stage_ops *const loss_stages[RX_LOSS__COUNT] = {
	[RX_LOSS_NONE] = NULL,
	[RX_LOSS_POSITIONED] = &rx_stage_positioned,
	[RX_LOSS_TAIL] = &rx_stage_tail,
	[RX_LOSS_BERNOULLI] = &rx_stage_bernoulli,
	[RX_LOSS_GILBERT_ELLIOTT] = &rx_stage_gilbert_elliott,
};

const struct rx_stage_ops *rx_stage_for_loss_model(int model)
{
	return model >= 0 && model < RX_LOSS__COUNT ? loss_stages[model] : NULL;
}

const struct rx_cc_ops *const rx_cc_registry[] = { &rx_cc_reno, &rx_cc_cubic, NULL };
const struct rx_timer_ops *const rx_timer_registry[] = {
	&rx_tmr_rto, &rx_tmr_rtor, &rx_tmr_tlp, &rx_tmr_tlpr, &rx_tmr_tlp_rfc8985, NULL
};
const struct rx_recovery_ops *const rx_recovery_registry[] = { &rx_rec_rfc6675, NULL };

#define COUNT(fn, reg) int fn(void) { int n = 0; while (reg[n]) n++; return n; }
COUNT(rx_registry_count_cc, rx_cc_registry)
COUNT(rx_registry_count_timer, rx_timer_registry)
COUNT(rx_registry_count_recovery, rx_recovery_registry)

static int bad(char *why, size_t len, const char *family, const char *name, const char *member)
{
	snprintf(why, len, "%s '%s': required member '%s' is missing", family, name ? name : "?", member);
	return -1;
}

#define REQ(fam, t, m) do { if (!(t)->m) return bad(why, why_len, fam, (t)->name, #m); } while (0)

static int unique(char *why, size_t len, const char *family, const char *const *names, int n)
{
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			if (strcmp(names[i], names[j]) == 0) {
				snprintf(why, len, "%s name '%s' is registered twice", family, names[i]);
				return -1;
			}
	return 0;
}

int rx_registry_validate(char *why, size_t why_len)
{
	const char *names[32];
	int n = 0;
	for (int i = 0; rx_cc_registry[i]; i++) {
		const struct rx_cc_ops *t = rx_cc_registry[i];
		REQ("cc", t, name); REQ("cc", t, doc); REQ("cc", t, ssthresh);
		REQ("cc", t, cong_avoid); REQ("cc", t, undo_cwnd);
		names[n++] = t->name;
	}
	if (unique(why, why_len, "cc", names, n))
		return -1;
	n = 0;
	for (int i = 0; rx_timer_registry[i]; i++) {
		const struct rx_timer_ops *t = rx_timer_registry[i];
		REQ("timer", t, name); REQ("timer", t, doc); REQ("timer", t, arm);
		names[n++] = t->name;
	}
	if (unique(why, why_len, "timer", names, n))
		return -1;
	n = 0;
	for (int i = 0; rx_recovery_registry[i]; i++) {
		const struct rx_recovery_ops *t = rx_recovery_registry[i];
		REQ("recovery", t, name); REQ("recovery", t, doc); REQ("recovery", t, enter);
		REQ("recovery", t, on_ack); REQ("recovery", t, send_quota); REQ("recovery", t, exit);
		names[n++] = t->name;
	}
	if (unique(why, why_len, "recovery", names, n))
		return -1;
	n = 0;
	for (int i = 0; i < RX_LOSS__COUNT; i++) {
		const struct rx_stage_ops *t = loss_stages[i];
		if (!t)
			continue;
		REQ("stage", t, name); REQ("stage", t, doc); REQ("stage", t, apply);
		names[n++] = t->name;
	}
	return unique(why, why_len, "stage", names, n);
}
