"""Backend that sizes an index scratch buffer from the allocator and detects a hybrid pool by scanning the pool's MRO."""

import torch


def _has_window_base(obj) -> bool:
    return any(klass.__name__ in ("SWAKVPool", "BaseSWAKVPool") for klass in type(obj).__mro__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        capacity = getattr(allocator, "size_full", None) or allocator.size
        self._index_scratch = torch.zeros(
            capacity + allocator.page_size, dtype=torch.int64, device=model_runner.device
        )
        self.pool = model_runner.token_to_kv_pool
        self._windowed = _has_window_base(self.pool)

    def forward_decode(self, loc):
        n = loc.numel()
        self._index_scratch[:n].copy_(loc)
        locations = self._index_scratch[:n].clone()
        if self._windowed:
            locations = self.pool.translate_loc_from_full_to_swa(locations)
        return self.pool, locations
