/* cc_harness.h — what the hand-driven congestion-control tests share: a
 * comparison CHECK that prints both sides, the member's parameter block
 * filled with its declared defaults (rx_params_defaults, the engine's own
 * code), setting one parameter by key, and the report.  One test program
 * includes it once. */
#ifndef REXSIM_TEST_CC_HARNESS_H
#define REXSIM_TEST_CC_HARNESS_H
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "rexsim/cc.h"
#include "rexsim/params.h"
#include "rexsim/rexsim.h"

static int n_passed, n_failed;

#define CHECK(a, op, b) \
	do { \
		uint64_t a_ = (uint64_t)(a), b_ = (uint64_t)(b); \
		if (a_ op b_) { \
			n_passed++; \
		} else { \
			n_failed++; \
			printf("%s:%d: CHECK failed: %s %s %s  (lhs = %" PRIu64 ", rhs = %" PRIu64 ")\n", __FILE__, \
			       __LINE__, #a, #op, #b, a_, b_); \
		} \
	} while (0)

/* the member's own parameter block (tests point cc.cfg at it) */
static _Alignas(8) unsigned char cfg_block[256];

/* every declared parameter's default, written into block at its offset */
static inline void fill_defaults(const struct rx_cc_ops *ops, unsigned char *block, size_t size)
{
	memset(block, 0, size);
	rx_params_defaults(ops->params, ops->n_params, block);
}

/* set one integer parameter of cfg_block by key (an unknown key fails) */
static inline void set_int_param(const struct rx_cc_ops *ops, const char *key, int64_t v)
{
	for (size_t i = 0; i < ops->n_params; i++)
		if (strcmp(ops->params[i].key, key) == 0) {
			memcpy(cfg_block + ops->params[i].offset, &v, sizeof v);
			return;
		}
	CHECK(0, ==, 1); /* unknown key */
}

static inline int cc_report(const char *suite)
{
	printf("%s: %d passed, %d failed\n", suite, n_passed, n_failed);
	return n_failed ? 1 : 0;
}
#endif
