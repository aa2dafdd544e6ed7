public enum RememberCorePlaceholder {}
