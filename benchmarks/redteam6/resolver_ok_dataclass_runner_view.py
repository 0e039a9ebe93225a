from dataclasses import dataclass
from typing import Any, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass(frozen=True)
class _RunnerKVView:
    active_pool: Any
    allocator: Any
    is_draft: bool
    frozen_kv: bool

    @classmethod
    def of(cls, model_runner):
        spec = getattr(model_runner, "spec_algorithm", None)
        return cls(
            active_pool=model_runner.token_to_kv_pool,
            allocator=model_runner.token_to_kv_pool_allocator,
            is_draft=bool(getattr(model_runner, "is_draft_worker", False)),
            frozen_kv=bool(
                spec is not None and hasattr(spec, "is_frozen_kv_mtp") and spec.is_frozen_kv_mtp()
            ),
        )

    def swa_kv_pool(self) -> Optional[SWAKVPool]:
        if isinstance(self.active_pool, SWAKVPool):
            return self.active_pool
        if self.is_draft and self.frozen_kv:
            kvcache = self.allocator.get_kvcache()
            if isinstance(kvcache, SWAKVPool):
                return kvcache
        return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        view = _RunnerKVView.of(model_runner)
        self.token_to_kv_pool = view.active_pool
        self._swa_kv_pool = view.swa_kv_pool()

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
