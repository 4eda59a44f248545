"""Who keeps Coda's pool: ``mode`` (``PoolMode``, the device pool and the registry loader),
one folder per other mode (``table``, ``entered``). A new mode is its module or folder here
and one line in ``referee/shared/pool_names.py``. Builds on ``referee.shared`` only."""
