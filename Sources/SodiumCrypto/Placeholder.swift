/// SodiumCrypto layer (see docs/architecture.md).
public enum SodiumCryptoModule {}
import CSodium
