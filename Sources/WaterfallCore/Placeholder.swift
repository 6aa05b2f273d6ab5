public enum WaterfallCorePlaceholder {}
