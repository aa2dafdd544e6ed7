public enum KilroyCloudPlaceholder {}
