public enum KilroyCorePlaceholder {}
