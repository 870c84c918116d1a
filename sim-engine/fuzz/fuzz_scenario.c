/* fuzz_scenario.c — libFuzzer harness for the Rexmit engine.
 *
 * The input bytes are decoded into a struct rx_scenario by walking the
 * parameter descriptor table (rexsim/params.h), so every row of every section
 * gets a value without this file naming the rows one by one.  The scenario is
 * validated; a valid one is run and its result is checked against invariants
 * that hold for every scenario.  A violated invariant calls abort(), so the
 * fuzzer (or the replay driver, replay_main.c) reports it with a stack trace.
 *
 * Layout of the input (every read past the end yields 0, and a 0 "mode" byte
 * keeps the catalogue default, so a short input is a mostly-default scenario):
 *
 *   byte 0    flags: (flags & 7) == 7 -> validation mode: values may be out of
 *             range, NaN or inf, counts may be invalid, and no cross-field
 *             fix-ups are made.  (flags >> 3 & 7) == 7 -> run twice and compare
 *             (determinism: same scenario + seed, same trace).
 *             flags & 0x40 -> run through rx_run_progress() instead of rx_run().
 *   byte 1    number of flows
 *   then      scenario rows; forward dir rows, loss rows, rule count, rules;
 *             reverse the same; per flow: flow rows, then app.sizes; then
 *             the forward and reverse stage lists, then their schedules, then
 *             each flow's receiver.read_blocked_ms (gen_blocks).
 *   each row  one mode byte, then 0..8 value bytes (see gen_row, int_in, float_in).
 *
 * Budget: whatever the bytes say, an in-range duration_s is cut to 30 s,
 * max_events to 20000, rates in (0, 1e6) (the bottleneck's and the sender NIC's) are raised to 1e6 bps, objects to
 * 200 segments, bulk writes to 2 s, and sample_ms so that at most 20000 samples
 * are taken.  Clamping only shrinks a valid value to another valid value, so
 * validation outcomes are unchanged by it.
 */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rexsim/app.h"
#include "rexsim/config.h"
#include "rexsim/params.h"
#include "rexsim/registry.h"
#include "rexsim/rexsim.h"
#include "rexsim/stage.h"

#define FZ_MAX_DURATION_S 30.0
#define FZ_MAX_EVENTS 20000
#define FZ_MIN_RATE_BPS 1e6
#define FZ_MAX_OBJ_SEGS 200
#define FZ_MAX_BULK_S 2.0
#define FZ_MAX_SAMPLES 20000.0
#define FZ_MAX_RULES_NORMAL 8

/* ------------------------------------------------------------------ input */
struct fz_in {
	const uint8_t *p;
	size_t n, at;
};

static uint8_t u8(struct fz_in *in)
{
	return in->at < in->n ? in->p[in->at++] : 0;
}

static uint64_t un(struct fz_in *in, int bytes)
{
	uint64_t v = 0;
	for (int i = 0; i < bytes; i++)
		v = (v << 8) | u8(in);
	return v;
}

/* uniform in [0, 1] from 16 bits */
static double unit16(struct fz_in *in)
{
	return (double)un(in, 2) / 65535.0;
}

/* ------------------------------------------------------------------ failure */
static void fz_fail(const char *what, long long a, long long b)
{
	fprintf(stderr, "fuzz_scenario: INVARIANT VIOLATED: %s (%lld, %lld)\n", what, a, b);
	abort();
}

#define CHECK(cond, what, a, b) \
	do { \
		if (!(cond)) \
			fz_fail(what, (long long)(a), (long long)(b)); \
	} while (0)

/* Checks with a tag can be switched off while a known engine bug is open, so
 * a fuzzing campaign can go past it: REXSIM_FUZZ_IGNORE=tag1,tag2 */
static bool ignored(const char *tag)
{
	const char *list = getenv("REXSIM_FUZZ_IGNORE");
	size_t n = strlen(tag);
	for (const char *p = list; p && *p;) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		if (len == n && strncmp(p, tag, n) == 0)
			return true;
		p = end ? end + 1 : NULL;
	}
	return false;
}

#define CHECK_TAG(tag, cond, what, a, b) \
	do { \
		if (!(cond) && !ignored(tag)) \
			fz_fail(what " [" tag "]", (long long)(a), (long long)(b)); \
	} while (0)

/* ------------------------------------------------------------------ value generation
 * Mode byte m, by m % 32:
 *    0..7   keep the default (0 when the input is exhausted)
 *    8..23  inside [min, max]
 *   24..25  min edge
 *   26..27  max edge
 *   28..31  validation mode only: just outside, far outside, NaN / min-1,
 *           inf / max+1.  Outside validation mode these pick inside values.
 */
enum { G_KEEP = 0, G_SET, G_INVALID };

static int enum_count(const struct rx_param *p)
{
	int n = 0;
	while (rx_param_choice(p, n))
		n++;
	return n;
}

/* an int64 inside [lo, hi]: small offsets often, otherwise log-scaled */
static int64_t int_in(struct fz_in *in, int64_t lo, int64_t hi)
{
	uint64_t span = (uint64_t)(hi - lo);
	uint8_t sel = u8(in);
	uint64_t v;
	if (sel < 96) {
		v = (uint64_t)(sel % 17); /* lo + 0..16 */
	} else {
		int bits = sel % 64; /* log-scaled magnitude */
		v = un(in, (bits + 8) / 8);
		if (bits < 64)
			v &= bits ? ((UINT64_C(1) << bits) - 1) : 0;
	}
	if (span != UINT64_MAX)
		v %= span + 1;
	return lo + (int64_t)v;
}

/* a double inside [lo, hi]: skewed towards lo, or (sel % 5 == 4) an exact
 * IEEE-754 value from the next 8 bytes when that lies inside the range */
static double float_in(struct fz_in *in, double lo, double hi)
{
	uint8_t sel = u8(in);
	if (sel % 5 == 4) {
		uint64_t bits = un(in, 8);
		double v;
		memcpy(&v, &bits, sizeof(v));
		if (isfinite(v) && v >= lo && v <= hi)
			return v;
		return lo + (double)(bits >> 11) / 9007199254740992.0 * (hi - lo);
	}
	double u = unit16(in);
	switch (sel % 5) {
	case 0:
		break; /* uniform */
	case 1:
		u = u * u;
		break;
	case 2:
		u = u * u * u * u;
		break;
	default:
		u = u * u * u * u * u * u * u * u;
		break;
	}
	double v = lo + u * (hi - lo);
	if (v < lo)
		v = lo;
	if (v > hi)
		v = hi;
	return v;
}

static void put_i64(void *at, int64_t v)
{
	memcpy(at, &v, sizeof(v));
}
static void put_f64(void *at, double v)
{
	memcpy(at, &v, sizeof(v));
}
static int64_t get_i64(const void *at)
{
	int64_t v;
	memcpy(&v, at, sizeof(v));
	return v;
}
static double get_f64(const void *at)
{
	double v;
	memcpy(&v, at, sizeof(v));
	return v;
}

static void gen_row(struct fz_in *in, const struct rx_param *p, void *base, bool vmode)
{
	if (p->type > RX_PT_SET)
		return; /* containers: gen_rules, gen_sizes and the flow loop fill them */
	char *at = (char *)base + p->offset;
	uint8_t m = u8(in) % 32;
	if (m < 8)
		return;
	if (m >= 28 && !vmode)
		m = 8 + m % 16;
	switch (p->type) {
	case RX_PT_BOOL: {
		if (m >= 28) {
			/* a byte that is neither 0 nor 1: only the validator (which
			 * reads it through memcpy) ever looks at it */
			unsigned char raw = (unsigned char)(2 + u8(in) % 254);
			memcpy(at, &raw, 1);
		} else {
			bool b = m == 26 || m == 27 ? true : m == 24 || m == 25 ? false : (u8(in) & 1);
			memcpy(at, &b, sizeof(b));
		}
		return;
	}
	case RX_PT_ENUM:
	case RX_PT_MEMBER: {
		int n = enum_count(p);
		int64_t v;
		if (m == 24 || m == 25)
			v = 0;
		else if (m == 26 || m == 27)
			v = n - 1;
		else if (m == 28)
			v = n;
		else if (m == 29)
			v = -1;
		else if (m == 30)
			v = INT64_MAX;
		else if (m == 31)
			v = INT64_MIN + (int64_t)u8(in);
		else
			v = n > 0 ? (int64_t)(u8(in) % n) : 0;
		put_i64(at, v);
		return;
	}
	case RX_PT_SET: { /* any subset of the choices; invalid: a bit past them, or too many */
		int n = enum_count(p);
		uint64_t all = n >= 64 ? UINT64_MAX : (UINT64_C(1) << n) - 1, v = un(in, 1) & all;
		if (m == 24 || m == 25)
			v = 0;
		else if (m == 26 || m == 27)
			v = all;
		else if (m >= 28 && n < 64)
			v |= UINT64_C(1) << (n + u8(in) % (64 - n));
		put_i64(at, (int64_t)v);
		return;
	}
	case RX_PT_INT: {
		int64_t lo = (int64_t)p->min, hi = (int64_t)p->max, v;
		if (m == 24 || m == 25)
			v = lo;
		else if (m == 26 || m == 27)
			v = hi;
		else if (m == 28)
			v = (u8(in) & 1) ? lo - 1 - (int64_t)(u8(in) % 4) : hi + 1 + (int64_t)(u8(in) % 4);
		else if (m == 29)
			v = (u8(in) & 1) ? INT64_MIN + (int64_t)u8(in) : INT64_MAX - (int64_t)u8(in);
		else if (m == 30)
			v = lo - 1;
		else if (m == 31)
			v = hi + 1;
		else
			v = int_in(in, lo, hi);
		put_i64(at, v);
		return;
	}
	case RX_PT_FLOAT: {
		double v;
		if (m == 24 || m == 25)
			v = p->min;
		else if (m == 26 || m == 27)
			v = p->max;
		else if (m == 28)
			v = (u8(in) & 1) ? nextafter(p->min, -INFINITY) : nextafter(p->max, INFINITY);
		else if (m == 29)
			v = (u8(in) & 1) ? -1e300 : p->max * 1e6 + 1;
		else if (m == 30)
			v = NAN;
		else if (m == 31)
			v = (u8(in) & 1) ? -INFINITY : INFINITY;
		else
			v = float_in(in, p->min, p->max);
		put_f64(at, v);
		return;
	}
	}
}

static void gen_section(struct fz_in *in, int section, void *base, bool vmode)
{
	size_t n;
	const struct rx_param *t = rx_params(&n);
	for (size_t i = 0; i < n; i++)
		if (t[i].section == section)
			gen_row(in, &t[i], base, vmode);
}

/* each flow family's chosen member (when the choice is valid) gets its
 * default block, then its own parameter rows are fuzzed like any other */
static void gen_members(struct fz_in *in, struct rx_flow_cfg *f, bool vmode)
{
	for (int fam = 0; fam < RX_FLOW_FAMILIES; fam++) {
		int64_t m = *rx_flow_choice(f, fam);
		if (m < 0 || m >= rx_member_count(fam))
			continue;
		rx_flow_select(f, fam, (int)m);
		size_t n;
		const struct rx_param *p = rx_member_params(fam, (int)m, &n, NULL);
		for (size_t k = 0; k < n; k++)
			gen_row(in, &p[k], f->mech_cfg[fam], vmode);
	}
}

static const struct rx_param *row(int section, const char *key)
{
	size_t n;
	const struct rx_param *t = rx_params(&n);
	for (size_t i = 0; i < n; i++)
		if (t[i].section == section && strcmp(t[i].key, key) == 0)
			return &t[i];
	fz_fail("parameter row missing from the table", section, 0);
	return NULL;
}

/* the flow's application (its kind is in range: decode keeps it so outside
 * validation mode, and only valid scenarios run) */
static const struct rx_app_ops *app_of(const struct rx_flow_cfg *f)
{
	const struct rx_app_ops *app = rx_member(RX_FAM_APP, (int)f->app_kind);
	return app ? app : rx_member(RX_FAM_APP, 0);
}

static bool app_is(const struct rx_flow_cfg *f, const char *name)
{
	const char *n = rx_member_name(RX_FAM_APP, (int)f->app_kind);
	return n && strcmp(n, name) == 0;
}

/* ------------------------------------------------------------------ budget clamps
 * Only in-range values are touched, and only made smaller (or, for rates,
 * raised out of (0, 1e6)), so a scenario's validity does not change. */
static bool f_valid(const struct rx_param *p, double v)
{
	return isfinite(v) && v >= p->min && v <= p->max;
}
static bool i_valid(const struct rx_param *p, int64_t v)
{
	return (double)v >= p->min && (double)v <= p->max;
}

static void clamp_f(int section, const char *key, void *base, double cap)
{
	const struct rx_param *p = row(section, key);
	char *at = (char *)base + p->offset;
	double v = get_f64(at);
	if (f_valid(p, v) && v > cap)
		put_f64(at, cap);
}

static void clamp_i(int section, const char *key, void *base, int64_t cap)
{
	const struct rx_param *p = row(section, key);
	char *at = (char *)base + p->offset;
	int64_t v = get_i64(at);
	if (cap < (int64_t)p->min)
		cap = (int64_t)p->min;
	if (i_valid(p, v) && v > cap)
		put_i64(at, cap);
}

static void budget_dir(struct rx_dir_cfg *d)
{
	const struct rx_param *p = row(RX_SEC_DIR, "rate_bps");
	if (f_valid(p, d->rate_bps) && d->rate_bps > 0 && d->rate_bps < FZ_MIN_RATE_BPS)
		d->rate_bps = FZ_MIN_RATE_BPS;
	const struct rx_param *pn = row(RX_SEC_DIR, "sender_rate_bps");
	if (f_valid(pn, d->sender_rate_bps) && d->sender_rate_bps > 0 && d->sender_rate_bps < FZ_MIN_RATE_BPS)
		d->sender_rate_bps = FZ_MIN_RATE_BPS;
}

static void budget(struct rx_scenario *sc, int64_t n_decoded)
{
	clamp_f(RX_SEC_SCENARIO, "duration_s", sc, FZ_MAX_DURATION_S);
	clamp_i(RX_SEC_SCENARIO, "max_events", sc, FZ_MAX_EVENTS);
	/* at most FZ_MAX_SAMPLES samples (they do not count as events) */
	{
		const struct rx_param *pd = row(RX_SEC_SCENARIO, "duration_s");
		const struct rx_param *ps = row(RX_SEC_SCENARIO, "sample_ms");
		if (f_valid(pd, sc->duration_s) && f_valid(ps, sc->sample_ms)) {
			double floor_ms = sc->duration_s * 1000.0 / FZ_MAX_SAMPLES;
			if (sc->sample_ms < floor_ms)
				sc->sample_ms = floor_ms;
		}
	}
	budget_dir(&sc->fwd);
	budget_dir(&sc->rev);
	for (int64_t i = 0; i < n_decoded; i++) {
		struct rx_flow_cfg *f = &sc->flows[i];
		int64_t mss = f->mss >= 64 && f->mss <= 65495 ? f->mss : 1448;
		int64_t cap_bytes = FZ_MAX_OBJ_SEGS * mss;
		clamp_i(RX_SEC_FLOW, "app.segments", f, FZ_MAX_OBJ_SEGS);
		clamp_i(RX_SEC_FLOW, "app.bytes", f, cap_bytes);
		clamp_f(RX_SEC_FLOW, "app.duration_s", f, FZ_MAX_BULK_S);
		int64_t n_obj = f->app_n_sizes > 0 && f->app_n_sizes <= RX_MAX_REQUESTS ? f->app_n_sizes
			: f->app_requests >= 1 && f->app_requests <= RX_MAX_REQUESTS    ? f->app_requests
											: 1;
		int64_t per = cap_bytes / n_obj;
		if (per < 1)
			per = 1;
		clamp_i(RX_SEC_FLOW, "app.object_bytes", f, per);
		if (f->app_n_sizes > 0 && f->app_n_sizes <= RX_MAX_REQUESTS)
			for (int64_t j = 0; j < f->app_n_sizes; j++)
				if (f->app_sizes[j] >= 1 && f->app_sizes[j] <= 1000000000 && f->app_sizes[j] > per)
					f->app_sizes[j] = per;
	}
}

/* Outside validation mode, mend combinations that validation would reject
 * anyway, so that more inputs reach rx_run. */
static void fix_up(struct rx_scenario *sc)
{
	for (int64_t i = 0; i < sc->n_flows; i++) {
		struct rx_flow_cfg *f = &sc->flows[i];
		if (f->rwnd_bytes < f->mss)
			f->rwnd_bytes = f->mss;
		if (f->wscale > 0 && f->wscale <= 14 && f->rwnd_bytes > (INT64_C(65535) << f->wscale))
			f->rwnd_bytes = INT64_C(65535) << f->wscale;
		if (f->rwnd_bdp > 0) { /* a window from the path (receiver.c W0) that rwnd_bytes could not hold */
			int64_t buf = sc->fwd.rate_bps >= 1 ? rx_rcvbuf_bytes(sc, f) : -1;
			if (buf < f->mss || buf > 1073741824 ||
			    (f->wscale > 0 && f->wscale <= 14 && buf > (INT64_C(65535) << f->wscale)))
				f->rwnd_bdp = 0;
		}
		if (f->max_rto_ms > 0 && f->min_rto_ms > f->max_rto_ms)
			f->min_rto_ms = f->max_rto_ms;
		if (f->min_rto_ms >= 0 && f->min_rto_ms < 0.001)
			f->min_rto_ms = -1;
		if (f->sndbuf_bytes > 0 && f->sndbuf_bytes < 2 * f->mss)
			f->sndbuf_bytes = 2 * f->mss; /* the send buffer's two segments (sndbuf.c) */
		if (f->sndbuf_limit_bytes > 0 && f->sndbuf_limit_bytes < f->sndbuf_bytes)
			f->sndbuf_limit_bytes = f->sndbuf_bytes;
	}
	struct rx_dir_cfg *dirs[2] = { &sc->fwd, &sc->rev };
	for (int d = 0; d < 2; d++)
		for (int64_t r = 0; r < dirs[d]->loss.n_rules; r++)
			dirs[d]->loss.rules[r].flow %= sc->n_flows;
	if (sc->rev.loss.model == RX_LOSS_TAIL)
		sc->rev.loss.model = RX_LOSS_POSITIONED;
	for (int d = 0; d < 2; d++) /* a link buffer needs a rate */
		if (!(dirs[d]->rate_bps >= 1))
			dirs[d]->link_buffer_bytes = 0;
	/* listed stages validation would refuse: rule users, tail where it cannot act */
	for (int d = 0; d < 2; d++)
		for (int64_t k = 0; k < dirs[d]->n_stages; k++) {
			const struct rx_stage_ops *ops = rx_member(RX_FAM_STAGE, (int)dirs[d]->stages[k].kind);
			bool tail = ops == rx_member(RX_FAM_STAGE, RX_LOSS_TAIL - 1);
			bool bulk = false;
			for (int64_t i = 0; i < sc->n_flows; i++)
				bulk |= app_is(&sc->flows[i], "bulk");
			if (ops && (ops->uses_rules || (tail && (d == 1 || bulk)))) {
				memset(&dirs[d]->stages[k], 0,
				       (size_t)(dirs[d]->n_stages - k) * sizeof(dirs[d]->stages[0]));
				dirs[d]->n_stages = k; /* cut the list before it */
			}
		}
	if (sc->fwd.loss.model == RX_LOSS_TAIL)
		for (int64_t i = 0; i < sc->n_flows; i++)
			if (app_of(&sc->flows[i])->n_objects(&sc->flows[i]) == 0)
				sc->flows[i].app_kind = 0; /* the first app: one object */
	/* a schedule: rows in time order, read by a listed stage (one is added
	 * when there is room, else the rows go), a reader given one default row */
	for (int d = 0; d < 2; d++) {
		struct rx_dir_cfg *dir = dirs[d];
		for (int64_t i = 1; i < dir->n_schedule; i++)
			for (int64_t j = i; j > 0 && dir->schedule[j].time_ms < dir->schedule[j - 1].time_ms; j--) {
				struct rx_sched_row t = dir->schedule[j];
				dir->schedule[j] = dir->schedule[j - 1];
				dir->schedule[j - 1] = t;
			}
		int reader = -1;
		for (int k = 0; k < rx_member_count(RX_FAM_STAGE) && reader < 0; k++)
			if (((const struct rx_stage_ops *)rx_member(RX_FAM_STAGE, k))->uses_schedule)
				reader = k;
		bool listed = false;
		for (int64_t k = 0; k < dir->n_stages; k++)
			listed |= dir->stages[k].kind == reader;
		if (listed && dir->n_schedule == 0) {
			rx_section_init(RX_SEC_SCHED, &dir->schedule[0]);
			dir->n_schedule = 1;
		} else if (!listed && dir->n_schedule > 0 && dir->n_stages < RX_MAX_LIST_STAGES) {
			memset(&dir->stages[dir->n_stages], 0, sizeof(dir->stages[0]));
			dir->stages[dir->n_stages++].kind = reader;
		} else if (!listed) {
			memset(dir->schedule, 0, (size_t)dir->n_schedule * sizeof(dir->schedule[0]));
			dir->n_schedule = 0;
		}
	}
}

/* ------------------------------------------------------------------ decoding */
static void gen_rules(struct fz_in *in, struct rx_loss_cfg *l, bool vmode)
{
	uint8_t b = u8(in);
	int64_t n = b % (FZ_MAX_RULES_NORMAL + 1);
	if (b >= 250)
		n = RX_MAX_POS_RULES; /* the edge, every rule defaulted or drawn */
	if (vmode && b >= 240 && b < 250) {
		static const int64_t bad[] = { -1, RX_MAX_POS_RULES + 1, INT64_MIN, INT64_MAX, 1000 };
		l->n_rules = bad[b % 5];
		return; /* validation rejects the count first */
	}
	l->n_rules = n;
	for (int64_t i = 0; i < n; i++) {
		rx_pos_rule_init(&l->rules[i]);
		gen_section(in, RX_SEC_RULE, &l->rules[i], vmode);
	}
}

static void gen_dir(struct fz_in *in, struct rx_dir_cfg *d, bool vmode)
{
	gen_section(in, RX_SEC_DIR, d, vmode);
	gen_section(in, RX_SEC_LOSS, &d->loss, vmode);
	gen_rules(in, &d->loss, vmode);
}

/* receiver.read_blocked_ms: a byte >= 200 gives 1 + b % 4 periods, each
 * from = the previous end + [0, 3000] ms, to = from + [1, 3000] ms; in
 * validation mode bytes >= 252 give a bad count, and the values are taken
 * raw (unordered, out of range) */
static void gen_blocks(struct fz_in *in, struct rx_flow_cfg *f, bool vmode)
{
	uint8_t b = u8(in);
	if (b < 200)
		return; /* never blocked (most inputs) */
	if (vmode && b >= 252) {
		static const int64_t bad[] = { 1, 2 * RX_MAX_READ_BLOCKS + 2, -1, 3 };
		f->n_read_blocked = bad[b % 4];
		for (int64_t k = 0; k < 2 * RX_MAX_READ_BLOCKS; k++)
			f->read_blocked_ms[k] = int_in(in, -1, 3600001);
		return;
	}
	int64_t pairs = 1 + b % 4, t = 0;
	f->n_read_blocked = 2 * pairs;
	for (int64_t k = 0; k < pairs; k++) {
		if (vmode) {
			f->read_blocked_ms[2 * k] = int_in(in, -1, 3600001);
			f->read_blocked_ms[2 * k + 1] = int_in(in, -1, 3600001);
			continue;
		}
		int64_t from = t + int_in(in, 0, 3000);
		t = from + int_in(in, 1, 3000);
		f->read_blocked_ms[2 * k] = from;
		f->read_blocked_ms[2 * k + 1] = t;
	}
}

static void gen_sizes(struct fz_in *in, struct rx_flow_cfg *f, bool vmode)
{
	uint8_t b = u8(in);
	if (b < 192)
		return; /* no list (most inputs) */
	int64_t n = 1 + b % 16;
	if (b >= 252)
		n = RX_MAX_REQUESTS;
	if (vmode && b >= 248 && b < 252) {
		static const int64_t bad[] = { -1, RX_MAX_REQUESTS + 1, INT64_MIN, INT64_MAX };
		f->app_n_sizes = bad[b % 4];
		return;
	}
	f->app_n_sizes = n;
	for (int64_t j = 0; j < n; j++) {
		uint8_t m = u8(in);
		if (vmode && m >= 250) {
			static const int64_t bad[] = { 0, -1, 1000000001, INT64_MIN, INT64_MAX, 0 };
			f->app_sizes[j] = bad[m - 250];
		} else {
			f->app_sizes[j] = int_in(in, 1, 1000000000);
		}
	}
}

/* path.<dir>.stages: one byte >= 200 lists 1..4 stages (or, in validation
 * mode, a bad count or kind); each stage's kind, then its own rows */
static void gen_stages(struct fz_in *in, struct rx_dir_cfg *d, bool vmode)
{
	uint8_t b = u8(in);
	if (b < 200)
		return;
	if (vmode && b >= 250) {
		static const int64_t bad[] = { -1, RX_MAX_LIST_STAGES + 1, INT64_MAX, INT64_MIN, 1000, -7 };
		d->n_stages = bad[b - 250];
		return;
	}
	int64_t n = 1 + b % 4;
	int members = rx_member_count(RX_FAM_STAGE);
	for (int64_t k = 0; k < n; k++) {
		struct rx_tagged_item *it = &d->stages[k];
		memset(it, 0, sizeof(*it));
		uint8_t kb = u8(in);
		it->kind = vmode && kb >= 250 ? (int64_t)members + (kb - 250) : kb % members;
		size_t np = 0;
		const struct rx_param *rows =
			it->kind < members ? rx_member_params(RX_FAM_STAGE, (int)it->kind, &np, NULL) : NULL;
		rx_params_defaults(rows, np, it->cfg);
		for (size_t r = 0; r < np; r++)
			gen_row(in, &rows[r], it->cfg, vmode);
	}
	d->n_stages = n;
}

/* path.<dir>.schedule (read by a listed 'schedule' stage): one byte >= 160
 * gives 1..8 rows, >= 248 all RX_MAX_SCHED_ROWS (or, in validation mode,
 * >= 250 a bad count); each row's time, delay and loss rate drawn like any
 * row (out of time order too: fix_up sorts them outside validation mode) */
static void gen_schedule(struct fz_in *in, struct rx_dir_cfg *d, bool vmode)
{
	uint8_t b = u8(in);
	if (b < 160)
		return;
	if (vmode && b >= 250) {
		static const int64_t bad[] = { -1, RX_MAX_SCHED_ROWS + 1, INT64_MAX, INT64_MIN, 1000, -7 };
		d->n_schedule = bad[b - 250];
		return;
	}
	int64_t n = b >= 248 ? RX_MAX_SCHED_ROWS : 1 + b % 8;
	for (int64_t i = 0; i < n; i++) {
		rx_section_init(RX_SEC_SCHED, &d->schedule[i]);
		gen_section(in, RX_SEC_SCHED, &d->schedule[i], vmode);
	}
	d->n_schedule = n;
}

static int64_t gen_n_flows(struct fz_in *in, bool vmode)
{
	uint8_t b = u8(in);
	uint8_t v = b % 32;
	if (v < 28)
		return 1 + v % 4;
	if (vmode && v == 31) {
		static const int64_t bad[] = { 0, -1, RX_MAX_FLOWS + 1, INT64_MAX, INT64_MIN, 1000 };
		return bad[u8(in) % 6];
	}
	return 5 + u8(in) % (RX_MAX_FLOWS - 4); /* 5..64 */
}

/* decode; returns how many flows were initialised (1..RX_MAX_FLOWS) */
static int64_t decode(struct fz_in *in, struct rx_scenario *sc, bool *vmode, bool *twice, bool *progress)
{
	uint8_t flags = u8(in);
	*vmode = (flags & 7) == 7;
	*twice = ((flags >> 3) & 7) == 7;
	*progress = (flags & 0x40) != 0;
	rx_scenario_init(sc);
	sc->n_flows = gen_n_flows(in, *vmode);
	int64_t nf = sc->n_flows < 1 ? 1 : sc->n_flows > RX_MAX_FLOWS ? RX_MAX_FLOWS : sc->n_flows;
	gen_section(in, RX_SEC_SCENARIO, sc, *vmode);
	gen_dir(in, &sc->fwd, *vmode);
	gen_dir(in, &sc->rev, *vmode);
	for (int64_t i = 0; i < nf; i++) {
		if (i > 0)
			rx_flow_init(&sc->flows[i]);
		gen_section(in, RX_SEC_FLOW, &sc->flows[i], *vmode);
		gen_members(in, &sc->flows[i], *vmode);
		gen_sizes(in, &sc->flows[i], *vmode);
	}
	/* after everything else, so older inputs decode as they always did */
	gen_stages(in, &sc->fwd, *vmode);
	gen_stages(in, &sc->rev, *vmode);
	gen_schedule(in, &sc->fwd, *vmode);
	gen_schedule(in, &sc->rev, *vmode);
	for (int64_t i = 0; i < nf; i++)
		gen_blocks(in, &sc->flows[i], *vmode);
	budget(sc, nf);
	if (!*vmode)
		fix_up(sc);
	return nf;
}

/* ------------------------------------------------------------------ invariants */
static uint64_t flow_total_bytes(const struct rx_flow_cfg *f)
{
	uint64_t t = 0;
	if (app_is(f, "fixed"))
		return f->app_bytes > 0 ? (uint64_t)f->app_bytes : (uint64_t)f->app_segments * (uint64_t)f->mss;
	if (f->app_n_sizes > 0) {
		for (int64_t j = 0; j < f->app_n_sizes; j++)
			t += (uint64_t)f->app_sizes[j];
		return t;
	}
	return (uint64_t)f->app_requests * (uint64_t)f->app_object_bytes;
}

static int64_t flow_n_obj(const struct rx_flow_cfg *f)
{
	if (app_is(f, "fixed"))
		return 1;
	if (app_is(f, "requests"))
		return f->app_n_sizes > 0 ? f->app_n_sizes : f->app_requests;
	return 0;
}

static bool is_ack_kind(int k)
{
	return k == RX_EV_ACK_SENT || k == RX_EV_ACK_RECV;
}

static void check_result(const struct rx_scenario *sc, const struct rx_result *res)
{
	const struct rx_trace *t = &res->trace;
	int64_t nf = sc->n_flows;

	CHECK(res->n_flows == nf, "result n_flows differs from the scenario", res->n_flows, nf);
	CHECK(res->events >= 0 && res->events <= sc->max_events, "events outside [0, max_events]", res->events,
	      sc->max_events);
	/* the engine's own consistency checks (pipe, cwnd >= 1 MSS, scoreboard) */
	CHECK(res->invariant_violations == 0, "engine reported internal invariant violations",
	      res->invariant_violations, 0);
	CHECK(t->n <= t->cap, "trace n exceeds its capacity", t->n, t->cap);
	CHECK(t->n_sack <= t->cap_sack, "trace n_sack exceeds its capacity", t->n_sack, t->cap_sack);
	if (t->n > 0) {
		/* every column must hold n entries: all of them are read below, so
		 * a short column is an ASan report */
		CHECK(t->t_ns && t->seq && t->arg && t->cwnd_bytes && t->ssthresh_bytes && t->pipe_bytes &&
			      t->srtt_us && t->rto_us && t->flow && t->kind && t->state && t->detail,
		      "a trace column is NULL while n > 0", t->n, 0);
	}
	if (sc->trace_mode == RX_TRACE_NONE)
		CHECK(t->n == 0, "trace mode 'none' recorded events", t->n, 0);

	int64_t n_send[RX_MAX_FLOWS] = { 0 }, n_rtx[RX_MAX_FLOWS] = { 0 }, n_probe[RX_MAX_FLOWS] = { 0 };
	int64_t n_drop[RX_MAX_FLOWS] = { 0 };
	int64_t last_send_ns[RX_MAX_FLOWS];
	for (int i = 0; i < RX_MAX_FLOWS; i++)
		last_send_ns[i] = -1;
	uint64_t sum = 0; /* touches every cell of every column */
	for (size_t i = 0; i < t->n; i++) {
		int64_t tn = t->t_ns[i];
		sum += (uint64_t)tn + t->seq[i] + t->arg[i] + t->ssthresh_bytes[i] + t->pipe_bytes[i] + t->srtt_us[i] +
			t->rto_us[i] + t->detail[i];
		CHECK(tn >= 0, "negative trace time", i, tn);
		if (i > 0)
			CHECK(tn >= t->t_ns[i - 1], "trace time decreases", i, tn);
		CHECK_TAG("trace_after_end", tn <= res->sim_end_ns, "trace time after sim_end_ns", i, tn);
		CHECK(t->flow[i] < nf, "trace flow index out of range", i, t->flow[i]);
		CHECK(t->kind[i] < RX_EV__COUNT, "trace kind out of range", i, t->kind[i]);
		CHECK(t->state[i] < RX_CA__COUNT, "trace state out of range", i, t->state[i]);
		/* every trace row belongs to a flow that has started */
		CHECK(t->cwnd_bytes[i] >= 1, "cwnd is 0 in the trace", i, t->flow[i]);
		int k = t->kind[i], f = t->flow[i];
		if (is_ack_kind(k) && t->arg[i] != 0) {
			size_t at = t->arg[i] - 1;
			CHECK(at < t->n_sack, "SACK reference past the side table", i, at);
			uint64_t cnt = t->sack_words[at] & 0xff;
			CHECK(cnt >= 1 && cnt <= RX_MAX_SACK_BLOCKS, "SACK block count out of range", i, cnt);
			CHECK(at + 1 + 2 * cnt <= t->n_sack, "SACK blocks run past the side table", i, at);
			for (uint64_t b = 0; b < cnt; b++)
				CHECK(t->sack_words[at + 1 + 2 * b] < t->sack_words[at + 2 + 2 * b],
				      "empty or inverted SACK block", i, b);
		}
		if (k == RX_EV_SEND) {
			n_send[f]++;
			last_send_ns[f] = tn;
		}
		n_rtx[f] += k == RX_EV_RETRANSMIT;
		n_probe[f] += k == RX_EV_PROBE;
		n_drop[f] += k == RX_EV_DROP;
	}
	(void)sum;

	for (int64_t i = 0; i < nf; i++) {
		const struct rx_flow_metrics *m = &res->flows[i];
		const struct rx_flow_cfg *f = &sc->flows[i];
		if (m->completed) {
			CHECK(m->fct_ms >= 0, "completed flow with negative fct_ms", i, (long long)m->fct_ms);
			/* a requests flow whose client stopped asking (app.until_ms) completes with fewer bytes */
			bool all_asked = app_is(f, "fixed") || (app_is(f, "requests") && f->app_until_ms <= 0);
			if (all_asked)
				CHECK((uint64_t)m->bytes_delivered == flow_total_bytes(f),
				      "completed flow delivered a different byte count", m->bytes_delivered,
				      (long long)flow_total_bytes(f));
			else if (app_is(f, "requests"))
				CHECK((uint64_t)m->bytes_delivered <= flow_total_bytes(f),
				      "completed flow delivered more than its objects", m->bytes_delivered,
				      (long long)flow_total_bytes(f));
			/* the drawn start lies in [start_ms, start_ms + start_jitter_ms] */
			CHECK(m->started_ms >= f->start_ms - 1e-6 &&
				      m->started_ms <= f->start_ms + f->start_jitter_ms + 1e-6,
			      "flow started outside its start window", i, (long long)m->started_ms);
			/* (extra) a completed flow sends no new data afterwards */
			if (sc->trace_mode == RX_TRACE_FULL && last_send_ns[i] >= 0) {
				double start_ns = m->started_ms * 1e6;
				double done_ns = start_ns + m->fct_ms * 1e6;
				CHECK_TAG("send_after_complete", (double)last_send_ns[i] <= done_ns + 1000.0,
					  "new data sent after the flow completed", i, last_send_ns[i]);
			}
		} else {
			CHECK(m->fct_ms == -1, "incomplete flow with fct_ms != -1", i, (long long)m->fct_ms);
		}
		CHECK(m->bytes_delivered >= 0, "negative bytes_delivered", i, m->bytes_delivered);
		if (!app_is(f, "bulk"))
			CHECK((uint64_t)m->bytes_delivered <= flow_total_bytes(f),
			      "more bytes delivered than the application wrote", m->bytes_delivered,
			      (long long)flow_total_bytes(f));
		int64_t n_obj = flow_n_obj(f);
		/* a client that stops asking (app.until_ms) reports the objects it asked for */
		if (app_is(f, "requests") && f->app_until_ms > 0)
			CHECK(m->n_requests >= 1 && m->n_requests <= n_obj, "n_requests outside 1..object count",
			      m->n_requests, n_obj);
		else
			CHECK(m->n_requests == n_obj, "n_requests differs from the object count", m->n_requests, n_obj);
		if (n_obj > 0) {
			CHECK(m->request_ms != NULL, "request_ms missing", i, n_obj);
			for (int64_t j = 0; j < m->n_requests; j++) {
				double r = m->request_ms[j];
				CHECK(r == -1 || r >= 0, "request_ms neither -1 nor >= 0", i, j);
				if (m->completed)
					CHECK(r >= 0, "completed flow with an unfinished object", i, j);
			}
		}
		/* (extra) trace and counters agree in full trace mode */
		if (sc->trace_mode == RX_TRACE_FULL) {
			CHECK_TAG("trace_counters", n_probe[i] == m->probe_count, "PROBE rows differ from probe_count",
				  n_probe[i], m->probe_count);
			CHECK_TAG("trace_counters",
				  n_send[i] + n_rtx[i] + n_probe[i] == m->segments_sent + m->retransmissions,
				  "SEND+RETRANSMIT+PROBE rows differ from segments_sent+retransmissions",
				  n_send[i] + n_rtx[i] + n_probe[i], m->segments_sent + m->retransmissions);
			CHECK_TAG("trace_counters", n_drop[i] == m->drops, "DROP rows differ from drops", n_drop[i],
				  m->drops);
		}
	}
}

static void check_same(const struct rx_result *a, const struct rx_result *b, int64_t nf)
{
	CHECK_TAG("determinism", a->events == b->events, "non-deterministic: events", a->events, b->events);
	CHECK_TAG("determinism", a->sim_end_ns == b->sim_end_ns, "non-deterministic: sim_end_ns", a->sim_end_ns,
		  b->sim_end_ns);
	CHECK_TAG("determinism", a->truncated == b->truncated, "non-deterministic: truncated", a->truncated,
		  b->truncated);
	const struct rx_trace *x = &a->trace, *y = &b->trace;
	CHECK_TAG("determinism", x->n == y->n && x->n_sack == y->n_sack, "non-deterministic: trace length", x->n, y->n);
	size_t n = x->n;
#define SAME(col) \
	CHECK_TAG("determinism", n == 0 || memcmp(x->col, y->col, n * sizeof(*x->col)) == 0, \
		  "non-deterministic: trace column " #col, n, 0)
	SAME(t_ns);
	SAME(seq);
	SAME(arg);
	SAME(cwnd_bytes);
	SAME(ssthresh_bytes);
	SAME(pipe_bytes);
	SAME(srtt_us);
	SAME(rto_us);
	SAME(flow);
	SAME(kind);
	SAME(state);
	SAME(detail);
#undef SAME
	CHECK_TAG("determinism", x->n_sack == 0 || memcmp(x->sack_words, y->sack_words, x->n_sack * 8) == 0,
		  "non-deterministic: SACK side table", x->n_sack, 0);
	for (int64_t i = 0; i < nf; i++) {
		const struct rx_flow_metrics *p = &a->flows[i], *q = &b->flows[i];
		CHECK_TAG("determinism",
			  p->completed == q->completed && p->bytes_delivered == q->bytes_delivered &&
				  p->segments_sent == q->segments_sent && p->retransmissions == q->retransmissions &&
				  p->rto_count == q->rto_count && p->probe_count == q->probe_count &&
				  p->drops == q->drops && p->n_requests == q->n_requests &&
				  memcmp(&p->fct_ms, &q->fct_ms, sizeof(double)) == 0,
			  "non-deterministic: flow metrics", i, 0);
		if (p->n_requests > 0)
			CHECK_TAG("determinism",
				  memcmp(p->request_ms, q->request_ms, (size_t)p->n_requests * sizeof(double)) == 0,
				  "non-deterministic: request_ms", i, 0);
	}
}

/* ------------------------------------------------------------------ dump
 * REXSIM_FUZZ_DUMP=1 prints the decoded scenario and a summary of the run
 * (for checking seeds and diagnosing findings). */
static bool dump_on(void)
{
	static int on = -1;
	if (on < 0) {
		const char *e = getenv("REXSIM_FUZZ_DUMP");
		on = e && *e && strcmp(e, "0") != 0;
	}
	return on;
}

/* a tree as JSON on stderr */
static void dump_node(const struct rx_node *n, int depth)
{
	switch (n->kind) {
	case RX_NODE_BOOL:
		fprintf(stderr, n->v.b ? "true" : "false");
		return;
	case RX_NODE_INT:
		fprintf(stderr, "%lld", (long long)n->v.i);
		return;
	case RX_NODE_FLOAT:
		fprintf(stderr, "%.17g", n->v.f);
		return;
	case RX_NODE_STR:
		fprintf(stderr, "\"%s\"", n->v.s);
		return;
	case RX_NODE_LIST:
	case RX_NODE_DICT: {
		bool dict = n->kind == RX_NODE_DICT;
		fprintf(stderr, dict ? "{" : "[");
		for (size_t i = 0; i < n->n; i++) {
			fprintf(stderr, "%s\n%*s", i ? "," : "", 2 * (depth + 1), "");
			if (dict)
				fprintf(stderr, "\"%s\": ", n->keys[i]);
			dump_node(n->items[i], depth + 1);
		}
		fprintf(stderr, "%s%*s%s", n->n ? "\n" : "", n->n ? 2 * depth : 0, "", dict ? "}" : "]");
		return;
	}
	default:
		fprintf(stderr, "null");
	}
}

static void dump_scenario(const struct rx_scenario *sc, bool vmode, bool twice)
{
	fprintf(stderr, "scenario (validation mode %d, run twice %d), n_flows = %lld\n", vmode, twice,
		(long long)sc->n_flows);
	struct rx_arena a = { 0 };
	struct rx_node *t = rx_scenario_to_tree(&a, sc);
	if (t)
		dump_node(t, 0);
	fprintf(stderr, "\n");
	rx_arena_free(&a);
}

static void dump_result(const struct rx_result *res)
{
	fprintf(stderr,
		"result: events=%lld sim_end=%.3f ms truncated=%d (%s) trace.n=%zu n_sack=%zu "
		"invariant_violations=%lld\n",
		(long long)res->events, (double)res->sim_end_ns / 1e6, res->truncated, res->truncated_reason,
		res->trace.n, res->trace.n_sack, (long long)res->invariant_violations);
	for (int64_t i = 0; i < res->n_flows && i < RX_MAX_FLOWS; i++) {
		const struct rx_flow_metrics *m = &res->flows[i];
		fprintf(stderr,
			"  flow %lld: completed=%d fct=%.3f ms delivered=%lld sent=%lld rtx=%lld rto=%lld "
			"probes=%lld er=%lld fr=%lld drops=%lld syn_rtx=%lld\n",
			(long long)i, m->completed, m->fct_ms, (long long)m->bytes_delivered,
			(long long)m->segments_sent, (long long)m->retransmissions, (long long)m->rto_count,
			(long long)m->probe_count, (long long)m->er_count, (long long)m->fast_retransmits,
			(long long)m->drops, (long long)m->syn_retransmits);
	}
}

/* ------------------------------------------------------------------ the tree walk
 * A valid scenario goes out as a tree and back unchanged, byte for byte.
 * Then the bytes left over mutate that tree (any node replaced by a value of
 * any kind, an unknown key added, a list emptied or grown): the walk must
 * never crash, must report every failure with a path and a message, and
 * must only accept what validation accepts. */
static struct rx_node *random_node(struct fz_in *in, struct rx_arena *a)
{
	static const int64_t ints[] = { 0, 1, -1, 2, 64, 1448, INT64_MAX, INT64_MIN, 1000000001, 9007199254740993 };
	static const double floats[] = { 0.5, -0.0, 1e308, -1e308, 1e-300, 3600.0001 };
	static const char *const strs[] = { "",           "x",        "reno", "vegas",   "prr",    "tail",
					    "positioned", "requests", "bulk", "delayed", "dupack", "tlp" };
	uint8_t k = u8(in);
	switch (k % 9) {
	case 0:
		return rx_node_new(a, RX_NODE_NULL);
	case 1:
		return rx_node_bool(a, k & 16);
	case 2:
		return rx_node_int(a, ints[u8(in) % (sizeof(ints) / sizeof(ints[0]))]);
	case 3:
		return rx_node_float(a, (k & 16) ? NAN : (k & 32) ? INFINITY : floats[u8(in) % 6]);
	case 4:
		return rx_node_str(a, strs[u8(in) % (sizeof(strs) / sizeof(strs[0]))]);
	case 5: {
		struct rx_node *l = rx_node_new(a, RX_NODE_LIST);
		for (int i = u8(in) % 4; i > 0; i--)
			rx_node_append(a, l, rx_node_int(a, ints[u8(in) % 4]));
		return l;
	}
	case 6: {
		struct rx_node *d = rx_node_new(a, RX_NODE_DICT);
		if (k & 16)
			rx_node_put(a, d, "zz", rx_node_int(a, 1));
		return d;
	}
	case 7: {
		struct rx_node *o = rx_node_new(a, RX_NODE_OTHER);
		if (o)
			o->v.s = "bytes";
		return o;
	}
	default: { /* a list of empty objects: list limits, default sections */
		struct rx_node *l = rx_node_new(a, RX_NODE_LIST);
		for (int i = u8(in) % 70; i > 0; i--)
			rx_node_append(a, l, rx_node_new(a, RX_NODE_DICT));
		return l;
	}
	}
}

static void mutate(struct fz_in *in, struct rx_arena *a, struct rx_node *root)
{
	struct rx_node *n = root;
	for (int depth = 0; depth < 8; depth++) {
		uint8_t b = u8(in);
		bool container = n->kind == RX_NODE_DICT || n->kind == RX_NODE_LIST;
		if (!container || !n->n || b < 32)
			break;
		size_t i = b % n->n;
		if (b >= 224) { /* replace this child */
			n->items[i] = random_node(in, a);
			return;
		}
		if (b >= 200 && n->kind == RX_NODE_DICT) { /* a key nobody knows, next to known ones */
			rx_node_put(a, n, b & 1 ? "zz" : "tcp.mss", random_node(in, a));
			return;
		}
		n = n->items[i];
	}
	struct rx_node *r = n != root ? random_node(in, a) : NULL;
	if (r)
		*n = *r;
}

static void check_tree(struct fz_in *in, const struct rx_scenario *sc)
{
	struct rx_error err;
	if (rx_scenario_validate(sc, &err) != 0)
		return;
	struct rx_arena a = { 0 };
	struct rx_scenario *back = malloc(sizeof(*back));
	struct rx_errors *es = calloc(1, sizeof(*es));
	struct rx_node *t = rx_scenario_to_tree(&a, sc);
	if (!back || !es || !t)
		goto out;
	int rc = rx_scenario_from_tree(t, back, es);
	CHECK(rc == 0 && es->n == 0, "a valid scenario's tree does not walk back", rc, es->n);
	CHECK(memcmp(back, sc, sizeof(*sc)) == 0, "scenario -> tree -> scenario changed it", 0, 0);
	for (int round = 0; round < 4 && in->at < in->n; round++) {
		mutate(in, &a, t);
		memset(es, 0, sizeof(*es));
		rc = rx_scenario_from_tree(t, back, es);
		CHECK((rc == 0) == (es->n == 0), "the walk's verdict and its errors disagree", rc, es->n);
		for (int i = 0; i < es->n; i++)
			CHECK(es->e[i].path[0] && es->e[i].msg[0], "an error without a path or a message", i, 0);
		if (dump_on())
			fprintf(stderr, "mutation %d: %d errors%s%s%s%s\n", round, es->n + es->more,
				es->n ? ", first " : "", es->n ? es->e[0].path : "", es->n ? ": " : "",
				es->n ? es->e[0].msg : "");
		if (rc == 0)
			CHECK(rx_scenario_validate(back, &err) == 0, "the walk accepted an invalid scenario", 0, 0);
	}
out:
	rx_arena_free(&a);
	free(back);
	free(es);
}

/* ------------------------------------------------------------------ entry */
static bool run_checked(const struct rx_scenario *sc, struct rx_result *res, bool progress)
{
	struct rx_error err;
	memset(&err, 0, sizeof(err));
	volatile int64_t progress_ns = -1;
	int rc = progress ? rx_run_progress(sc, res, &err, &progress_ns) : rx_run(sc, res, &err);
	if (rc != 0) {
		if (!strstr(err.msg, "out of memory")) {
			fprintf(stderr, "fuzz_scenario: rx_run failed on a validated scenario: %s: %s\n", err.path,
				err.msg);
			abort();
		}
		return false;
	}
	if (dump_on())
		dump_result(res);
	check_result(sc, res);
	if (progress)
		CHECK(progress_ns >= 0 && progress_ns >= res->sim_end_ns,
		      "rx_run_progress: final progress before sim_end_ns", progress_ns, res->sim_end_ns);
	return true;
}

/* declared in src/core/sim.h, which this harness does not include */
int rx_registry_validate(char *why, size_t why_len);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static bool registry_ok;
	if (!registry_ok) {
		char why[256] = "";
		if (rx_registry_validate(why, sizeof(why)) != 0) {
			fprintf(stderr, "fuzz_scenario: mechanism registry invalid: %s\n", why);
			abort();
		}
		registry_ok = true;
	}
	struct rx_scenario *sc = malloc(sizeof(*sc));
	struct rx_result *res = malloc(sizeof(*res));
	if (!sc || !res) {
		free(sc);
		free(res);
		return 0;
	}
	struct fz_in in = { data, size, 0 };
	bool vmode = false, twice = false, progress = false;
	int64_t nf = decode(&in, sc, &vmode, &twice, &progress);
	if (dump_on())
		dump_scenario(sc, vmode, twice);
	check_tree(&in, sc);

	struct rx_error err;
	if (rx_scenario_validate(sc, &err) != 0) {
		if (dump_on())
			fprintf(stderr, "invalid: %s: %s\n", err.path, err.msg);
		/* rx_run must refuse it too, with an error and nothing to free */
		struct rx_error err2;
		memset(res, 0, sizeof(*res));
		int rc = rx_run(sc, res, &err2);
		CHECK(rc == -1, "rx_run accepted a scenario that rx_scenario_validate rejected", rc, 0);
		CHECK(err2.msg[0] != '\0', "rx_run rejected a scenario without a message", 0, 0);
		rx_result_free(res);
	} else {
		CHECK(err.msg[0] == '\0', "validation passed but left an error message", 0, 0);
		bool ok = run_checked(sc, res, progress);
		if (ok && twice) {
			struct rx_result *res2 = malloc(sizeof(*res2));
			if (res2) {
				if (run_checked(sc, res2, !progress))
					check_same(res, res2, sc->n_flows);
				rx_result_free(res2);
				free(res2);
			}
		}
		rx_result_free(res);
	}
	free(res);
	free(sc);
	return 0;
}
