#ifndef CWATERFALLHARNESS_H
#define CWATERFALLHARNESS_H
/* Umbrella header of the benchmark harness's C: what the measuring modes and benchmarks need
 * and the product does not (waterfall-harness, waterfall-gtk-bench). */
#include "wf_list_model.h"
#endif
