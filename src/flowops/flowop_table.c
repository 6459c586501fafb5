/* flowop_table.c: the hooks that run each flowop type, indexed by its id
 * (model/flowop_type.h); the cli lends this table to the engine. */
#include "flowops/flowop.h"

extern const struct flowop_hooks flowop_read_hooks;
extern const struct flowop_hooks flowop_readwholefile_hooks;
extern const struct flowop_hooks flowop_write_hooks;
extern const struct flowop_hooks flowop_writewholefile_hooks;
extern const struct flowop_hooks flowop_appendfile_hooks;
extern const struct flowop_hooks flowop_appendfilerand_hooks;
extern const struct flowop_hooks flowop_createfile_hooks;
extern const struct flowop_hooks flowop_openfile_hooks;
extern const struct flowop_hooks flowop_closefile_hooks;
extern const struct flowop_hooks flowop_deletefile_hooks;
extern const struct flowop_hooks flowop_statfile_hooks;
extern const struct flowop_hooks flowop_fsync_hooks;
extern const struct flowop_hooks flowop_dropcache_hooks;
extern const struct flowop_hooks flowop_fsyncset_hooks;
extern const struct flowop_hooks flowop_fsyncdir_hooks;
extern const struct flowop_hooks flowop_makedir_hooks;
extern const struct flowop_hooks flowop_removedir_hooks;
extern const struct flowop_hooks flowop_listdir_hooks;
extern const struct flowop_hooks flowop_rename_hooks;
extern const struct flowop_hooks flowop_setattr_hooks;
extern const struct flowop_hooks flowop_access_hooks;
extern const struct flowop_hooks flowop_statmissing_hooks;
extern const struct flowop_hooks flowop_statfs_hooks;
extern const struct flowop_hooks flowop_lock_hooks;
extern const struct flowop_hooks flowop_unlock_hooks;
extern const struct flowop_hooks flowop_readdir_hooks;
extern const struct flowop_hooks flowop_openflags_hooks;
extern const struct flowop_hooks flowop_replay_hooks;
extern const struct flowop_hooks flowop_aiowrite_hooks;
extern const struct flowop_hooks flowop_aiowait_hooks;
extern const struct flowop_hooks flowop_block_hooks;
extern const struct flowop_hooks flowop_wakeup_hooks;
extern const struct flowop_hooks flowop_semblock_hooks;
extern const struct flowop_hooks flowop_sempost_hooks;
extern const struct flowop_hooks flowop_barrier_hooks;
extern const struct flowop_hooks flowop_hog_hooks;
extern const struct flowop_hooks flowop_delay_hooks;
extern const struct flowop_hooks flowop_compute_hooks;
extern const struct flowop_hooks flowop_eventlimit_hooks;
extern const struct flowop_hooks flowop_iopslimit_hooks;
extern const struct flowop_hooks flowop_opslimit_hooks;
extern const struct flowop_hooks flowop_bwlimit_hooks;
extern const struct flowop_hooks flowop_finishoncount_hooks;
extern const struct flowop_hooks flowop_finishonbytes_hooks;
extern const struct flowop_hooks flowop_print_hooks;
extern const struct flowop_hooks flowop_testrandvar_hooks;

const struct flowop_hooks *const flowop_hook_table[FLOWOP_NTYPES] = {
    [FT_READ] = &flowop_read_hooks,
    [FT_READWHOLEFILE] = &flowop_readwholefile_hooks,
    [FT_WRITE] = &flowop_write_hooks,
    [FT_WRITEWHOLEFILE] = &flowop_writewholefile_hooks,
    [FT_APPENDFILE] = &flowop_appendfile_hooks,
    [FT_APPENDFILERAND] = &flowop_appendfilerand_hooks,
    [FT_CREATEFILE] = &flowop_createfile_hooks,
    [FT_OPENFILE] = &flowop_openfile_hooks,
    [FT_CLOSEFILE] = &flowop_closefile_hooks,
    [FT_DELETEFILE] = &flowop_deletefile_hooks,
    [FT_STATFILE] = &flowop_statfile_hooks,
    [FT_FSYNC] = &flowop_fsync_hooks,
    [FT_DROPCACHE] = &flowop_dropcache_hooks,
    [FT_FSYNCSET] = &flowop_fsyncset_hooks,
    [FT_FSYNCDIR] = &flowop_fsyncdir_hooks,
    [FT_MAKEDIR] = &flowop_makedir_hooks,
    [FT_REMOVEDIR] = &flowop_removedir_hooks,
    [FT_LISTDIR] = &flowop_listdir_hooks,
    [FT_RENAME] = &flowop_rename_hooks,
    [FT_SETATTR] = &flowop_setattr_hooks,
    [FT_ACCESS] = &flowop_access_hooks,
    [FT_STATMISSING] = &flowop_statmissing_hooks,
    [FT_STATFS] = &flowop_statfs_hooks,
    [FT_LOCK] = &flowop_lock_hooks,
    [FT_UNLOCK] = &flowop_unlock_hooks,
    [FT_READDIR] = &flowop_readdir_hooks,
    [FT_OPENFLAGS] = &flowop_openflags_hooks,
    [FT_REPLAY] = &flowop_replay_hooks,
    [FT_AIOWRITE] = &flowop_aiowrite_hooks,
    [FT_AIOWAIT] = &flowop_aiowait_hooks,
    [FT_BLOCK] = &flowop_block_hooks,
    [FT_WAKEUP] = &flowop_wakeup_hooks,
    [FT_SEMBLOCK] = &flowop_semblock_hooks,
    [FT_SEMPOST] = &flowop_sempost_hooks,
    [FT_BARRIER] = &flowop_barrier_hooks,
    [FT_HOG] = &flowop_hog_hooks,
    [FT_DELAY] = &flowop_delay_hooks,
    [FT_COMPUTE] = &flowop_compute_hooks,
    [FT_EVENTLIMIT] = &flowop_eventlimit_hooks,
    [FT_IOPSLIMIT] = &flowop_iopslimit_hooks,
    [FT_OPSLIMIT] = &flowop_opslimit_hooks,
    [FT_BWLIMIT] = &flowop_bwlimit_hooks,
    [FT_FINISHONCOUNT] = &flowop_finishoncount_hooks,
    [FT_FINISHONBYTES] = &flowop_finishonbytes_hooks,
    [FT_PRINT] = &flowop_print_hooks,
    [FT_TESTRANDVAR] = &flowop_testrandvar_hooks,
};
