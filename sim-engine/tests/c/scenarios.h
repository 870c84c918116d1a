/* scenarios.h — helpers shared by the C tests. */
#ifndef REXSIM_TEST_SCENARIOS_H
#define REXSIM_TEST_SCENARIOS_H
#include <stdbool.h>
#include <stdio.h>
#include "rexsim/rexsim.h"
#include "rexsim/params.h"

extern int t_pass, t_fail;
#define CHECK(cond) \
	do { \
		if (cond) \
			t_pass++; \
		else { \
			t_fail++; \
			fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
		} \
	} while (0)
#define CHECK_EQ_I64(a, b) \
	do { \
		long long a_ = (long long)(a), b_ = (long long)(b); \
		if (a_ == b_) \
			t_pass++; \
		else { \
			t_fail++; \
			fprintf(stderr, "%s:%d: %s == %s failed: %lld != %lld\n", __FILE__, __LINE__, #a, #b, a_, b_); \
		} \
	} while (0)
int t_report(const char *suite);
/* ms (a double, as scenarios write them) to the trace's ns, rounded */
static inline int64_t t_ms(double v)
{
	return (int64_t)(v * 1e6 + 0.5);
}

/* The paper §3.1 setup: one 10-segment flow, symmetric path with unlimited
 * rate, one-way delay rtt_ms/2, the last `tail` segments lost. */
struct rx_scenario *t_tail_scenario(double rtt_ms, int tail, const char *timer, const char *ack_policy);
int t_enum(const char *key, const char *name); /* a flow param's choice index */
/* n-th event (0-based) of a kind, or -1 */
long t_find(const struct rx_trace *t, int kind, int nth);
long t_count(const struct rx_trace *t, int kind);
void t_dump(const struct rx_trace *t, FILE *f);
/* a scenario (malloc'ed) from JSON text through the tree walk (config.h); when
 * it is refused, NULL with every error in es (printed when `say` is set) */
struct rx_scenario *t_from_json(const char *text, struct rx_errors *es, bool say);
/* the JSON must be refused with an error at `path` whose message holds `needle` */
void t_expect_error(const char *json, const char *path, const char *needle);
/* a run of one flow writing 10 segments of `mss` bytes at once into a
 * drop-tail bottleneck: segments 1..n_deliver are delivered at
 * deliver_ns(k), n_kept + 1 .. 10 dropped by the bottleneck queue at 0, and
 * nothing else is dropped at 0 (test_link_buffer.c, test_sender_nic.c) */
void t_check_burst(const char *json, uint64_t mss, int n_deliver, int64_t (*deliver_ns)(int k), int n_kept);
#endif
