/// GuestCraftAPI layer (see docs/architecture.md).
public enum GuestCraftAPIModule {}
