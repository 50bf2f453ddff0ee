import Foundation

/// The bundle that carries `en.json` (the English catalog) and `themes.json` (theme tokens).
public let guestCraftResourceBundle: Bundle = Bundle.module
