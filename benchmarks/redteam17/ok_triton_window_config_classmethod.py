"""Triton-style backend building a frozen window config in a classmethod from the runner's own pool; allocator class name kept for logs."""

from dataclasses import dataclass
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass(frozen=True)
class TritonWindowConfig:
    swa_pool: Optional[SWAKVPool]
    allocator_kind: str

    @classmethod
    def from_model_runner(cls, model_runner) -> "TritonWindowConfig":
        kv_pool = model_runner.token_to_kv_pool
        allocator_kind = type(model_runner.token_to_kv_pool_allocator).__name__
        return cls(
            swa_pool=kv_pool if isinstance(kv_pool, SWAKVPool) else None,
            allocator_kind=allocator_kind,
        )

    @property
    def enabled(self) -> bool:
        return self.swa_pool is not None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.window_cfg = TritonWindowConfig.from_model_runner(model_runner)

    def forward_decode(self, loc):
        cfg = self.window_cfg
        if cfg.enabled:
            return cfg.swa_pool, cfg.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
