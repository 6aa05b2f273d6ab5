#define _GNU_SOURCE
#include "CWaterfallSandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

int wf_memfd_new(const char *name, size_t size) {
    int fd = memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -1;
    if (ftruncate(fd, (off_t)size) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

int wf_memfd_with_bytes(const char *name, const void *bytes, size_t size) {
    int fd = wf_memfd_new(name, 0);
    if (fd < 0) return -1;
    const char *next = bytes;
    size_t left = size;
    while (left > 0) {
        ssize_t written = write(fd, next, left);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) {
            int saved = written < 0 ? errno : EIO;
            close(fd);
            errno = saved;
            return -1;
        }
        next += written;
        left -= (size_t)written;
    }
    if (fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

void *wf_memfd_map_sealed(int fd, size_t size) {
    if (size == 0) {
        errno = EINVAL;
        return NULL;
    }
    if (fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) != 0) return NULL;
    struct stat status;
    if (fstat(fd, &status) != 0) return NULL;
    if (status.st_size < 0 || (uint64_t)status.st_size < (uint64_t)size) {
        errno = EINVAL;
        return NULL;
    }
    void *mapping = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
    return mapping == MAP_FAILED ? NULL : mapping;
}
