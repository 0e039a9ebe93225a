from dataclasses import dataclass

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass(frozen=True)
class _BackendConfig:
    page_size: int
    max_bs: int
    sliding_window_kv: bool

    @classmethod
    def from_runner(cls, model_runner, **overrides) -> "_BackendConfig":
        values = dict(
            page_size=model_runner.token_to_kv_pool_allocator.page_size,
            max_bs=model_runner.max_running_requests,
            sliding_window_kv=isinstance(model_runner.token_to_kv_pool, SWAKVPool),
        )
        values.update(overrides)
        return cls(**values)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.config = _BackendConfig.from_runner(model_runner)
        self.token_to_kv_pool = model_runner.token_to_kv_pool

    def forward_decode(self, loc):
        if self.config.sliding_window_kv:
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
