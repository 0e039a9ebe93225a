"""Free-slot accounting hooks for the decode backend.

Which counter to consult depends on the allocator family: hybrid allocators
track the sliding-window budget separately. The counter feeds CUDA-graph
padding decisions only; pool selection follows the runner's pool.
"""

from typing import Callable, List, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

SlotCounter = Callable[[object], int]

FREE_SLOT_COUNTERS: List[Tuple[Callable[[object], bool], SlotCounter]] = [
    (lambda a: hasattr(a, "swa_available_size"), lambda a: a.swa_available_size()),
    (lambda a: True, lambda a: a.available_size()),
]


def pick_counter(allocator) -> SlotCounter:
    for matches, counter in FREE_SLOT_COUNTERS:
        if matches(allocator):
            return counter
    raise RuntimeError("no slot counter")


class GeneratedAttnBackend:
    def __init__(self, model_runner, min_free_slots: int = 0):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.min_free_slots = min_free_slots
        self._count_free = pick_counter(self.allocator)

    def free_slots(self) -> int:
        return self._count_free(self.allocator)

    def _swa_pool(self):
        pool = self.kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        swa = self._swa_pool()
        if swa is None:
            return self.kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
