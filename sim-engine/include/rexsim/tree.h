/* tree.h — a small JSON-shaped value tree, the engine's one way in and out
 * for scenarios and the catalogue.
 *
 * A front end (the CPython binding, the fuzzer, a test) turns its input into
 * an rx_node tree; src/core/config.c walks it with the parameter descriptor
 * table (params.h) into a struct rx_scenario, and turns a scenario or the
 * catalogue back into a tree.  Nodes live in an arena that is freed at once,
 * so a walk never frees a node on its own.
 */
#ifndef REXSIM_TREE_H
#define REXSIM_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum rx_node_kind {
	RX_NODE_NULL = 0,
	RX_NODE_BOOL,
	RX_NODE_INT,
	RX_NODE_FLOAT,
	RX_NODE_STR,
	RX_NODE_LIST,
	RX_NODE_DICT,
	RX_NODE_OTHER /* a value the front end cannot express (v.s names its type) */
};

struct rx_node {
	int kind; /* enum rx_node_kind */
	union {
		bool b;
		int64_t i;
		double f;
		const char *s; /* RX_NODE_STR; RX_NODE_OTHER: the type's name */
	} v;
	size_t n, cap; /* LIST, DICT: items held, room */
	const char **keys; /* DICT: item keys, in insertion order */
	struct rx_node **items;
};

struct rx_arena_block;
struct rx_arena {
	struct rx_arena_block *head;
	bool failed; /* an allocation failed: the tree is incomplete */
};

void rx_arena_free(struct rx_arena *a);
void *rx_arena_alloc(struct rx_arena *a, size_t bytes); /* zeroed; NULL sets a->failed */
const char *rx_arena_strdup(struct rx_arena *a, const char *s);

/* constructors: NULL (and a->failed) when out of memory */
struct rx_node *rx_node_new(struct rx_arena *a, int kind);
struct rx_node *rx_node_bool(struct rx_arena *a, bool b);
struct rx_node *rx_node_int(struct rx_arena *a, int64_t i);
struct rx_node *rx_node_float(struct rx_arena *a, double f);
struct rx_node *rx_node_str(struct rx_arena *a, const char *s); /* copies s */
/* append to a list / set a dict key (replacing an existing key); the key is
 * copied.  Either does nothing when the container or the item is NULL. */
void rx_node_append(struct rx_arena *a, struct rx_node *list, struct rx_node *item);
void rx_node_put(struct rx_arena *a, struct rx_node *dict, const char *key, struct rx_node *item);
/* d[k1][k2]...[kn] = item for the dotted key "k1.k2.kn", creating dicts */
void rx_node_put_path(struct rx_arena *a, struct rx_node *dict, const char *dotted, struct rx_node *item);
/* the value of a dict key, NULL if absent or not a dict */
const struct rx_node *rx_node_get(const struct rx_node *dict, const char *key);
/* "an integer", "a string", ...: what a node is, for error messages */
const char *rx_node_kind_name(const struct rx_node *n);

#endif
