/* rng.h — the engine's PRNG: xoshiro256** (Blackman & Vigna, 2018), seeded
 * through SplitMix64.  Each loss stage owns an independent stream derived from
 * (scenario seed, stage id), so adding a flow never shifts another stage's draws.
 * Written from the published algorithm description. */
#ifndef REXSIM_RNG_H
#define REXSIM_RNG_H

#include <math.h>
#include <stdint.h>

struct rx_rng {
	uint64_t s[4];
};

static inline uint64_t rx_splitmix64(uint64_t *x)
{
	uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

static inline void rx_rng_seed(struct rx_rng *r, uint64_t seed, uint64_t stream)
{
	uint64_t x = seed ^ (stream * UINT64_C(0xD1B54A32D192ED03));
	for (int i = 0; i < 4; i++)
		r->s[i] = rx_splitmix64(&x);
}

static inline uint64_t rx_rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static inline uint64_t rx_rng_next(struct rx_rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rx_rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rx_rotl(s[3], 45);
	return result;
}

/* Probabilities are turned into 53-bit integer thresholds once, so a draw is
 * an integer comparison: P(draw) = thr / 2^53 exactly. */
static inline uint64_t rx_prob_threshold(double p)
{
	if (!(p > 0.0))
		return 0;
	if (p >= 1.0)
		return UINT64_C(1) << 53;
	return (uint64_t)(p * 9007199254740992.0); /* 2^53 */
}

static inline int rx_rng_bernoulli(struct rx_rng *r, uint64_t thr)
{
	return (rx_rng_next(r) >> 11) < thr;
}

/* a uniform double in [0, 1) from the top 53 bits of one draw */
static inline double rx_rng_unit(struct rx_rng *r)
{
	return (double)(rx_rng_next(r) >> 11) / 9007199254740992.0;
}

/* an exponential length of mean mean_ns, rounded to the ns: -mean * ln(u)
 * with u = 1 - rx_rng_unit() in (0, 1] */
static inline int64_t rx_rng_exp_ns(struct rx_rng *r, double mean_ns)
{
	return (int64_t)(-mean_ns * log(1.0 - rx_rng_unit(r)) + 0.5);
}

#endif
