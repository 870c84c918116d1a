/* trace.c — the columnar event trace.  Each event costs 46 bytes across the
 * columns (8 t_ns + 8 seq + 4 arg + 4 cwnd + 4 ssthresh + 4 pipe + 4 srtt +
 * 4 rto + 2 flow + 1 kind + 1 state + 1 detail + 1 cause); ACKs that carry
 * SACK blocks add 8 + 16 per block to a side table, each change of a
 * mechanism variable 20 bytes to another, and each spurious verdict 16 bytes
 * (the window before its response) to a third.  Columns grow by doubling. */
#include <stdlib.h>
#include <string.h>
#include "rexsim/vocab.h"
#include "sim.h"

#define GROW(ptr, cap, type) \
	do { \
		type *n_ = realloc((ptr), (cap) * sizeof(type)); \
		if (!n_) \
			return -1; \
		(ptr) = n_; \
	} while (0)

static int trace_grow(struct rx_trace *t)
{
	size_t cap = t->cap ? t->cap * 2 : 4096;
	GROW(t->t_ns, cap, int64_t);
	GROW(t->seq, cap, uint64_t);
	GROW(t->arg, cap, uint32_t);
	GROW(t->cwnd_bytes, cap, uint32_t);
	GROW(t->ssthresh_bytes, cap, uint32_t);
	GROW(t->pipe_bytes, cap, uint32_t);
	GROW(t->srtt_us, cap, uint32_t);
	GROW(t->rto_us, cap, uint32_t);
	GROW(t->flow, cap, uint16_t);
	GROW(t->kind, cap, uint8_t);
	GROW(t->state, cap, uint8_t);
	GROW(t->detail, cap, uint8_t);
	GROW(t->cause, cap, uint8_t);
	t->cap = cap;
	return 0;
}

static inline uint32_t sat32(uint64_t v)
{
	return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

/* Invariants checked on every traced event (in every trace mode): pipe is
 * never negative, cwnd never below one segment once the flow started, and
 * the scoreboard counters stay within the outstanding data. */
static void check_invariants(struct rx_sim *sim, const struct rx_sender *s)
{
	uint64_t minus = s->sacked_bytes + s->lost_bytes;
	if (minus > s->out_bytes + s->rtx_bytes || s->cc.cwnd_bytes < s->mss || s->sacked_bytes > s->out_bytes ||
	    s->lost_bytes > s->out_bytes || s->out_bytes != s->snd_nxt - s->snd_una)
		sim->res->invariant_violations++;
}

void rx_trace_add_cause(struct rx_sim *sim, int kind, int flow, uint64_t seq, uint32_t arg, uint8_t detail,
			uint8_t cause)
{
	const struct rx_sender *s = &sim->flows[flow].snd;
	check_invariants(sim, s);
	if (sim->trace_mode != RX_TRACE_FULL &&
	    (sim->trace_mode == RX_TRACE_NONE || !((sim->sampled_keep_mask >> kind) & 1)))
		return;
	struct rx_trace *t = &sim->res->trace;
	if (t->n == t->cap && trace_grow(t)) {
		sim->oom = true;
		return;
	}
	size_t i = t->n++;
	/* Every value, then every store: a store to a byte column may alias any
	 * object, so a value read after one would be read again from memory. */
	int64_t now_ns = sim->now_ns;
	uint32_t cwnd = sat32(s->cc.cwnd_bytes);
	uint32_t ssthresh = s->cc.ssthresh_bytes >= RX_SSTHRESH_INF ? UINT32_MAX : sat32(s->cc.ssthresh_bytes);
	uint32_t pipe = sat32(rx_snd_pipe(s));
	uint32_t srtt_us = s->have_srtt ? sat32((uint64_t)s->srtt_ns / RX_NS_PER_US) : 0;
	uint32_t rto_us = sat32((uint64_t)s->rto_ns / RX_NS_PER_US);
	uint8_t state = (uint8_t)s->ca_state;
	t->t_ns[i] = now_ns;
	t->seq[i] = seq;
	t->arg[i] = arg;
	t->cwnd_bytes[i] = cwnd;
	t->ssthresh_bytes[i] = ssthresh;
	t->pipe_bytes[i] = pipe;
	t->srtt_us[i] = srtt_us;
	t->rto_us[i] = rto_us;
	t->flow[i] = (uint16_t)flow;
	uint8_t *kind_col = t->kind, *state_col = t->state, *detail_col = t->detail, *cause_col = t->cause;
	kind_col[i] = (uint8_t)kind;
	state_col[i] = state;
	detail_col[i] = detail;
	cause_col[i] = cause;
}

static int vars_grow(struct rx_trace *t)
{
	size_t cap = t->cap_vars ? t->cap_vars * 2 : 1024;
	GROW(t->var_t_ns, cap, int64_t);
	GROW(t->var_flow, cap, uint16_t);
	GROW(t->var_id, cap, uint16_t);
	GROW(t->var_value, cap, int64_t);
	t->cap_vars = cap;
	return 0;
}

/* A mechanism variable changed (not in trace mode none). */
void rx_trace_var(struct rx_sim *sim, int flow, int var, int64_t value)
{
	if (sim->trace_mode == RX_TRACE_NONE)
		return;
	struct rx_trace *t = &sim->res->trace;
	if (t->n_vars == t->cap_vars && vars_grow(t)) {
		sim->oom = true;
		return;
	}
	size_t i = t->n_vars++;
	t->var_t_ns[i] = sim->now_ns;
	t->var_flow[i] = (uint16_t)flow;
	t->var_id[i] = (uint16_t)var;
	t->var_value[i] = value;
}

/* Room for `need` more words in a side table of uint64 words (n used, cap
 * allocated; the first allocation `first` words, then doubling); -1 (and
 * sim->oom) when memory runs out. */
static int words_reserve(struct rx_sim *sim, uint64_t **words, size_t n, size_t *cap, size_t need, size_t first)
{
	if (n + need <= *cap)
		return 0;
	size_t c = *cap ? *cap * 2 : first;
	while (c < n + need)
		c *= 2;
	uint64_t *w = realloc(*words, c * sizeof(uint64_t));
	if (!w) {
		sim->oom = true;
		return -1;
	}
	*words = w;
	*cap = c;
	return 0;
}

uint32_t rx_trace_add_sack(struct rx_sim *sim, const struct rx_pkt *p)
{
	if (sim->trace_mode != RX_TRACE_FULL)
		return 0;
	struct rx_trace *t = &sim->res->trace;
	size_t need = 1 + 2 * (size_t)p->n_sack;
	if (words_reserve(sim, &t->sack_words, t->n_sack, &t->cap_sack, need, 4096))
		return 0;
	size_t at = t->n_sack;
	t->sack_words[at] = (uint64_t)p->n_sack | ((uint64_t)p->dsack << 8);
	for (int b = 0; b < p->n_sack; b++) {
		t->sack_words[at + 1 + 2 * (size_t)b] = p->sack[b][0];
		t->sack_words[at + 2 + 2 * (size_t)b] = p->sack[b][1];
	}
	t->n_sack += need;
	return (uint32_t)(at + 1); /* 0 means "no SACK" */
}

/* The window before a spurious event's response; returns the event's arg
 * (1 + the entry's index, 0 in trace mode none). */
uint32_t rx_trace_add_spurious(struct rx_sim *sim, uint64_t cwnd_bytes, uint64_t ssthresh_bytes)
{
	if (sim->trace_mode == RX_TRACE_NONE)
		return 0;
	struct rx_trace *t = &sim->res->trace;
	if (words_reserve(sim, &t->spurious_words, t->n_spurious, &t->cap_spurious, 2, 64))
		return 0;
	size_t at = t->n_spurious;
	t->spurious_words[at] = sat32(cwnd_bytes);
	t->spurious_words[at + 1] = ssthresh_bytes >= RX_SSTHRESH_INF ? UINT32_MAX : sat32(ssthresh_bytes);
	t->n_spurious += 2;
	return (uint32_t)(at + 1);
}

void rx_trace_free(struct rx_trace *t)
{
	free(t->t_ns);
	free(t->seq);
	free(t->arg);
	free(t->cwnd_bytes);
	free(t->ssthresh_bytes);
	free(t->pipe_bytes);
	free(t->srtt_us);
	free(t->rto_us);
	free(t->flow);
	free(t->kind);
	free(t->state);
	free(t->detail);
	free(t->cause);
	free(t->var_t_ns);
	free(t->var_flow);
	free(t->var_id);
	free(t->var_value);
	free(t->sack_words);
	free(t->spurious_words);
	memset(t, 0, sizeof(*t));
}
