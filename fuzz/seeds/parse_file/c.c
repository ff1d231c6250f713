/* buffer.c: a growable byte buffer. */
#include <stdlib.h>
#include <string.h>

/* ---- header section ---- */
#ifndef BUFFER_H
#define BUFFER_H

/** Initial capacity of a buffer. */
#define BUF_INITIAL 16
#define BUF_MAX (1 << 20)

/* Larger of two values. */
#define MAX(a, b) ((a) > (b) ? (a) : (b))

/** A growable byte buffer. */
struct buffer {
    char *data;
    size_t len;
    size_t cap;
};

/** Either a number or a pointer. */
union value {
    long number;
    void *pointer;
};

/** Result codes. */
enum status {
    STATUS_OK,
    STATUS_FULL,
};

/* A point on the grid. */
typedef struct {
    int x;
    int y;
} point_t;

typedef enum {
    COLOR_RED,
    COLOR_BLUE
} color_t;

/* A node of a singly linked list. */
typedef struct node {
    struct node *next;
    int value;
} node_t, *node_ptr;

typedef struct buffer buffer_t;
typedef int (*compare_fn)(const void *, const void *);
typedef unsigned long size_type;

buffer_t *buffer_new(void);
int buffer_push(buffer_t *buf, char byte);
void buffer_free(buffer_t *buf);
#endif

/* ---- implementation ---- */

/* Growth factor. */
static const int kGrowth = 2;

static int grow(buffer_t *buf, size_t need)
{
    size_t cap = buf->cap ? buf->cap : BUF_INITIAL;
    while (cap < need)
        cap *= kGrowth;
    char *data = realloc(buf->data, cap);
    if (!data)
        return -1;
    buf->data = data;
    buf->cap = cap;
    return 0;
}

/**
 * Creates an empty buffer.
 * Returns NULL when out of memory.
 */
buffer_t *