print("remember: not built yet")
