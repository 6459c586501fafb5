/* meminfo.h: the page cache's dirty, writeback and cached KiB from /proc/meminfo. */
#ifndef FB_MEMINFO_H
#define FB_MEMINFO_H

#include "results/system.h"

/* 0, or -1 when /proc/meminfo cannot be read (m is then zero). */
int meminfo_read(struct mem_kb *m);

#endif
