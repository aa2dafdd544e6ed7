print("kilroy: not built yet")
