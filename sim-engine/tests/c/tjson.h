/* tjson.h — a small JSON reader for the C tests: a scenario written as text
 * becomes an engine tree (rexsim/tree.h), so a test reads as the scenario it
 * checks.  Test code only: no escapes beyond \" and \\, no unicode. */
#ifndef REXSIM_TEST_TJSON_H
#define REXSIM_TEST_TJSON_H
#include "rexsim/tree.h"

/* NULL (and a message on stderr) on a syntax error */
struct rx_node *t_json(struct rx_arena *a, const char *text);

struct rx_result;
struct rx_scenario;
/* A scenario written as JSON, walked (heap; free() it), or NULL with its
 * errors on stderr and a failed CHECK. */
struct rx_scenario *t_scenario_json(const char *json);
/* Walk a scenario written as JSON and run it: 0 on success (res then needs
 * rx_result_free); otherwise the scenario's errors go to stderr, a CHECK
 * fails and the return is non-zero. */
int t_run_json(const char *json, struct rx_result *res);
#endif
