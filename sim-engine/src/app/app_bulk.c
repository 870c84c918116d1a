/* app_bulk.c — an open-ended stream: the application keeps the send buffer
 * full for app.duration_s, then stops writing; the flow completes when the
 * receiver has everything written. */
#include "../core/sim.h"
#include "rexsim/app.h"

static int64_t bulk_n_objects(const struct rx_flow_cfg *cfg)
{
	return 0;
}

static int64_t bulk_stop_after_ns(const struct rx_flow_cfg *cfg)
{
	return rx_ms_to_ns(cfg->app_duration_s * 1000.0);
}

const struct rx_app_ops rx_app_bulk = {
	.name = "bulk",
	.label = "Bulk transfer",
	.doc = "An application that writes without pause for app.duration_s (the send buffer never runs dry), "
	       "then stops; the flow completes when the receiver has everything written. Long-running "
	       "transfers: throughput and loss-recovery behaviour under congestion.",
	.n_objects = bulk_n_objects,
	.stop_after_ns = bulk_stop_after_ns,
};
