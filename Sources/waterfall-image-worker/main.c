/*
 * waterfall-image-worker: the sandboxed image decoder as an executable of its own, for apps whose
 * executable does not hold the worker's code (C, Python, GJS and Vala apps of the installed
 * library). See CWaterfallImageWorker.h.
 */
#include "CWaterfallImageWorker.h"

int main(int argc, char **argv) {
    return wf_image_worker_main(argc, argv);
}
