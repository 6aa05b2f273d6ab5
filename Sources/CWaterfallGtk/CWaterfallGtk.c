#include "CWaterfallGtk.h"
