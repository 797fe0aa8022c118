"""Built-in examples: builder programs (:mod:`.programs`) and a real IREE-compiled program (``mlp/``)."""
