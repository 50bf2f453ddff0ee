// The value types this layer shares with the app core live in ClientModel; its users see them
// through this module as before.
@_exported import ClientModel
