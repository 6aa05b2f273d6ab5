#ifndef WF_JPEG_SPILL_H
#define WF_JPEG_SPILL_H
/*
 * Whole-image coefficient arrays (what a progressive JPEG needs until its last scan) backed by an
 * unlinked temporary file instead of memory: installed into a decompressor's memory manager,
 * large block arrays are mapped from the file and the pages walked so far are released from the
 * process every few megabytes, so a 16000x12000 progressive JPEG (~580 MB of coefficients)
 * decodes in a few tens of megabytes of resident memory. Small arrays stay in memory.
 */
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>

typedef struct wf_spill_array wf_spill_array;

typedef struct wf_spill {
    struct jpeg_memory_mgr *manager;
    /* The memory manager's own methods, used for everything not spilled. */
    jvirt_barray_ptr (*request_block_array)(j_common_ptr, int, boolean, JDIMENSION, JDIMENSION, JDIMENSION);
    void (*realize_arrays)(j_common_ptr);
    JBLOCKARRAY (*access_block_array)(j_common_ptr, jvirt_barray_ptr, JDIMENSION, JDIMENSION, boolean);
    wf_spill_array *arrays;
    size_t touched; /* bytes handed out since the last release */
} wf_spill;

/* Installs the spilling methods into `cinfo`'s memory manager; `spill` must outlive decoding. */
void wf_spill_install(wf_spill *spill, j_common_ptr cinfo);

/* Unmaps and closes the spilled arrays (after jpeg_destroy_decompress or an error). */
void wf_spill_release(wf_spill *spill);
#endif
