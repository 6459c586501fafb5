/* engine_note.c: a note on what the engine did (a placement that failed, a
 * flush, a shared tree), worded here and printed by the run's writer. */
#include <stdarg.h>
#include <stdio.h>

#include "engine/engine_rt.h"

void engine_note(const struct engine *e, const char *fmt, ...)
{
    char text[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    e->run->writer->note(e->run->out, text, engine_stamp(e));
}
