/// DemoInstance layer (see docs/architecture.md).
public enum DemoInstanceModule {}
