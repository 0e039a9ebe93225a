"""Decode KV view whose state is an immutable record.

Every transition (``begin_step``, ``set_window``) produces a new
``DecodeViewState`` via ``dataclasses.replace`` so the previous state can be
kept for rollback when a speculative step is rejected. The pool handles in the
state always come from the runner's active KV pool.
"""

import dataclasses
from typing import List, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclasses.dataclass(frozen=True)
class DecodeViewState:
    pool: KVCache
    swa_pool: Optional[SWAKVPool]
    window: bool
    step: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner, history_len: int = 8):
        self.model_runner = model_runner
        self.history_len = history_len
        pool = model_runner.token_to_kv_pool
        swa = pool if isinstance(pool, SWAKVPool) else None
        self.state = DecodeViewState(pool=pool, swa_pool=swa, window=swa is not None)
        self._history: List[DecodeViewState] = []

    def _push(self, new_state: DecodeViewState) -> None:
        self._history.append(self.state)
        del self._history[: -self.history_len]
        self.state = new_state

    def set_window(self, enabled: bool) -> None:
        self._push(
            dataclasses.replace(self.state, window=enabled and self.state.swa_pool is not None)
        )

    def begin_step(self) -> DecodeViewState:
        self._push(dataclasses.replace(self.state, step=self.state.step + 1))
        return self.state

    def rollback(self) -> None:
        if self._history:
            self.state = self._history.pop()

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        st = self.begin_step()
        if st.window:
            return st.swa_pool, st.swa_pool.translate_loc_from_full_to_swa(loc)
        return st.pool, loc
