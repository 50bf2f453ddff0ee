/// SQLiteDB layer (see docs/architecture.md).
public enum SQLiteDBModule {}
import CSQLite
