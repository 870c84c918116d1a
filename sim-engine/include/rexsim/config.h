/* config.h — scenario trees in and out of the engine.
 *
 * The walk is generic: the parameter table's rows (params.h), containers
 * included, say which keys exist at every depth, so the binding, the fuzzer
 * and the tests hand the engine a tree and get every error at once.
 */
#ifndef REXSIM_CONFIG_H
#define REXSIM_CONFIG_H

#include "rexsim/rexsim.h"
#include "rexsim/tree.h"

/* Fill sc from a scenario tree (defaults for what it leaves out) and
 * validate it.  0 if valid; else -1 with every error found (in the tree's
 * order, parse errors before cross-field ones) in errs. */
int rx_scenario_from_tree(const struct rx_node *root, struct rx_scenario *sc, struct rx_errors *errs);

/* The scenario as a tree with every field explicit: what normalize returns.
 * Walking it back gives the same scenario.  NULL (a->failed) if out of memory. */
struct rx_node *rx_scenario_to_tree(struct rx_arena *a, const struct rx_scenario *sc);

/* Every parameter, container, mechanism, vocabulary entry, metric and limit:
 * the catalogue the API and the dashboard are built from. */
struct rx_node *rx_catalog_tree(struct rx_arena *a);

#endif
