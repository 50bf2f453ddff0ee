/// HTTPClient layer (see docs/architecture.md).
public enum HTTPClientModule {}
import CCurl
