/// OfflineStore layer (see docs/architecture.md).
public enum OfflineStoreModule {}
