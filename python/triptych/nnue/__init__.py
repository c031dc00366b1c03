"""NNUE evaluations for AquaIgnis (and later Hexfleet): data, training and the net file (docs/nnue.md).

* :mod:`triptych.nnue.games` -- what each game offers the trainer (its features come from the C++ core).
* :mod:`triptych.nnue.netfile` -- the ``.nnue`` format, quantization and the integer forward pass the engine runs.
* :mod:`triptych.nnue.selfplay` -- positions labelled by a fixed-depth search and the game's result.
* :mod:`triptych.nnue.train` -- the JAX/Optax trainer (the ``train`` extra), imported only when training.
"""
