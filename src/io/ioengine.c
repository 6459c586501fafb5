/* ioengine.c: the table of I/O engines and lookups by name. */
#include <stdio.h>
#include <string.h>

#include "io/ioengine.h"

extern const struct ioengine_ops ioengine_psync, ioengine_libaio, ioengine_io_uring, ioengine_mmap;

const struct ioengine_ops *const ioengines[] = { &ioengine_psync, &ioengine_libaio, &ioengine_io_uring, &ioengine_mmap };
const size_t ioengine_count = sizeof ioengines / sizeof ioengines[0];

const struct ioengine_ops *ioengine_find(const char *name)
{
    for (size_t i = 0; i < ioengine_count; i++)
        if (strcmp(ioengines[i]->name, name) == 0)
            return ioengines[i];
    return NULL;
}

const char *ioengine_names(char *buf, size_t len)
{
    size_t at = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < ioengine_count && at < len; i++)
        at += (size_t)snprintf(buf + at, len - at, "%s%s", i ? ", " : "", ioengines[i]->name);
    return buf;
}

const char *ioengine_hint(const struct ioengine_ops *ops, int err)
{
    const char *h = ops->hint != NULL ? ops->hint(err) : NULL;
    return h != NULL ? h : "";
}
