/* outpath.h: checking, before a run starts, that the --json, --csv and --report
 * outputs written after it can be written at all. */
#ifndef FB_OUTPATH_H
#define FB_OUTPATH_H

/* outfile_check (base/outfile.h): 0 when path can take an output; -1 with errno. */
int outpath_check_file(const char *path);
/* 0 when dir is a writable directory, or can be made (mkdir -p) under one; -1 with
 * errno (ELOOP where dir itself is a symbolic link). */
int outpath_check_dir(const char *dir);

#endif
