/* duration.h: a length of time as a user writes it on the command line: whole
 * seconds (fio's and FileBench's habit), or a whole number with a unit. */
#ifndef FB_DURATION_H
#define FB_DURATION_H

#include <stdbool.h>
#include <stdint.h>

/* text is N, Nms, Ns, Nm or Nh (N whole, no sign, no space) from min_ns to
 * max_ns nanoseconds: true and *ns set. */
bool duration_parse(const char *text, uint64_t min_ns, uint64_t max_ns, uint64_t *ns);

#endif
