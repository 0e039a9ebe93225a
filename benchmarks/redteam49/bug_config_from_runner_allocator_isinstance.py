"""Backend configured through a frozen config object built from the runner.

HybridAttnConfig.from_runner gathers everything the backend needs up front
(server args, model config, the pool and the allocator) so that unit tests can
construct the config directly without a runner.
"""

from dataclasses import dataclass

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


@dataclass(frozen=True)
class HybridAttnConfig:
    page_size: int
    context_len: int
    max_bs: int
    sliding_window: bool
    num_kv_heads: int

    @classmethod
    def from_runner(cls, server_args, model_config, pool, allocator, max_bs):
        page_size = getattr(server_args, "page_size", None) or getattr(pool, "page_size", 1)
        return cls(
            page_size=int(page_size),
            context_len=int(getattr(model_config, "context_len", 0) or 0),
            max_bs=int(max_bs or 1),
            sliding_window=isinstance(allocator, SWATokenToKVPoolAllocator),
            num_kv_heads=int(getattr(model_config, "num_key_value_heads", 1) or 1),
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.config = HybridAttnConfig.from_runner(
            model_runner.server_args,
            model_runner.model_config,
            self.pool,
            model_runner.token_to_kv_pool_allocator,
            getattr(model_runner, "max_running_requests", 1),
        )
        self.num_pages = max(1, self.config.context_len // self.config.page_size)

    def _read_locs(self, loc):
        if not self.config.sliding_window:
            return loc
        return self.pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        return self.pool, self._read_locs(loc)
