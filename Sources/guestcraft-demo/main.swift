print("guestcraft-demo: not built yet")
