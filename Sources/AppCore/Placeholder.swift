/// AppCore layer (see docs/architecture.md).
public enum AppCoreModule {}
