/* tjson.h — a small JSON reader for the C tests: a scenario written as text
 * becomes an engine tree (rexsim/tree.h), so a test reads as the scenario it
 * checks.  Test code only: no escapes beyond \" and \\, no unicode. */
#ifndef REXSIM_TEST_TJSON_H
#define REXSIM_TEST_TJSON_H
#include "rexsim/tree.h"

/* NULL (and a message on stderr) on a syntax error */
struct rx_node *t_json(struct rx_arena *a, const char *text);
#endif
