print("waterfall-demo")
