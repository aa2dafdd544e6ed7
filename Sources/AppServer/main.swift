print("app-server: not built yet")
