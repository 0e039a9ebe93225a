"""Decode backend for a new hybrid model family that classifies its KV layout by scanning class ancestry."""

import torch


class GeneratedAttnBackend:
    _WINDOW_MARKERS = ("SWA", "SlidingWindow")

    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.windowed = self._has_window_ancestry(self.pool)

    @staticmethod
    def _has_window_ancestry(obj) -> bool:
        names = [klass.__name__ for klass in type(obj).__mro__]
        return any(
            name.startswith(marker)
            for name in names
            for marker in GeneratedAttnBackend._WINDOW_MARKERS
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.windowed:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
