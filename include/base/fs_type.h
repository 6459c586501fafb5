/* fs_type.h: the names of file systems by their statfs f_type, for messages
 * and results trees. */
#ifndef FB_BASE_FS_TYPE_H
#define FB_BASE_FS_TYPE_H

/* The common name of statfs f_type magic ("ext4", "tmpfs"...), or NULL. */
const char *fs_type_name(unsigned long magic);

#endif
