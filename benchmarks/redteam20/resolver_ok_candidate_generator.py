"""Backend that picks the first sliding-window pool from a lazily generated list of candidate pools."""

from typing import Iterator, Optional, Tuple

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _draft_flags(model_runner) -> Tuple[bool, bool]:
    return model_runner.is_draft_worker, model_runner.spec_algorithm.is_frozen_kv_mtp()


def _candidates(model_runner) -> Iterator[object]:
    yield model_runner.token_to_kv_pool
    is_draft, frozen_kv = _draft_flags(model_runner)
    if is_draft and not frozen_kv:
        return
    yield model_runner.token_to_kv_pool_allocator.get_kvcache()


def _first_swa(candidates) -> Optional[SWAKVPool]:
    return next((c for c in candidates if isinstance(c, SWAKVPool)), None)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = _first_swa(_candidates(model_runner))

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
