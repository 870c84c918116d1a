/* seed_encode.c — write a fuzz input that fuzz_scenario.c decodes into a
 * chosen scenario (used to make the seed corpus; see make_seeds.sh).
 *
 *   seed_encode OUT [SPEC]...
 *
 * SPEC is one of
 *   flags=N                 first byte (7 = validation mode, 56 = run twice)
 *   flows=N                 number of flows, 1..64
 *   KEY=VALUE               a scenario row, e.g. duration_s=5, trace=sampled
 *   fwd.KEY=V / rev.KEY=V   a direction row, e.g. fwd.delay_ms=25
 *   fwd.loss.KEY=V          a loss row, e.g. fwd.loss.model=tail
 *   fwd.rules=N             number of positioned rules (0..8)
 *   fwd.rules[i].KEY=V      a rule row, e.g. fwd.rules[0].action=delay
 *   flows[i].KEY=V          a flow row, e.g. flows[0].tcp.timer=tlp; a set's names
 *                           joined by '+' (flows[0].tcp.spurious=frto+dsack)
 *   flows[i].K_params.R=V   a row of the member chosen by K, e.g.
 *                           flows[0].tcp.cc_params.alpha=3 (with flows[0].tcp.cc=vegas)
 *   flows[i].sizes=A,B,...  app.sizes (1..16 items)
 *   flows[i].blocked=F,T,...  receiver.read_blocked_ms (1..4 FROM,TO pairs, ascending)
 *   fwd.stages=K1+K2        path.forward.stages by kind (1..4), each stage's own
 *                           rows as fwd.stages[k].KEY=V
 *   fwd.schedule=N          path.forward.schedule rows (1..8), each row as
 *                           fwd.schedule[i].KEY=V, e.g. fwd.schedule[1].delay_ms=500
 * Enum values are given by name.  Rows not named keep their defaults (the
 * mode byte 0).  In validation mode (flags=7) a row may be given as KEY=!nan
 * (NaN, or min-1 / INT64_MAX / a raw bool byte for other types) or
 * KEY=!above (just above the maximum).  The walk mirrors decode() in fuzz_scenario.c: keep the two
 * in step.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rexsim/params.h"
#include "rexsim/registry.h"
#include "rexsim/rexsim.h"

static uint8_t out[1 << 16];
static size_t n_out;
static int n_specs;
static char **specs;
static int *used;

static void emit(uint8_t b)
{
	if (n_out >= sizeof(out)) {
		fprintf(stderr, "seed too large\n");
		exit(1);
	}
	out[n_out++] = b;
}

static void emit_be(uint64_t v, int bytes)
{
	for (int i = bytes - 1; i >= 0; i--)
		emit((uint8_t)(v >> (8 * i)));
}

static const char *find(const char *key)
{
	size_t kl = strlen(key);
	for (int i = 0; i < n_specs; i++)
		if (strncmp(specs[i], key, kl) == 0 && specs[i][kl] == '=') {
			used[i] = 1;
			return specs[i] + kl + 1;
		}
	return NULL;
}

/* the value bytes of int_in() for v in [lo, hi] */
static void emit_int_in(int64_t v, int64_t lo, int64_t hi)
{
	if (v < lo || v > hi) {
		fprintf(stderr, "value %lld outside [%lld, %lld]\n", (long long)v, (long long)lo, (long long)hi);
		exit(1);
	}
	uint64_t off = (uint64_t)(v - lo);
	if (off <= 16) {
		emit((uint8_t)off);
		return;
	}
	emit(127); /* 127 % 64 = 63 bits, 8 bytes */
	emit_be(off, 8);
}

static void emit_row(const struct rx_param *p, const char *val)
{
	if (p->type > RX_PT_SET)
		return; /* containers: the decoder fills them in its own loops (no bytes here) */
	if (!val) {
		emit(0); /* keep the default */
		return;
	}
	if (strcmp(val, "!nan") == 0 || strcmp(val, "!above") == 0) {
		bool nan = val[1] == 'n';
		emit(nan ? 30 : 28);
		if (p->type == RX_PT_BOOL || (!nan && p->type == RX_PT_FLOAT))
			emit(0);
		else if (!nan && p->type == RX_PT_INT) {
			emit(0);
			emit(0);
		}
		return;
	}
	emit(8); /* in range */
	switch (p->type) {
	case RX_PT_BOOL:
		emit(strcmp(val, "true") == 0 || strcmp(val, "1") == 0);
		break;
	case RX_PT_SET: { /* names separated by '+', e.g. frto+dsack: one byte, the mask */
		unsigned mask = 0;
		char *copy = strdup(val), *save = NULL;
		for (char *tok = strtok_r(copy, "+", &save); tok; tok = strtok_r(NULL, "+", &save)) {
			int i = rx_param_choice_index(p, tok);
			if (i < 0 || i > 7) {
				fprintf(stderr, "%s: no choice '%s' (in the first 8)\n", p->key, tok);
				exit(1);
			}
			mask |= 1u << i;
		}
		free(copy);
		emit((uint8_t)mask);
		break;
	}
	case RX_PT_ENUM:
	case RX_PT_MEMBER: {
		int i = rx_param_choice_index(p, val);
		if (i < 0) {
			char *end;
			i = (int)strtol(val, &end, 10);
			if (*end) {
				fprintf(stderr, "%s: no choice '%s'\n", p->key, val);
				exit(1);
			}
		}
		emit((uint8_t)i);
		break;
	}
	case RX_PT_INT:
		emit_int_in((int64_t)strtod(val, NULL), (int64_t)p->min, (int64_t)p->max);
		break;
	case RX_PT_FLOAT: {
		double d = strtod(val, NULL);
		uint64_t bits;
		memcpy(&bits, &d, sizeof(bits));
		emit(4); /* exact IEEE value */
		emit_be(bits, 8);
		break;
	}
	}
}

static void emit_section(int section, const char *prefix)
{
	size_t n;
	const struct rx_param *t = rx_params(&n);
	char key[256];
	for (size_t i = 0; i < n; i++) {
		if (t[i].section != section)
			continue;
		snprintf(key, sizeof(key), "%s%s", prefix, t[i].key);
		emit_row(&t[i], find(key));
	}
}

static void emit_dir(const char *name)
{
	char pre[64];
	snprintf(pre, sizeof(pre), "%s.", name);
	emit_section(RX_SEC_DIR, pre);
	snprintf(pre, sizeof(pre), "%s.loss.", name);
	emit_section(RX_SEC_LOSS, pre);
	snprintf(pre, sizeof(pre), "%s.rules", name);
	const char *v = find(pre);
	int nr = v ? atoi(v) : 0;
	if (nr < 0 || nr > 8) {
		fprintf(stderr, "%s: 0..8 rules\n", pre);
		exit(1);
	}
	emit((uint8_t)nr);
	for (int r = 0; r < nr; r++) {
		snprintf(pre, sizeof(pre), "%s.rules[%d].", name, r);
		emit_section(RX_SEC_RULE, pre);
	}
}

/* path.<dir>.stages (gen_stages): 200 + n - 1, then each kind and its own rows */
static void emit_stages(const char *name)
{
	char key[64];
	snprintf(key, sizeof(key), "%s.stages", name);
	const char *v = find(key);
	if (!v) {
		emit(0);
		return;
	}
	char *copy = strdup(v), *save = NULL;
	int kinds[4], n = 0;
	for (char *tok = strtok_r(copy, "+", &save); tok; tok = strtok_r(NULL, "+", &save)) {
		int m = rx_member_index(RX_FAM_STAGE, tok);
		if (m < 0 || n == 4) {
			fprintf(stderr, "%s: 1..4 stage names\n", key);
			exit(1);
		}
		kinds[n++] = m;
	}
	free(copy);
	emit((uint8_t)(200 + n - 1));
	for (int k = 0; k < n; k++) {
		emit((uint8_t)kinds[k]);
		size_t np;
		const struct rx_param *rows = rx_member_params(RX_FAM_STAGE, kinds[k], &np, NULL);
		for (size_t r = 0; r < np; r++) {
			snprintf(key, sizeof(key), "%s.stages[%d].%s", name, k, rows[r].key);
			emit_row(&rows[r], find(key));
		}
	}
}

/* path.<dir>.schedule (gen_schedule): 160 + n - 1, then each row */
static void emit_schedule(const char *name)
{
	char key[64];
	snprintf(key, sizeof(key), "%s.schedule", name);
	const char *v = find(key);
	int n = v ? atoi(v) : 0;
	if (n < 0 || n > 8) {
		fprintf(stderr, "%s: 0..8 rows\n", key);
		exit(1);
	}
	if (n == 0) {
		emit(0);
		return;
	}
	emit((uint8_t)(160 + n - 1));
	for (int i = 0; i < n; i++) {
		snprintf(key, sizeof(key), "%s.schedule[%d].", name, i);
		emit_section(RX_SEC_SCHED, key);
	}
}

/* each flow family's chosen member's own rows, in the decoder's order
 * (gen_members): flows[i].<choice key>_params.<row key>=V */
static void emit_members(const char *prefix)
{
	size_t n;
	const struct rx_param *t = rx_params(&n);
	for (int fam = 0; fam < RX_FLOW_FAMILIES; fam++) {
		const struct rx_param *row = NULL;
		for (size_t i = 0; i < n; i++)
			if (t[i].section == RX_SEC_FLOW && t[i].type == RX_PT_MEMBER && t[i].family == fam)
				row = &t[i];
		if (!row)
			continue;
		char key[256];
		snprintf(key, sizeof(key), "%s%s", prefix, row->key);
		const char *chosen = find(key);
		int m = chosen ? rx_param_choice_index(row, chosen) : (int)row->def;
		if (m < 0)
			continue; /* a numeric index: the decoder skips an invalid member */
		size_t np;
		const struct rx_param *rows = rx_member_params(fam, m, &np, NULL);
		for (size_t k = 0; k < np; k++) {
			snprintf(key, sizeof(key), "%s%s_params.%s", prefix, row->key, rows[k].key);
			emit_row(&rows[k], find(key));
		}
	}
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s OUT [SPEC]...\n", argv[0]);
		return 2;
	}
	specs = argv + 2;
	n_specs = argc - 2;
	used = calloc((size_t)n_specs + 1, sizeof(int));

	const char *v = find("flags");
	emit(v ? (uint8_t)atoi(v) : 0);
	v = find("flows");
	int nf = v ? atoi(v) : 1;
	if (nf < 1 || nf > RX_MAX_FLOWS) {
		fprintf(stderr, "flows: 1..%d\n", RX_MAX_FLOWS);
		return 1;
	}
	if (nf <= 4) {
		emit((uint8_t)(nf - 1));
	} else {
		emit(28);
		emit((uint8_t)(nf - 5));
	}
	emit_section(RX_SEC_SCENARIO, "");
	emit_dir("fwd");
	emit_dir("rev");
	for (int i = 0; i < nf; i++) {
		char pre[32], key[48];
		snprintf(pre, sizeof(pre), "flows[%d].", i);
		emit_section(RX_SEC_FLOW, pre);
		emit_members(pre);
		snprintf(key, sizeof(key), "flows[%d].sizes", i);
		v = find(key);
		if (!v) {
			emit(0);
			continue;
		}
		int64_t sizes[16];
		int ns = 0;
		char *copy = strdup(v), *save = NULL;
		for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
			if (ns == 16) {
				fprintf(stderr, "%s: at most 16 sizes\n", key);
				return 1;
			}
			sizes[ns++] = (int64_t)strtod(tok, NULL);
		}
		free(copy);
		if (ns == 0) {
			emit(0);
			continue;
		}
		emit((uint8_t)(192 + ns - 1));
		for (int j = 0; j < ns; j++) {
			emit(0); /* item mode: in range */
			emit_int_in(sizes[j], 1, 1000000000);
		}
	}
	emit_stages("fwd");
	emit_stages("rev");
	emit_schedule("fwd");
	emit_schedule("rev");
	/* each flow's receiver.read_blocked_ms (gen_blocks): flows[i].blocked=FROM,TO,... */
	for (int i = 0; i < nf; i++) {
		char key[48];
		snprintf(key, sizeof(key), "flows[%d].blocked", i);
		v = find(key);
		if (!v) {
			emit(0);
			continue;
		}
		int64_t ms[8];
		int nm = 0;
		char *copy = strdup(v), *save = NULL;
		for (char *tok = strtok_r(copy, ",", &save); tok && nm < 8; tok = strtok_r(NULL, ",", &save))
			ms[nm++] = (int64_t)strtod(tok, NULL);
		free(copy);
		if (nm < 2 || nm % 2) {
			fprintf(stderr, "%s: 1 to 4 FROM,TO pairs\n", key);
			return 1;
		}
		emit((uint8_t)(200 + nm / 2 - 1));
		int64_t t = 0;
		for (int k = 0; k < nm; k += 2) {
			emit_int_in(ms[k] - t, 0, 3000);
			emit_int_in(ms[k + 1] - ms[k], 1, 3000);
			t = ms[k + 1];
		}
	}
	for (int i = 0; i < n_specs; i++)
		if (!used[i]) {
			fprintf(stderr, "unknown or misplaced spec: %s\n", specs[i]);
			return 1;
		}
	/* trailing zero bytes decode exactly like an exhausted input */
	while (n_out > 1 && out[n_out - 1] == 0)
		n_out--;
	FILE *f = fopen(argv[1], "wb");
	if (!f || fwrite(out, 1, n_out, f) != n_out || fclose(f) != 0) {
		perror(argv[1]);
		return 1;
	}
	return 0;
}
