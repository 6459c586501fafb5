/* index_script.h: the script of a results tree's index.html (src/campaign/index_script.c). */
#ifndef FB_INDEX_SCRIPT_H
#define FB_INDEX_SCRIPT_H

/* Draws, from the JSON in #fb-data, a chart of ops/s, MB/s and p99 against each
 * swept variable and a heat map per two-variable CONFIG into #fb-charts, then
 * says so in #fb-status ("drawn N charts"). */
extern const char index_script[];

#endif
