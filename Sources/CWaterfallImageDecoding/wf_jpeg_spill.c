#define _GNU_SOURCE
#include "wf_jpeg_spill.h"
#include "CWaterfallImageDecoding.h"
#include <fcntl.h>
#include <jerror.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* Arrays at least this large go to a file. */
#define WF_SPILL_MINIMUM ((size_t)32 << 20)
/* Resident coefficient bytes allowed before the mapped pages are released. */
#define WF_SPILL_RESIDENT ((size_t)16 << 20)

struct wf_spill_array {
    wf_spill_array *next;
    JDIMENSION blocks_per_row, rows;
    size_t bytes;
    int file;
    JBLOCK *blocks;     /* the mapping */
    JBLOCKROW *row_of;  /* a pointer to every row of the mapping */
};

/* The wf_spill that owns a decompressor: the client_data of the wf_jpeg decoder. */
static wf_spill *spill_of(j_common_ptr cinfo) {
    return (wf_spill *)cinfo->client_data;
}

static int is_spilled(wf_spill *spill, jvirt_barray_ptr pointer) {
    for (wf_spill_array *array = spill->arrays; array; array = array->next) {
        if ((void *)array == (void *)pointer) return 1;
    }
    return 0;
}

static int open_temporary(size_t bytes) {
    const char *candidates[] = {getenv("TMPDIR"), "/var/tmp", "/tmp"};
    for (size_t i = 0; i < sizeof candidates / sizeof *candidates; i++) {
        if (!candidates[i] || !*candidates[i]) continue;
        int file = open(candidates[i], O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
        if (file < 0) continue;
        if (ftruncate(file, (off_t)bytes) == 0) return file;
        close(file);
    }
    /* No writable temporary directory (the sandboxed image worker may open no file): a memfd
     * keeps the same shared-mapping semantics, in memory. */
    int memory = memfd_create("waterfall-jpeg-spill", MFD_CLOEXEC);
    if (memory >= 0 && ftruncate(memory, (off_t)bytes) == 0) return memory;
    if (memory >= 0) close(memory);
    return -1;
}

static jvirt_barray_ptr request_block_array(j_common_ptr cinfo, int pool, boolean pre_zero, JDIMENSION blocks_per_row,
                                            JDIMENSION rows, JDIMENSION max_access) {
    wf_spill *spill = spill_of(cinfo);
    size_t bytes = (size_t)blocks_per_row * rows * sizeof(JBLOCK);
    if (bytes >= WF_SPILL_MINIMUM && pool == JPOOL_IMAGE) {
        wf_spill_array *array = calloc(1, sizeof *array);
        if (array) {
            array->blocks_per_row = blocks_per_row;
            array->rows = rows;
            array->bytes = bytes;
            array->file = -1;
            array->next = spill->arrays;
            spill->arrays = array;
            return (jvirt_barray_ptr)(void *)array;
        }
    }
    return spill->request_block_array(cinfo, pool, pre_zero, blocks_per_row, rows, max_access);
}

static size_t spill_limit = SIZE_MAX;

void wf_jpeg_set_spill_limit(size_t bytes) {
    spill_limit = bytes;
}

static void realize_arrays(j_common_ptr cinfo) {
    wf_spill *spill = spill_of(cinfo);
    size_t total = 0;
    for (wf_spill_array *array = spill->arrays; array; array = array->next) {
        total = array->bytes > SIZE_MAX - total ? SIZE_MAX : total + array->bytes;
    }
    if (total > spill_limit) {
        cinfo->err->msg_code = JERR_OUT_OF_MEMORY;
        cinfo->err->msg_parm.i[0] = 98;
        cinfo->err->error_exit(cinfo);
    }
    for (wf_spill_array *array = spill->arrays; array; array = array->next) {
        if (array->blocks) continue;
        array->file = open_temporary(array->bytes);
        void *mapping = array->file >= 0
            ? mmap(NULL, array->bytes, PROT_READ | PROT_WRITE, MAP_SHARED, array->file, 0) : MAP_FAILED;
        array->row_of = malloc(array->rows * sizeof(JBLOCKROW));
        if (mapping == MAP_FAILED || !array->row_of) {
            if (mapping != MAP_FAILED) munmap(mapping, array->bytes);
            cinfo->err->msg_code = JERR_OUT_OF_MEMORY;
            cinfo->err->msg_parm.i[0] = 99;
            cinfo->err->error_exit(cinfo);
        }
        array->blocks = mapping;
        for (JDIMENSION row = 0; row < array->rows; row++) {
            array->row_of[row] = array->blocks + (size_t)row * array->blocks_per_row;
        }
    }
    spill->realize_arrays(cinfo);
}

/* Drops the mapped pages from the process: the data stays in the file (a shared mapping), so a
 * later access reads it back. */
static void release_resident(wf_spill *spill) {
    for (wf_spill_array *array = spill->arrays; array; array = array->next) {
        if (array->blocks) madvise(array->blocks, array->bytes, MADV_DONTNEED);
    }
    spill->touched = 0;
}

static JBLOCKARRAY access_block_array(j_common_ptr cinfo, jvirt_barray_ptr pointer, JDIMENSION start, JDIMENSION count,
                                      boolean writable) {
    wf_spill *spill = spill_of(cinfo);
    if (!is_spilled(spill, pointer)) return spill->access_block_array(cinfo, pointer, start, count, writable);
    wf_spill_array *array = (wf_spill_array *)(void *)pointer;
    if (start + count > array->rows || !array->blocks) {
        cinfo->err->msg_code = JERR_BAD_VIRTUAL_ACCESS;
        cinfo->err->error_exit(cinfo);
    }
    /* Pointers from earlier calls stay valid: released pages fault back in from the file. */
    if (spill->touched > WF_SPILL_RESIDENT) release_resident(spill);
    spill->touched += (size_t)count * array->blocks_per_row * sizeof(JBLOCK);
    return array->row_of + start;
}

void wf_spill_install(wf_spill *spill, j_common_ptr cinfo) {
    memset(spill, 0, sizeof *spill);
    spill->manager = cinfo->mem;
    spill->request_block_array = cinfo->mem->request_virt_barray;
    spill->realize_arrays = cinfo->mem->realize_virt_arrays;
    spill->access_block_array = cinfo->mem->access_virt_barray;
    cinfo->client_data = spill;
    cinfo->mem->request_virt_barray = request_block_array;
    cinfo->mem->realize_virt_arrays = realize_arrays;
    cinfo->mem->access_virt_barray = access_block_array;
}

void wf_spill_release(wf_spill *spill) {
    while (spill->arrays) {
        wf_spill_array *array = spill->arrays;
        spill->arrays = array->next;
        if (array->blocks) munmap(array->blocks, array->bytes);
        if (array->file >= 0) close(array->file);
        free(array->row_of);
        free(array);
    }
}
