print("buds")
