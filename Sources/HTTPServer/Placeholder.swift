/// HTTPServer layer (see docs/architecture.md).
public enum HTTPServerModule {}
import CMicroHTTPD
