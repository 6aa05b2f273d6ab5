// Filled in by the WaterfallFeed work.
