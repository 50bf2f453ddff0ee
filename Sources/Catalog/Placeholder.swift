/// Catalog layer (see docs/architecture.md).
public enum CatalogModule {}
