/// InstanceClient layer (see docs/architecture.md).
public enum InstanceClientModule {}
