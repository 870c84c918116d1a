/* tree.c — the value tree of tree.h and its arena. */
#include <stdlib.h>
#include <string.h>

#include "rexsim/tree.h"

struct rx_arena_block {
	struct rx_arena_block *next;
	size_t used, size;
	_Alignas(16) unsigned char data[];
};

#define BLOCK_BYTES 16384

void rx_arena_free(struct rx_arena *a)
{
	for (struct rx_arena_block *b = a->head, *next; b; b = next) {
		next = b->next;
		free(b);
	}
	a->head = NULL;
}

void *rx_arena_alloc(struct rx_arena *a, size_t bytes)
{
	bytes = (bytes + 15) & ~(size_t)15;
	struct rx_arena_block *b = a->head;
	if (!b || b->size - b->used < bytes) {
		size_t size = bytes > BLOCK_BYTES ? bytes : BLOCK_BYTES;
		b = malloc(sizeof(*b) + size);
		if (!b) {
			a->failed = true;
			return NULL;
		}
		b->used = 0;
		b->size = size;
		b->next = a->head;
		a->head = b;
	}
	void *p = b->data + b->used;
	b->used += bytes;
	memset(p, 0, bytes);
	return p;
}

const char *rx_arena_strdup(struct rx_arena *a, const char *s)
{
	size_t len = strlen(s) + 1;
	char *p = rx_arena_alloc(a, len);
	if (p)
		memcpy(p, s, len);
	return p;
}

struct rx_node *rx_node_new(struct rx_arena *a, int kind)
{
	struct rx_node *n = rx_arena_alloc(a, sizeof(*n));
	if (n)
		n->kind = kind;
	return n;
}

struct rx_node *rx_node_bool(struct rx_arena *a, bool b)
{
	struct rx_node *n = rx_node_new(a, RX_NODE_BOOL);
	if (n)
		n->v.b = b;
	return n;
}

struct rx_node *rx_node_int(struct rx_arena *a, int64_t i)
{
	struct rx_node *n = rx_node_new(a, RX_NODE_INT);
	if (n)
		n->v.i = i;
	return n;
}

struct rx_node *rx_node_float(struct rx_arena *a, double f)
{
	struct rx_node *n = rx_node_new(a, RX_NODE_FLOAT);
	if (n)
		n->v.f = f;
	return n;
}

struct rx_node *rx_node_str(struct rx_arena *a, const char *s)
{
	struct rx_node *n = rx_node_new(a, RX_NODE_STR);
	if (n && !(n->v.s = rx_arena_strdup(a, s)))
		return NULL;
	return n;
}

/* room for one more item (and key) */
static bool grow(struct rx_arena *a, struct rx_node *c)
{
	if (c->n < c->cap)
		return true;
	size_t cap = c->cap ? 2 * c->cap : 8;
	struct rx_node **items = rx_arena_alloc(a, cap * sizeof(*items));
	const char **keys = c->kind == RX_NODE_DICT ? rx_arena_alloc(a, cap * sizeof(*keys)) : NULL;
	if (!items || (c->kind == RX_NODE_DICT && !keys))
		return false;
	if (c->n) {
		memcpy(items, c->items, c->n * sizeof(*items));
		if (keys)
			memcpy(keys, c->keys, c->n * sizeof(*keys));
	}
	c->items = items;
	c->keys = keys;
	c->cap = cap;
	return true;
}

void rx_node_append(struct rx_arena *a, struct rx_node *list, struct rx_node *item)
{
	if (!list || !item || list->kind != RX_NODE_LIST || !grow(a, list))
		return;
	list->items[list->n++] = item;
}

void rx_node_put(struct rx_arena *a, struct rx_node *dict, const char *key, struct rx_node *item)
{
	if (!dict || !item || dict->kind != RX_NODE_DICT)
		return;
	for (size_t i = 0; i < dict->n; i++)
		if (strcmp(dict->keys[i], key) == 0) {
			dict->items[i] = item;
			return;
		}
	const char *k = rx_arena_strdup(a, key);
	if (!k || !grow(a, dict))
		return;
	dict->keys[dict->n] = k;
	dict->items[dict->n++] = item;
}

void rx_node_put_path(struct rx_arena *a, struct rx_node *dict, const char *dotted, struct rx_node *item)
{
	char part[160];
	const char *p = dotted, *dot;
	while (dict && (dot = strchr(p, '.'))) {
		size_t len = (size_t)(dot - p) < sizeof(part) - 1 ? (size_t)(dot - p) : sizeof(part) - 1;
		memcpy(part, p, len);
		part[len] = 0;
		struct rx_node *child = (struct rx_node *)rx_node_get(dict, part);
		if (!child || child->kind != RX_NODE_DICT) {
			child = rx_node_new(a, RX_NODE_DICT);
			rx_node_put(a, dict, part, child);
		}
		dict = child;
		p = dot + 1;
	}
	rx_node_put(a, dict, p, item);
}

const struct rx_node *rx_node_get(const struct rx_node *dict, const char *key)
{
	if (!dict || dict->kind != RX_NODE_DICT)
		return NULL;
	for (size_t i = 0; i < dict->n; i++)
		if (strcmp(dict->keys[i], key) == 0)
			return dict->items[i];
	return NULL;
}

const char *rx_node_kind_name(const struct rx_node *n)
{
	static const char *const names[] = { "null",     "true or false", "an integer", "a number",
					     "a string", "a list",        "an object" };
	if (n->kind == RX_NODE_OTHER)
		return n->v.s ? n->v.s : "an unsupported value";
	return n->kind >= 0 && n->kind < RX_NODE_OTHER ? names[n->kind] : "?";
}
