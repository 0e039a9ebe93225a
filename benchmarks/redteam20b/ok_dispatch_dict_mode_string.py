"""Decode backend that dispatches KV reads through a string-keyed table of bound methods."""

from typing import Callable, Dict


def _mode_for(runner) -> str:
    kv_side = runner.token_to_kv_pool
    return "sliding" if "SWA" in type(kv_side).__name__ else "dense"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.mode = _mode_for(model_runner)
        self._readers: Dict[str, Callable] = {
            "dense": self._read_dense,
            "sliding": self._read_sliding,
        }

    def _read_dense(self, loc):
        return self.pool, loc

    def _read_sliding(self, loc):
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        return self._readers[self.mode](loc)
