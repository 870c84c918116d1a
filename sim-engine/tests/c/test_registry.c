/* test_registry.c — every family's ops tables have their required members,
 * a label, a doc and a unique name; a family with a flow parameter offers
 * exactly its members as that parameter's choices, the first as default;
 * every parameter's default lies in its range, every row (a member's too)
 * has a label and only valid special values, every container is well
 * formed and every applies_to names a sibling choice; the default scenario
 * validates.  Also: the ops ABI this test was written for. */
#include <stdlib.h>
#include <string.h>
#include "scenarios.h"
#include "core/sim.h"
#include "rexsim/registry.h"
#include "rexsim/spurious.h"

static const struct rx_param *param_at(const char *key)
{
	size_t n;
	const struct rx_param *p = rx_params(&n);
	for (size_t i = 0; i < n; i++)
		if (p[i].section == RX_SEC_FLOW && strcmp(p[i].key, key) == 0)
			return &p[i];
	return NULL;
}

/* the validator must notice a table without a required member */
static void validator_can_fail(void)
{
	const struct rx_family *f = rx_family_at(RX_FAM_TIMER);
	struct rx_timer_ops broken = *(const struct rx_timer_ops *)f->members[0];
	broken.arm = NULL;
	void (*fn)(void);
	memcpy(&fn, (const char *)&broken + f->required[0].offset, sizeof(fn));
	CHECK(fn == NULL);
	CHECK(strcmp(f->required[0].name, "arm") == 0);
}

int main(void)
{
	char why[200] = "";
	/* 6: rx_ack_info's newest_tx_ns, newest_tx_order and orig_low_end_seq;
	 * lossdet's time_based and observe (RACK, ld_rack.c); 7: a spurious
	 * detector's rules and on_ack's rule (the trace's spurious event) */
	CHECK_EQ_I64(RX_OPS_ABI, 9);
	CHECK_EQ_I64(rx_registry_validate(why, sizeof(why)), 0);
	if (*why)
		fprintf(stderr, "registry: %s\n", why);
	validator_can_fail();
	for (int fi = 0; fi < RX_FAM__COUNT; fi++) {
		const struct rx_family *f = rx_family_at(fi);
		CHECK(f && f->name && f->doc && strlen(f->doc) > 20 && f->label && strlen(f->label) > 3);
		CHECK(rx_family_by_name(f->name) == f);
		for (int i = 0; i < f->n_members; i++) {
			CHECK(strlen(rx_member_label(fi, i)) > 1);
			CHECK(strlen(rx_member_doc(fi, i)) > 40);
			CHECK_EQ_I64(rx_member_index(fi, rx_member_name(fi, i)), i);
		}
		CHECK(rx_member(fi, f->n_members) == NULL);
		if (!f->key)
			continue;
		/* the family's key: a member row (one member, the first by default) or
		 * a set (any of them, none by default) whose choices are exactly the
		 * members, in order */
		const struct rx_param *p = param_at(f->key);
		CHECK(p != NULL && (p->type == RX_PT_MEMBER || p->type == RX_PT_SET) && p->family == fi);
		if (!p)
			continue;
		for (int i = 0; i < f->n_members; i++)
			CHECK(strcmp(rx_param_choice(p, i), rx_member_name(fi, i)) == 0);
		CHECK(rx_param_choice(p, f->n_members) == NULL);
		CHECK(p->def == 0);
		CHECK(f->n_members >= 1 || p->type == RX_PT_SET);
	}
	/* every detector names the rules of its verdicts (the trace's spurious
	 * event); no other family declares rules */
	for (int fi = 0; fi < RX_FAM__COUNT; fi++)
		for (int i = 0; i < rx_member_count(fi); i++) {
			size_t nr;
			const struct rx_sp_rule *r = rx_member_rules(fi, i, &nr);
			CHECK(fi == RX_FAM_SPURIOUS ? (r && nr >= 1 && nr <= RX_SP_MAX_RULES) : (!r && nr == 0));
		}
	CHECK(rx_member_count(RX_FAM_CC) >= 2);
	CHECK(rx_member_count(RX_FAM_TIMER) == 5);
	CHECK(rx_member_count(RX_FAM_RECOVERY) >= 1);
	CHECK(rx_member_count(RX_FAM_LOSSDET) >= 1);
	/* the loss models come first in the stage family, in their enum's order
	 * (rx_stage_for_loss_model); the stages that are only listed follow */
	CHECK(rx_member_count(RX_FAM_STAGE) >= RX_LOSS__COUNT - 1);
	for (int m = 1; m < RX_LOSS__COUNT; m++)
		CHECK(rx_stage_for_loss_model(m) == rx_member(RX_FAM_STAGE, m - 1) &&
		      !rx_stage_for_loss_model(m)->own_cfg);
	CHECK(rx_member_index(RX_FAM_STAGE, "delay_spike") >= RX_LOSS__COUNT - 1);
	CHECK(rx_member_index(RX_FAM_STAGE, "outage") >= RX_LOSS__COUNT - 1);
	CHECK(rx_member_index(RX_FAM_CC, "no-such-cc") == -1);
	/* the names the scenario shape promises */
	CHECK(t_enum("tcp.cc", "reno") >= 0 && t_enum("tcp.cc", "cubic") >= 0);
	const char *timers[] = { "rto", "rtor", "tlp", "tlpr", "tlp_rfc8985" };
	for (int i = 0; i < 5; i++)
		CHECK(t_enum("tcp.timer", timers[i]) >= 0);

	size_t n;
	const struct rx_param *p = rx_params(&n);
	CHECK(n > 40);
	for (size_t i = 0; i < n; i++) {
		CHECK(p[i].doc && strlen(p[i].doc) > 20);
		/* a name for people on every row (a member row: its family's), and special
		 * values only on number rows, labelled and within the range */
		const char *label = rx_param_label(&p[i]);
		CHECK(label && strlen(label) >= 2 && strlen(label) <= 48);
		CHECK(rx_param_specials_ok(&p[i]));
		switch (p[i].type) {
		case RX_PT_ENUM:
		case RX_PT_MEMBER:
			CHECK(rx_param_choice(&p[i], 0) != NULL);
			break;
		case RX_PT_OBJECT:
			CHECK(p[i].sub > p[i].section && p[i].sub < RX_SEC__COUNT);
			break;
		case RX_PT_LIST: /* a list of sections: sized items, a default within its limits */
			CHECK(p[i].sub > p[i].section && p[i].sub < RX_SEC__COUNT && p[i].item_size > 0);
			CHECK(p[i].def >= (double)p[i].min_items && p[i].def <= (double)p[i].max_items);
			break;
		case RX_PT_INT_LIST:
			CHECK(p[i].min <= p[i].max && p[i].min_items <= p[i].max_items && p[i].max_items > 0);
			break;
		default:
			CHECK(p[i].min <= p[i].max);
			CHECK(p[i].def >= p[i].min && p[i].def <= p[i].max);
		}
		/* applies_to names a sibling choice row and some of its choices */
		if (p[i].applies_to) {
			char key[64];
			const char *colon = strchr(p[i].applies_to, ':');
			CHECK(colon != NULL);
			snprintf(key, sizeof(key), "%.*s", colon ? (int)(colon - p[i].applies_to) : 0, p[i].applies_to);
			const struct rx_param *d = NULL;
			for (size_t j = 0; j < n; j++)
				if (p[j].section == p[i].section && strcmp(p[j].key, key) == 0)
					d = &p[j];
			CHECK(d && (d->type == RX_PT_ENUM || d->type == RX_PT_MEMBER));
			for (const char *v = colon ? colon + 1 : ""; d && *v;) {
				char one[64];
				size_t len = strcspn(v, ",");
				snprintf(one, sizeof(one), "%.*s", (int)len, v);
				CHECK(rx_param_choice_index(d, one) >= 0);
				v += len + (v[len] == ',');
			}
		}
		for (size_t j = i + 1; j < n; j++)
			CHECK(!(p[i].section == p[j].section && strcmp(p[i].key, p[j].key) == 0));
		/* grouped by section, in enum order (rx_section_row bisects) */
		CHECK(i == 0 || p[i - 1].section <= p[i].section);
	}
	/* every member's own rows have a label and valid special values too */
	for (int fi = 0; fi < RX_FAM__COUNT; fi++)
		for (int m = 0; m < rx_member_count(fi); m++) {
			size_t np;
			const struct rx_param *mp = rx_member_params(fi, m, &np, NULL);
			for (size_t k = 0; k < np; k++) {
				CHECK(mp[k].label && strlen(mp[k].label) >= 2 && strlen(mp[k].label) <= 48);
				CHECK(rx_param_specials_ok(&mp[k]));
			}
		}
	/* the validator notices a member row without a label or with a special value out of range */
	{
		struct rx_param bad = *param_at("tcp.min_rto_ms");
		CHECK(rx_param_specials_ok(&bad));
		static const struct rx_special below[] = { { -2, "below the range" }, { 0, NULL } };
		bad.special = below;
		CHECK(!rx_param_specials_ok(&bad));
		bad.type = RX_PT_BOOL;
		bad.special = NULL;
		CHECK(rx_param_specials_ok(&bad));
		static const struct rx_special on_bool[] = { { 0, "off" }, { 0, NULL } };
		bad.special = on_bool;
		CHECK(!rx_param_specials_ok(&bad));
	}
	/* a listed stage's own rows say what path.<dir>.loss says of the same key
	 * (the stages that are loss models too; own_cfg stages have their own block) */
	for (int m = 0; m < rx_member_count(RX_FAM_STAGE); m++) {
		const struct rx_stage_ops *so = rx_member(RX_FAM_STAGE, m);
		if (so->own_cfg)
			continue;
		size_t np;
		const struct rx_param *sp = rx_member_params(RX_FAM_STAGE, m, &np, NULL);
		for (size_t k = 0; k < np; k++) {
			const struct rx_param *lr = NULL;
			for (size_t j = 0; j < n; j++)
				if (p[j].section == RX_SEC_LOSS && strcmp(p[j].key, sp[k].key) == 0)
					lr = &p[j];
			CHECK(lr != NULL);
			if (lr)
				CHECK(lr->type == sp[k].type && lr->min == sp[k].min && lr->max == sp[k].max &&
				      lr->def == sp[k].def && strcmp(lr->unit, sp[k].unit) == 0 &&
				      lr->offset == sp[k].offset);
		}
	}
	struct rx_scenario *sc = malloc(sizeof(*sc));
	rx_scenario_init(sc);
	struct rx_error err;
	CHECK_EQ_I64(rx_scenario_validate(sc, &err), 0);
	CHECK_EQ_I64(sc->flows[0].cc, t_enum("tcp.cc", "reno"));
	CHECK_EQ_I64(sc->flows[0].timer, t_enum("tcp.timer", "rto"));
	CHECK_EQ_I64(sc->flows[0].recovery, t_enum("tcp.recovery", "rfc6675"));
	CHECK_EQ_I64(sc->flows[0].lossdet, t_enum("tcp.lossdet", "dupack"));
	CHECK_EQ_I64(sc->flows[0].mss, 1448);
	free(sc);
	return t_report("registry");
}
