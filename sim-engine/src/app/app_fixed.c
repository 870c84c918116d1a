/* app_fixed.c — one object of app.segments full-sized segments (or
 * app.bytes bytes), written at once when the connection is up: the
 * short-flow experiments of the tail-loss paper (§3.1, a 10-segment flow). */
#include "../core/sim.h"
#include "rexsim/app.h"

static int64_t fixed_n_objects(const struct rx_flow_cfg *cfg)
{
	return 1;
}

static uint64_t fixed_object_bytes(const struct rx_flow_cfg *cfg, int64_t j)
{
	return cfg->app_bytes > 0 ? (uint64_t)cfg->app_bytes : (uint64_t)cfg->app_segments * (uint64_t)cfg->mss;
}

const struct rx_app_ops rx_app_fixed = {
	.name = "fixed",
	.label = "One object",
	.doc = "One object of app.segments full-sized segments (or app.bytes bytes) written at once when the "
	       "connection is established; the flow completes when the receiver has it all. The tail-loss "
	       "paper's short flows (§3.1).",
	.n_objects = fixed_n_objects,
	.object_bytes = fixed_object_bytes,
};
