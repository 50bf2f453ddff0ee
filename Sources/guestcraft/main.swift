print("guestcraft: not built yet")
