"""pygame drawing of the referee's view models, and nothing else."""
