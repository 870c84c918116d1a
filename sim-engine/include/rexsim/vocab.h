/* vocab.h — the trace vocabulary and the metrics, defined once.
 *
 * Event kinds, timer kinds, timer formulas, congestion states, drop reasons
 * and transmission causes each have one table here (src/core/vocab.c) with a
 * name, a short label and a sentence; the catalogue publishes them
 * (rexsim.catalog()["vocab"]) and the Python package, the service and the
 * dashboard read them from there instead of keeping copies.  The metrics
 * table does the same for struct rx_flow_metrics: name, unit, meaning and
 * whether higher is better.
 */
#ifndef REXSIM_VOCAB_H
#define REXSIM_VOCAB_H

#include <stdbool.h>
#include <stddef.h>

enum rx_vocab_id {
	RX_VOCAB_EVENTS = 0, /* enum rx_event_kind */
	RX_VOCAB_TIMER_KINDS, /* enum rx_timer_kind */
	RX_VOCAB_FORMULAS, /* enum rx_timer_formula; text: the formula */
	RX_VOCAB_STATES, /* enum rx_ca_state */
	RX_VOCAB_DROP_REASONS, /* enum rx_drop_reason */
	RX_VOCAB_CAUSES, /* enum rx_tx_cause (rexsim/ops.h) */
	RX_VOCAB__COUNT
};

struct rx_vocab_entry {
	const char *name; /* stable identifier (CSV, API) */
	const char *label; /* short human label */
	const char *doc; /* one sentence, with a citation where one applies */
	const char *text; /* formulas: the formula as written; else NULL */
	bool rare; /* events: explains recovery; kept by sampled traces and by downsampling */
};

const char *rx_vocab_name(int vocab); /* "events", ... */
const struct rx_vocab_entry *rx_vocab(int vocab, size_t *n);
bool rx_event_is_rare(int kind);

/* RX_MT_INTERVALS: a struct rx_intervals (rexsim.h), published as a list of
 * [start_ns, end_ns] pairs */
enum rx_metric_type { RX_MT_INT = 0, RX_MT_FLOAT, RX_MT_BOOL, RX_MT_INTERVALS };

struct rx_metric_desc {
	const char *name; /* key in the metrics dict */
	const char *label;
	const char *unit; /* "ms", "bytes", "bps", "" (a count) */
	const char *doc;
	size_t offset; /* in struct rx_flow_metrics */
	int type; /* enum rx_metric_type */
	int higher_is_better; /* 1, 0 (lower is better) or -1 (neither) */
	bool null_unless_completed; /* no value (null) for a flow that did not complete */
	bool null_if_negative; /* a negative value means "none" (null) */
};

const struct rx_metric_desc *rx_metrics(size_t *n);
/* the fields of one recovery episode (struct rx_rec_episode; offset into it) */
const struct rx_metric_desc *rx_episode_metrics(size_t *n);

#endif
