/// Outbox layer (see docs/architecture.md).
public enum OutboxModule {}
